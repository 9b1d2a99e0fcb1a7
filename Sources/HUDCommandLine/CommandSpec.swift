/// One command: its help texts and its rows. The command's value is built from `blank`, every row's `reset`, the
/// rows given, then `validate`: the same steps for every command, in ArgumentParser's order.
/// `@unchecked Sendable` for the reason `OptionRow` is: a spec can be a `static let`.
public struct CommandSpec<Root>: @unchecked Sendable {
    /// ["x11hud", "notifications", "pause"].
    public var path: [String]
    public var abstract: String
    public var discussion: String
    /// nil: made from the rows, as ArgumentParser makes it.
    public var usage: String?
    public var options: [OptionRow<Root>]
    public var operands: Operands<Root>
    /// The value before the rows' `reset`s.
    public var blank: () -> Root
    /// The command's own check once every row is read: `UsageError` for a usage problem, or any error of the
    /// caller's (with its own exit status), which the parser passes on unchanged.
    public var validate: (inout Root) throws -> Void

    public init(path: [String], abstract: String = "", discussion: String = "", usage: String? = nil,
                options: [OptionRow<Root>] = [], operands: Operands<Root> = .none,
                blank: @escaping () -> Root, validate: @escaping (inout Root) throws -> Void = { _ in }) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.options = options
        self.operands = operands
        self.blank = blank
        self.validate = validate
    }

    /// The command as help, the man page and completions see it, without subcommands.
    public var info: CommandInfo { info(subcommands: []) }

    /// The command with its subcommands' descriptions; a usage made from the rows then ends in "<subcommand>", as
    /// ArgumentParser's does.
    public func info(subcommands: [CommandInfo]) -> CommandInfo {
        var positionals: [PositionalInfo] = []
        var terminator: PositionalInfo?
        switch operands {
        case .none:
            break
        case .positional(let rows):
            positionals = rows.map { PositionalInfo(name: $0.name, help: $0.help, choices: $0.choices,
                                                    isOptional: $0.isOptional) }
        case .afterTerminator(let name, let help, _):
            terminator = PositionalInfo(name: name, help: help)
        }
        let options = options.map(\.info)
        var usage = usage ?? Self.synopsis(path.joined(separator: " "), options, positionals, terminator)
        if self.usage == nil, !subcommands.isEmpty {
            if usage.last != " " { usage += " " }
            usage += "<subcommand>"
        }
        return CommandInfo(path: path, abstract: abstract, discussion: discussion, usage: usage, options: options,
                           positionals: positionals, terminator: terminator, subcommands: subcommands)
    }

    /// ArgumentParser's synopsis (UsageGenerator): every shown argument, or "<options>" past 12 of them.
    static func synopsis(_ tool: String, _ options: [OptionInfo], _ positionals: [PositionalInfo],
                         _ terminator: PositionalInfo?) -> String {
        let shown = options.filter { $0.visibility == .shown }
        let optionals = shown.map { option in
            "[--\(option.names[0])" + (option.valueName.map { " <\($0)>" } ?? "") + "]"
        }
        var operands = positionals.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        if let terminator { operands.append("-- <\(terminator.name)> ...") }
        switch optionals.count + operands.count {
        case 0: return tool
        case let count where count > 12:
            if !operands.isEmpty, operands.count <= 12 {
                return "\(tool) [<options>] \(operands.joined(separator: " "))"
            }
            return "\(tool) <options>"
        default: return ([tool] + optionals + operands).joined(separator: " ")
        }
    }
}
