import Glibc

/// One `[[notifications.rule]]` of config.toml: which notifications it matches (every key given must match: shell
/// globs for the texts, as dunst's rules), and what it changes of them. Every rule that matches applies, in the
/// order of the files and of the file: a later one's timeout, urgency or look key over an earlier one's, and
/// skip-display or skip-history when any sets it, `osd` as the last that gives it says.
///
/// ```toml
/// [[notifications.rule]]
/// app-name = "Spotify"
/// skip-display = true        # kept in the history only
///
/// [[notifications.rule]]
/// summary = "*battery*"
/// urgency = "critical"
///
/// [[notifications.rule]]
/// app-name = "rsync-backup"
/// osd = true                 # its progress in the centre, not as a bubble with a bar
///
/// [[notifications.rule]]
/// app-name = "mail"
/// bezel-color = "#1A3A6AE6"  # any of `Look.keys`
/// ```
public struct NotificationRule: Equatable, Sendable {
    /// The match keys, each a glob (`fnmatch`): the application's name, the summary, the body, the `category` and
    /// `desktop-entry` hints.
    public enum Field: String, CaseIterable, Sendable {
        case appName = "app-name"
        case summary
        case body
        case category
        case desktopEntry = "desktop-entry"
    }

    public var globs: [Field: String] = [:]
    /// Matches only notifications of this urgency.
    public var matchUrgency: Urgency?
    /// Seconds it stays, over what its sender asked.
    public var timeout: Double?
    /// The urgency it is given (its look, its place in the queue, its expiry).
    public var urgency: Urgency?
    /// Not shown: closed at once (reason 1) and kept in the history.
    public var skipDisplay = false
    /// Not kept in the history.
    public var skipHistory = false
    /// Shown as the centre OSD (true) or as a bubble of the column (false), whatever its hints would make it; nil
    /// leaves it to them (`Notification.isOSD(valueHints:)`).
    public var osd: Bool?
    /// What it sets of the look (colours, fonts, width…), over the urgency's.
    public var look = Look()
    /// A program run for each notification it matches (a path, or a name looked up in PATH): never through a shell,
    /// with the notification's fields as its arguments and in its environment (as dunst passes them: `RuleScriptCall`).
    public var script: String?
    /// The line of the file it starts on, for messages.
    public var line: Int?
    /// What `x11hud notifications rule NAME on|off` and dunstctl's `rule NAME enable|disable` call it.
    public var name: String?
    /// Whether it applies from the start (`enabled = false`: only once turned on).
    public var enabled = true

    public init(globs: [Field: String] = [:], matchUrgency: Urgency? = nil,
                timeout: Double? = nil, urgency: Urgency? = nil, skipDisplay: Bool = false,
                skipHistory: Bool = false, osd: Bool? = nil) {
        self.globs = globs
        self.matchUrgency = matchUrgency
        self.timeout = timeout
        self.urgency = urgency
        self.skipDisplay = skipDisplay
        self.skipHistory = skipHistory
        self.osd = osd
    }

    /// Whether every key it gives matches: `text` gives a field's text (nil: the hint is absent, which no glob
    /// matches), `level` the notification's urgency.
    public func matches(_ text: (Field) -> String?, urgency level: Urgency) -> Bool {
        if let matchUrgency, matchUrgency != level { return false }
        return globs.allSatisfy { field, glob in
            guard let value = text(field) else { return false }
            return fnmatch(glob, value, 0) == 0
        }
    }

    /// What it sets, as config file lines in the order a file would give them (match keys first), for
    /// `--print-config`.
    public var printed: [String] {
        var lines = Field.allCases.compactMap { field in
            globs[field].map { "\(field.rawValue) = \(ConfigValue.quote($0))" }
        }
        func add(_ key: String, _ text: String?) { if let text { lines.append("\(key) = \(text)") } }
        add("match-urgency", matchUrgency.map { ConfigValue.quote($0.word) })
        add("timeout", timeout.map { "\(ConfigValue.number($0))" })
        add("urgency", urgency.map { ConfigValue.quote($0.word) })
        add("skip-display", skipDisplay ? "true" : nil)
        add("skip-history", skipHistory ? "true" : nil)
        add("osd", osd.map { $0 ? "true" : "false" })
        add("script", script.map(ConfigValue.quote))
        add("name", name.map(ConfigValue.quote))
        add("enabled", enabled ? nil : "false")
        return lines + look.listed.map { "\($0.key) = \($0.value)" }
    }

    /// The keys a rule takes besides the match keys.
    static let actionKeys = ["match-urgency", "timeout", "urgency", "skip-display", "skip-history", "osd", "script",
                             "name", "enabled"]

    /// Reads one rule; `name` (`notifications.rule[2]`) names it in messages.
    init(table: [String: TOMLValue], name: String) throws(InvalidSetting) {
        for (key, value) in table {
            func fail(_ expected: String) -> InvalidSetting {
                InvalidSetting(reason: "\(name).\(key): expected \(expected)")
            }
            if let field = Field(rawValue: key) {
                guard let glob = value.string, !glob.isEmpty else { throw fail("a glob in quotes (\"*word*\")") }
                globs[field] = glob
                continue
            }
            switch key {
            case "match-urgency", "urgency":
                guard let level = value.string.flatMap(Urgency.init(word:)) else {
                    throw fail("low, normal or critical, in quotes")
                }
                if key == "urgency" { urgency = level } else { matchUrgency = level }
            case "timeout":
                let row = NotificationKey.timeout.setting
                guard case .number(let seconds)? = try? row.type.check(value) else { throw fail(row.takes) }
                timeout = seconds
            case "script":
                guard let path = value.string, !path.isEmpty else { throw fail("a program's path in quotes") }
                script = path
            case "skip-display", "skip-history":
                guard case .boolean(let on) = value else { throw fail("true or false") }
                if key == "skip-display" { skipDisplay = on } else { skipHistory = on }
            case "osd":
                guard case .boolean(let on) = value else { throw fail("true or false") }
                osd = on
            case "enabled":
                guard case .boolean(let on) = value else { throw fail("true or false") }
                enabled = on
            case "name":
                guard let text = value.string, !text.isEmpty else { throw fail("a name in quotes") }
                self.name = text
            default:
                if try look.set(key, value, name: name) { continue }
                let known = Field.allCases.map(\.rawValue) + Self.actionKeys + Look.keys
                throw InvalidSetting(reason: "\(name).\(key): unknown setting ("
                    + SpellingHint.hint(for: key, among: known) + ")")
            }
        }
        guard !globs.isEmpty || matchUrgency != nil else {
            throw InvalidSetting(reason: "\(name): matches everything; give app-name, summary, body, category, "
                + "desktop-entry or match-urgency")
        }
    }
}
