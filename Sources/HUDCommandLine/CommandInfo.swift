/// A command as help, the man page (a JSON dump) and completions see it: the table without its closures, so a
/// whole tree of commands of different types can be walked at once.
public struct CommandInfo: Codable, Sendable, Equatable {
    /// ["x11hud", "notifications", "pause"].
    public var path: [String]
    public var abstract: String
    public var discussion: String
    public var usage: String
    public var options: [OptionInfo]
    public var positionals: [PositionalInfo]
    /// What follows `--` (`run`'s command).
    public var terminator: PositionalInfo?
    public var subcommands: [CommandInfo]

    public init(path: [String], abstract: String = "", discussion: String = "", usage: String = "",
                options: [OptionInfo] = [], positionals: [PositionalInfo] = [], terminator: PositionalInfo? = nil,
                subcommands: [CommandInfo] = []) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.options = options
        self.positionals = positionals
        self.terminator = terminator
        self.subcommands = subcommands
    }

    /// The command's own name, the last of its path.
    public var name: String { path.last ?? "" }
}

/// An `OptionRow` without its closures.
public struct OptionInfo: Codable, Sendable, Equatable {
    public var names: [String]
    /// nil for a flag.
    public var valueName: String?
    public var help: String
    public var choices: [String]
    public var completion: Completion
    public var visibility: Visibility
    public var section: String?
    public var defaultValue: String?
    public var helpLabel: String?
    public var listedInHelp: Bool

    public init(names: [String], valueName: String? = nil, help: String, choices: [String] = [],
                completion: Completion = .none, visibility: Visibility = .shown, section: String? = nil,
                defaultValue: String? = nil, helpLabel: String? = nil, listedInHelp: Bool = true) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.completion = completion
        self.visibility = visibility
        self.section = section
        self.defaultValue = defaultValue
        self.helpLabel = helpLabel
        self.listedInHelp = listedInHelp
    }

    /// The help line's label: "--label, --text <label>", "--pulsate", or the row's own.
    public var label: String {
        if let helpLabel { return helpLabel }
        let joined = names.map { "--\($0)" }.joined(separator: ", ")
        return valueName.map { "\(joined) <\($0)>" } ?? joined
    }
}

/// A `PositionalRow` (or what follows `--`) without its closure.
public struct PositionalInfo: Codable, Sendable, Equatable {
    public var name: String
    public var help: String
    public var choices: [String]
    public var isOptional: Bool

    public init(name: String, help: String, choices: [String] = [], isOptional: Bool = false) {
        self.name = name
        self.help = help
        self.choices = choices
        self.isOptional = isOptional
    }
}

extension OptionRow {
    public var info: OptionInfo {
        var valueName: String?
        if case .value(let name) = value { valueName = name }
        return OptionInfo(names: names, valueName: valueName, help: help, choices: choices, completion: completion,
                          visibility: visibility, section: section, defaultValue: defaultValue,
                          helpLabel: helpLabel, listedInHelp: listedInHelp)
    }
}
