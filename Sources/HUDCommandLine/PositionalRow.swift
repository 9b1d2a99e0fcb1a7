/// A positional argument (`notifications pause <on|off|toggle|status>`, `action <id> [<key>]`): like an
/// `OptionRow`, its one declaration feeds the parser, help and completions.
/// `@unchecked Sendable` for the reason `OptionRow` is.
public struct PositionalRow<Root>: @unchecked Sendable {
    /// Shown as `<name>` in help and messages.
    public let name: String
    public let help: String
    /// When not empty, a word outside them is refused before `apply` sees it, and help lists them.
    public let choices: [String]
    public let isOptional: Bool
    public let apply: (inout Root, String) throws(ValueError) -> Void

    public init(name: String, help: String, choices: [String] = [], isOptional: Bool = false,
                apply: @escaping (inout Root, String) throws(ValueError) -> Void) {
        self.name = name
        self.help = help
        self.choices = choices
        self.isOptional = isOptional
        self.apply = apply
    }
}
