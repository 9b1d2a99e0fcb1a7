/// One option of one command: the one declaration of it. The parser, `--help`, the man page and the completion
/// scripts all read this, so an option cannot be documented one way and parsed another.
///
/// `@unchecked Sendable` so that a command's table can be a `static let`: a row is immutable, and its closures
/// only set the value they are given (a table's closures capture nothing that changes).
public struct OptionRow<Root>: @unchecked Sendable {
    /// Long names without `--`; `names[0]` comes first in help, every one is accepted.
    public let names: [String]
    public let value: OptionValue
    public let help: String
    /// The values it accepts when they are a fixed set: help appends "(values: a, b)", the invalid-value message
    /// lists them, completions offer them. `apply` still decides (an alias may be accepted without being listed).
    public let choices: [String]
    public let completion: Completion
    public let visibility: Visibility
    /// Help section title ("WATCHING"); nil: "OPTIONS".
    public let section: String?
    /// Sets the property as it is when the option is not given. Every row's runs before any is applied, so two
    /// rows on one property (`--pty`, `--no-pty`) do not undo each other.
    public let reset: (inout Root) -> Void
    /// Takes the value; flags get "".
    public let apply: (inout Root, String) throws(ValueError) -> Void
    /// ArgumentParser's "(default: X)" after the help.
    public var defaultValue: String?
    /// The help label instead of the one made from the names ("--pty/--no-pty").
    public var helpLabel: String?
    /// False for a row whose help another row's label carries (`--no-pty`): accepted and completed, no help line.
    public var listedInHelp: Bool

    public init(names: [String], value: OptionValue, help: String, choices: [String] = [],
                completion: Completion = .none, visibility: Visibility = .shown, section: String? = nil,
                reset: @escaping (inout Root) -> Void,
                apply: @escaping (inout Root, String) throws(ValueError) -> Void,
                defaultValue: String? = nil, helpLabel: String? = nil, listedInHelp: Bool = true) {
        self.names = names
        self.value = value
        self.help = help
        self.choices = choices
        self.completion = completion == .none && !choices.isEmpty ? .values(choices) : completion
        self.visibility = visibility
        self.section = section
        self.reset = reset
        self.apply = apply
        self.defaultValue = defaultValue
        self.helpLabel = helpLabel
        self.listedInHelp = listedInHelp
    }

    /// A flag: false unless given.
    public static func flag(_ name: String, help: String, visibility: Visibility = .shown, section: String? = nil,
                            _ set: @escaping (inout Root, Bool) -> Void) -> OptionRow {
        OptionRow(names: [name], value: .flag, help: help, visibility: visibility, section: section,
                  reset: { set(&$0, false) }, apply: { root, _ in set(&root, true) })
    }

    /// `--pty` and `--no-pty` on a Bool?: nil unless one is given, else the last. One help line, "--pty/--no-pty".
    public static func inverted(_ name: String, help: String, section: String? = nil, defaultValue: String? = nil,
                                _ set: @escaping (inout Root, Bool?) -> Void) -> [OptionRow] {
        [
            OptionRow(names: [name], value: .flag, help: help, section: section, reset: { set(&$0, nil) },
                      apply: { root, _ in set(&root, true) }, defaultValue: defaultValue,
                      helpLabel: "--\(name)/--no-\(name)"),
            OptionRow(names: ["no-\(name)"], value: .flag, help: help, section: section, reset: { set(&$0, nil) },
                      apply: { root, _ in set(&root, false) }, listedInHelp: false),
        ]
    }

    /// An option whose value `parse` reads; nil when not given.
    public static func option<T>(_ names: String..., valueName: String, help: String, choices: [String] = [],
                                 completion: Completion = .none, visibility: Visibility = .shown,
                                 section: String? = nil, defaultValue: String? = nil,
                                 parse: @escaping (String) throws(ValueError) -> T,
                                 set: @escaping (inout Root, T?) -> Void) -> OptionRow {
        OptionRow(names: names, value: .value(name: valueName), help: help, choices: choices,
                  completion: completion, visibility: visibility, section: section, reset: { set(&$0, nil) },
                  apply: { root, text throws(ValueError) in set(&root, try parse(text)) }, defaultValue: defaultValue)
    }

    /// An enumeration's option: choices from allCases' raw values, anything else refused.
    public static func choice<T: CaseIterable & RawRepresentable>(
        _ names: String..., valueName: String, help: String, visibility: Visibility = .shown,
        section: String? = nil, defaultValue: String? = nil, set: @escaping (inout Root, T?) -> Void
    ) -> OptionRow where T.RawValue == String {
        OptionRow(names: names, value: .value(name: valueName), help: help,
                  choices: T.allCases.map(\.rawValue), visibility: visibility, section: section,
                  reset: { set(&$0, nil) },
                  apply: { root, text throws(ValueError) in
                      guard let value = T(rawValue: text) else { throw .refused }
                      set(&root, value)
                  }, defaultValue: defaultValue)
    }

    /// A text option, taken as it is.
    public static func text(_ names: String..., valueName: String, help: String, completion: Completion = .none,
                            visibility: Visibility = .shown, section: String? = nil, defaultValue: String? = nil,
                            set: @escaping (inout Root, String?) -> Void) -> OptionRow {
        OptionRow(names: names, value: .value(name: valueName), help: help, completion: completion,
                  visibility: visibility, section: section, reset: { set(&$0, nil) },
                  apply: { root, text in set(&root, text) }, defaultValue: defaultValue)
    }

    /// The same row on a group inside a larger value (ShowCommand.hud: HUDOptions). A closure, not a key path:
    /// key paths cost start-up time.
    public func lifted<Whole>(
        _ group: @escaping (inout Whole, (inout Root) throws(ValueError) -> Void) throws(ValueError) -> Void
    ) -> OptionRow<Whole> {
        let reset = self.reset, apply = self.apply
        return OptionRow<Whole>(
            names: names, value: value, help: help, choices: choices, completion: completion,
            visibility: visibility, section: section,
            reset: { whole in try? group(&whole) { root in reset(&root) } },
            apply: { whole, text throws(ValueError) in
                try group(&whole) { root throws(ValueError) in try apply(&root, text) }
            }, defaultValue: defaultValue, helpLabel: helpLabel, listedInHelp: listedInHelp)
    }

    /// The row's name as ArgumentParser's messages give it: the name typed, and the value's name when the row is
    /// shown (ArgumentParser looks it up among the shown arguments only).
    func synopsis(typed name: String) -> String {
        switch value {
        case .value(let valueName) where visibility == .shown: "--\(name) <\(valueName)>"
        default: "--\(name)"
        }
    }
}

extension Array {
    /// A group's rows held in a larger value, in the group's place: `rows + .group(LookOptions.rows) { … }`.
    public static func group<Root, Group>(
        _ rows: [OptionRow<Group>],
        _ place: @escaping (inout Root, (inout Group) throws(ValueError) -> Void) throws(ValueError) -> Void
    ) -> [OptionRow<Root>] where Element == OptionRow<Root> {
        rows.map { $0.lifted(place) }
    }
}
