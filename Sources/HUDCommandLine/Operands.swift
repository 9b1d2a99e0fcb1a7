/// What a command takes besides options.
/// `@unchecked Sendable` for the reason `OptionRow` is.
public enum Operands<Root>: @unchecked Sendable {
    case none
    /// Words in order (`notifications pause <on|off|toggle|status>`); words starting with `-` are options, not
    /// operands, until `--`.
    case positional([PositionalRow<Root>])
    /// Everything after `--` (`run`'s command). Given `[]` when there is no `--`: the command's `validate` says
    /// what it wants instead, in its own words.
    case afterTerminator(name: String, help: String, set: (inout Root, [String]) -> Void)
}
