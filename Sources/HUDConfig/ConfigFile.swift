import Glibc
import HUDBase
import HUDScene

/// A parsed and checked `config.toml`.
public struct ConfigFile: Sendable {
    public let path: String
    public let values: [ConfigKey: ConfigValue]
    /// The line each key was set on, for messages and `--print-config`.
    public let lines: [ConfigKey: Int]
    /// The `[notifications]` table.
    public let notifications: NotificationSettings
    /// The line of the `[notifications]` table, for `--print-config`.
    public let notificationsLine: Int?
    /// The line of each key below `[notifications]`, by its path under it (`width`, `critical.timeout`).
    public let notificationLines: [String: Int]

    /// The user's file: `$XDG_CONFIG_HOME/x11hud/config.toml`, else `~/.config/x11hud/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        ConfigPaths.user(environment: environment)
    }

    /// What a lenient reading passed over: each key it could not use, with its line (empty for a strict one).
    public let warnings: [ConfigError]

    /// Reads the file at `path`; nil when there is none (a missing config file is not an error). A file that
    /// cannot be read or is not TOML is an error; so is a key that cannot be used, unless `lenient`: then that key
    /// is left out with a warning and the rest applies (a notification server must not stop over a typo).
    public static func load(path: String, lenient: Bool = false) throws(ConfigError) -> ConfigFile? {
        guard FileSystem.exists(path) else { return nil }
        guard let data = FileSystem.bytes(atPath: path) else {
            throw ConfigError(path: path, line: nil, key: nil, reason: "cannot be read")
        }
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: data)
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        return try ConfigFile(path: path, document: document,
                              ruleLines: ruleLines(String(decoding: data, as: UTF8.self)), lenient: lenient)
    }

    /// Parses `text` as the contents of `path`.
    public init(path: String, text: String, lenient: Bool = false) throws(ConfigError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        try self.init(path: path, document: document, ruleLines: Self.ruleLines(text), lenient: lenient)
    }

    /// A file that gave nothing: an unreadable `--config` still stands in the user's file's place.
    public init(path: String) {
        self.path = path
        values = [:]
        lines = [:]
        notifications = NotificationSettings()
        notificationsLine = nil
        notificationLines = [:]
        warnings = []
    }

    /// The line of each `[[notifications.rule]]` header, in order: where each rule starts, for messages.
    static func ruleLines(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let words = line.filter { $0 != " " && $0 != "\t" }
            return words.hasPrefix("[[notifications.rule]]") ? i + 1 : nil
        }
    }

    private init(path: String, document: TOMLDocument, ruleLines: [Int], lenient: Bool) throws(ConfigError) {
        self.path = path
        var values: [ConfigKey: ConfigValue] = [:]
        var lines: [ConfigKey: Int] = [:]
        var notifications = NotificationSettings()
        var notificationsLine: Int?
        var warnings: [ConfigError] = []
        func problem(_ line: Int?, _ key: String?, _ reason: String) throws(ConfigError) {
            let error = ConfigError(path: path, line: line, key: key, reason: reason)
            guard lenient else { throw error }
            warnings.append(error)
        }
        for entry in document.entries {
            let (name, line) = (entry.key, entry.line)
            if name == "notifications" {
                guard let table = entry.value.table else {
                    try problem(line, name, "expected a table, [notifications]")
                    continue
                }
                notificationsLine = line
                // Its messages name the key in full (notifications.rule[2].script).
                try Self.read(table, into: &notifications, lines: document.lines, ruleLines: ruleLines,
                              tableLine: line) { line, reason throws(ConfigError) in
                    try problem(line, nil, reason)
                }
                continue
            }
            guard let key = ConfigKey(rawValue: name) else {
                let hint = SpellingHint.hint(for: name, among: ConfigKey.allCases.map(\.rawValue) + ["notifications"],
                                             known: ConfigKey.allCases.map(\.rawValue) + ["[notifications]"])
                try problem(line, name, "unknown setting (\(hint))")
                continue
            }
            do {
                values[key] = try key.setting.type.check(entry.value)
                lines[key] = line
            } catch {
                try problem(line, name, error.reason)
            }
        }
        self.values = values
        self.lines = lines
        self.notifications = notifications
        self.notificationsLine = notificationsLine
        notificationLines = document.lines.reduce(into: [:]) { found, entry in
            if entry.key.hasPrefix("notifications.") { found[String(entry.key.dropFirst(14))] = entry.value }
        }
        self.warnings = warnings
    }

    /// Reads the `[notifications]` table key by key in the order of the file, so that each problem names the line
    /// it is on, and a lenient reading keeps every key but the bad ones. A rule with a bad key is left out whole:
    /// the rest of it could match notifications it was never meant for.
    private static func read(_ table: [String: TOMLValue], into settings: inout NotificationSettings,
                             lines: [String: Int], ruleLines: [Int], tableLine: Int,
                             problem: (Int?, String) throws(ConfigError) -> Void) throws(ConfigError) {
        func line(_ path: String) -> Int { lines["notifications." + path] ?? tableLine }
        func one(_ part: [String: TOMLValue], at line: Int, ruleLines: [Int] = [], firstRule: Int = 1)
            throws(ConfigError) {
            do {
                settings.overlay(try NotificationSettings(table: part, ruleLines: ruleLines, firstRule: firstRule))
            } catch {
                try problem(culprit(part, firstRule) ?? error.line ?? line, error.reason)
            }
        }
        // The line of the key a rule is refused for: the one without which the rest of it is read.
        func culprit(_ part: [String: TOMLValue], _ number: Int) -> Int? {
            guard case .array(let rules)? = part["rule"], case .table(let rule)? = rules.first else { return nil }
            let key = rule.keys.first { key in
                var rest = rule
                rest[key] = nil
                return (try? NotificationSettings(table: ["rule": .array([.table(rest)])])) != nil
            }
            return key.flatMap { lines["notifications.rule[\(number)].\($0)"] }
        }
        for name in table.keys.sorted(by: { (line($0), $0) < (line($1), $1) }) {
            let value = table[name]!
            if name == "rule", let rules = value.array, rules.allSatisfy({ $0.table != nil }) {
                for (i, rule) in rules.enumerated() {
                    let at = i < ruleLines.count ? ruleLines[i] : line("rule[\(i + 1)]")
                    try one(["rule": .array([rule])], at: at, ruleLines: [at], firstRule: i + 1)
                }
            } else if Urgency(word: name) != nil, let keys = value.table {
                for key in keys.keys.sorted(by: { (line("\(name).\($0)"), $0) < (line("\(name).\($1)"), $1) }) {
                    try one([name: .table([key: keys[key]!])], at: line("\(name).\(key)"))
                }
            } else {
                try one([name: value], at: line(name))
            }
        }
    }
}

/// The config file cannot be used. The message names the file, the line and the key.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var key: String?
    public var reason: String

    public var description: String {
        var where_ = path
        if let line { where_ += ":\(line)" }
        if let key { return "\(where_): '\(key)': \(reason)" }
        return "\(where_): \(reason)"
    }
}
