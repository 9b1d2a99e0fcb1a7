import HUDBase
public import HUDScene

/// Where an effective setting came from.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
    case builtIn
    /// The colours of the chosen theme.
    case theme(Theme)
    case file(path: String, line: Int?)
    case commandLine

    public var description: String {
        switch self {
        case .builtIn: return "built-in default"
        case .theme(let t): return "theme \(t.rawValue)"
        case .file(let path, let line): return line.map { "\(path):\($0)" } ?? path
        case .commandLine: return "command line"
        }
    }
}

/// The effective settings: built-in defaults, overridden by the config files (the system's, then the user's),
/// overridden by the command line.
public struct Settings: Sendable {
    /// The files' `[notifications]` tables, the later over the earlier.
    public private(set) var notifications = NotificationSettings()
    /// Where each key of `notifications` was set, by its name in the table (`width`, `critical.frame-color`).
    private var notificationSources: [String: SettingSource] = [:]
    /// Where each of `notifications.rules` was set.
    private var ruleSources: [SettingSource] = []
    private var chosen: [ConfigKey: (value: ConfigValue, source: SettingSource)] = [:]
    /// The config files read, lowest layer first.
    public private(set) var files: [String] = []
    /// The files among them with a `[notifications]` table.
    public private(set) var notificationFiles: [String] = []
    /// What `theme = "auto"` stands for: set from the desktop's preference once it is known.
    public var autoTheme: Theme = .dark

    public init(file: ConfigFile? = nil) {
        self.init(files: file.map { [$0] } ?? [])
    }

    /// Layers `files`, lowest first: a later file overrides what an earlier one set.
    public init(files: [ConfigFile]) {
        for file in files {
            for (key, value) in file.values { chosen[key] = (value, .file(path: file.path, line: file.lines[key])) }
            notifications.overlay(file.notifications)
            func source(_ path: String) -> SettingSource {
                .file(path: file.path, line: file.notificationLines[path] ?? file.notificationsLine)
            }
            for key in NotificationKey.allCases where file.notifications.value(key) != nil {
                notificationSources[key.rawValue] = source(key.rawValue)
            }
            ruleSources += file.notifications.rules.map { .file(path: file.path, line: $0.line) }
            for (level, style) in file.notifications.urgency {
                for (key, _) in style.values {
                    notificationSources["\(level.word).\(key)"] = source("\(level.word).\(key)")
                }
            }
        }
        self.files = files.map(\.path)
        notificationFiles = files.filter { $0.notificationsLine != nil }.map(\.path)
    }

    /// Takes another server's configuration (`DunstConfig`) as the `[notifications]` table, over what the files
    /// set, each key's source its line there.
    public mutating func adopt(_ imported: ImportedNotifications) {
        notifications.overlay(imported.settings)
        notificationSources.merge(imported.sources) { $1 }
        ruleSources += imported.ruleSources
        files += imported.files
    }

    /// Sets a value given on the command line.
    public mutating func override(_ key: ConfigKey, with value: ConfigValue) {
        chosen[key] = (value, .commandLine)
    }

    /// Sets a key of the `[notifications]` table given on the command line (`--max-visible`).
    public mutating func override(_ key: NotificationKey, with value: ConfigValue) {
        notifications.set(key, value)
        notificationSources[key.rawValue] = .commandLine
    }

    /// The theme as set (`auto` included).
    public var themeChoice: ThemeChoice {
        if case .theme(let t)? = chosen[.theme]?.value { return t }
        return .dark
    }

    /// Resolves `theme = "auto"` (`--theme auto`) from what the desktop says, asked only then: dark unless it
    /// prefers light (says false); when it says nothing, dark. The one place the choice is made, for every HUD and
    /// the notification server.
    public mutating func resolveAutoTheme(desktopPrefersDark: () -> Bool?) {
        guard themeChoice == .auto else { return }
        autoTheme = desktopPrefersDark() == false ? .light : .dark
    }

    /// The theme in use: `auto` resolved to `autoTheme`.
    public var theme: Theme {
        switch themeChoice {
        case .dark: return .dark
        case .light: return .light
        case .auto: return autoTheme
        }
    }

    /// The value of `key` and where it came from; nil for `scale` when nothing set it (it then follows the screen).
    public func effective(_ key: ConfigKey) -> (value: ConfigValue, source: SettingSource)? {
        if let set = chosen[key] { return set }
        let row = key.setting
        if let field = row.field {
            return (field.read(HUDStyle.theme(theme)), field.fromTheme ? .theme(theme) : .builtIn)
        }
        return row.builtIn.map { ($0, .builtIn) }
    }

    /// The look these settings describe: the theme's, with what the files and the command line set written over it.
    public var style: HUDStyle {
        var style = HUDStyle.theme(theme)
        for key in ConfigKey.allCases {
            if let field = key.setting.field, let value = chosen[key]?.value { field.write(&style, value) }
        }
        return style
    }

    /// The scale factor when one was set; nil means "follow the screen's Xft.dpi".
    public var scale: Double? {
        if case .number(let v)? = chosen[.scale]?.value { return v }
        return nil
    }

    /// The monitor policy or name: `primary`, `pointer`, `focus`, a RandR monitor name or an index.
    public var monitor: String {
        if case .monitor(let m)? = effective(.monitor)?.value { return m }
        return "pointer"
    }

    /// Whether a screen reader may hear the HUDs (`accessibility`).
    public var accessibility: AccessibilityChoice {
        if case .accessibility(let choice)? = effective(.accessibility)?.value { return choice }
        return .auto
    }

    /// When a job's end is sent as a desktop notification (`notify`).
    public var notify: NotifyChoice {
        if case .notify(let choice)? = effective(.notify)?.value { return choice }
        return .auto
    }

    /// Every setting as a config file line with its source, for `--print-config`, under a comment naming the files
    /// read.
    public var printed: String {
        let read = files.isEmpty
            ? "# no config file read"
            : "# read, lowest layer first: " + files.joined(separator: ", ")
        return ([read] + ConfigKey.allCases.map { key in
            guard let (value, source) = effective(key) else {
                return "# \(key.rawValue) = …  # not set: follows the screen (Xft.dpi / 96)"
            }
            let line = "\(key.rawValue) = \(value)"
            return line.padded(to: 44) + "# \(source)"
        } + printedNotifications).joined(separator: "\n")
    }

    /// The `[notifications]` table as the files and the command line layer it, each key with where it came from,
    /// then the urgency tables that set anything.
    private var printedNotifications: [String] {
        var lines = ["", "[notifications]"]
        for key in NotificationKey.allCases {
            let row = key.setting
            if let value = notifications.value(key) {
                let source = notificationSources[key.rawValue] ?? .builtIn
                lines.append("\(key.rawValue) = \(value)".padded(to: 44) + "# \(source)")
            } else if let value = row.builtInValue {
                lines.append("\(key.rawValue) = \(value)".padded(to: 44) + "# \(SettingSource.builtIn)")
            } else {
                lines.append("# \(key.rawValue) = …  # not set: \(row.unset ?? "unset")")
            }
        }
        for level in Urgency.allCases {
            guard let values = notifications.urgency[level]?.values, !values.isEmpty else { continue }
            lines += ["", "[notifications.\(level.word)]"]
            for (key, value) in values {
                let source = notificationSources["\(level.word).\(key)"] ?? .builtIn
                lines.append("\(key) = \(value)".padded(to: 44) + "# \(source)")
            }
        }
        if !notifications.rules.isEmpty {
            lines += ["", "# Every rule that matches a notification applies, in this order: a later one's keys over an "
                + "earlier one's,", "# its look keys over the urgency's."]
        }
        for (i, rule) in notifications.rules.enumerated() {
            let source = i < ruleSources.count ? ruleSources[i] : .builtIn
            lines += ["[[notifications.rule]]".padded(to: 44) + "# \(source)"] + rule.printed
        }
        return lines
    }
}
