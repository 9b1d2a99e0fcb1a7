import CommandOptions
import HUDCommandLine

/// One of x11hud's commands: its rows of the command-line table, what it says in `--help`, and what it does.
protocol Command: OptionGroup {
    static var spec: CommandSpec<Self> { get }
    /// What it takes besides options (none unless it says).
    static var operands: Operands<Self> { get }
    func run() throws
}

extension Command {
    static var operands: Operands<Self> { .none }

    /// Its words after `x11hud` (`["notifications", "pause"]`).
    static var words: [String] { Array(spec.path.dropFirst()) }

    /// What `--help` shows for it.
    static var helpInfo: CommandInfo { CommandTree.info(Self.self) }

    /// `arguments` read by its rows.
    static func read(_ arguments: ArraySlice<String>) throws -> CommandTree.Outcome {
        try CommandTree.read(Self.self, arguments)
    }

    /// The command's spec: its rows, its operands, its value with no option given, and its checks.
    static func makeSpec(_ path: [String], abstract: String, discussion: String = "", usage: String? = nil)
        -> CommandSpec<Self> {
        CommandSpec(path: path, abstract: abstract, discussion: discussion, usage: usage, options: rows,
                    operands: operands, blank: { Self() }, validate: { try $0.validate() })
    }
}
