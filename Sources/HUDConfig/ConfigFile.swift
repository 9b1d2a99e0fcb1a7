import FoundationEssentials
import Glibc
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

    /// The user's file: `$XDG_CONFIG_HOME/x11hud/config.toml`, else `~/.config/x11hud/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        ConfigPaths.user(environment: environment)
    }

    /// Reads the file at `path`; nil when there is none (a missing config file is not an error).
    public static func load(path: String) throws(ConfigError) -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, key: nil, reason: "cannot be read")
        }
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: Array(data))
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        return try ConfigFile(path: path, document: document,
                              ruleLines: ruleLines(String(decoding: data, as: UTF8.self)))
    }

    /// Parses `text` as the contents of `path`.
    public init(path: String, text: String) throws(ConfigError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            throw ConfigError(path: path, line: error.line, key: nil, reason: error.reason)
        }
        try self.init(path: path, document: document, ruleLines: Self.ruleLines(text))
    }

    /// The line of each `[[notifications.rule]]` header, in order: where each rule starts, for messages (the
    /// document keeps lines for top-level keys only).
    static func ruleLines(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let words = line.filter { $0 != " " && $0 != "\t" }
            return words.hasPrefix("[[notifications.rule]]") ? i + 1 : nil
        }
    }

    private init(path: String, document: TOMLDocument, ruleLines: [Int]) throws(ConfigError) {
        self.path = path
        var values: [ConfigKey: ConfigValue] = [:]
        var lines: [ConfigKey: Int] = [:]
        var notifications = NotificationSettings()
        var notificationsLine: Int?
        for entry in document.entries {
            let (name, line) = (entry.key, entry.line)
            if name == "notifications" {
                guard let table = entry.value.table else {
                    throw ConfigError(path: path, line: line, key: name, reason: "expected a table, [notifications]")
                }
                do { notifications = try NotificationSettings(table: table, ruleLines: ruleLines) } catch {
                    throw ConfigError(path: path, line: error.line ?? line, key: name, reason: error.reason)
                }
                notificationsLine = line
                continue
            }
            guard let key = ConfigKey(rawValue: name) else {
                let known = ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigError(path: path, line: line, key: name,
                                  reason: "unknown setting (known: \(known), [notifications])")
            }
            do {
                values[key] = try key.setting.type.check(entry.value)
            } catch {
                throw ConfigError(path: path, line: line, key: name, reason: error.reason)
            }
            lines[key] = line
        }
        self.values = values
        self.lines = lines
        self.notifications = notifications
        self.notificationsLine = notificationsLine
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
