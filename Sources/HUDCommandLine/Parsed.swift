/// What a command line asked for. Help and the version are answers, not errors, so the caller prints them on
/// standard output and exits 0.
public enum Parsed<Root> {
    case command(Root)
    /// `-h`, `--help` (`hidden: false`) or `--help-hidden` (`hidden: true`) where an option may stand.
    case help(CommandInfo, hidden: Bool)
    case version
}
