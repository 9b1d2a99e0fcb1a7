public import HUDScene

/// The `[notifications]` table of config.toml: how `x11hud notifications` shows what it receives. The keys shared
/// with the `notifications` command are named like its options, which override them; the rest of the look (theme,
/// fonts…) comes from the top-level settings as for every HUD, and so does the position unless the table sets one.
///
/// ```toml
/// [notifications]
/// position = "top-right"
/// max-visible = 3
/// value-indicator = "ring"
/// value-hints = ["value", "x-progress"]
/// timeout = 4
/// width = 300
///
/// [notifications.critical]
/// bezel-color = "#8B1A1AE6"
/// ```
public struct NotificationSettings: Equatable, Sendable {
    /// Notifications shown at once; the others wait in order.
    public var maxVisible: Int?
    /// How a value hint (volume, brightness) is drawn.
    public var valueIndicator: ValueIndicator?
    /// The hints whose whole number from 0 to 100 is drawn as a bar (or ring), the first present winning; unset:
    /// `value`, the one the specification and notify-send use.
    public var valueHints: [String]?
    /// Seconds a notification stays when its sender leaves it to the server (`expire_timeout` -1); unset: the
    /// HUD's reading time for its text.
    public var timeout: Double?
    /// The bezel's width in points, the same for every notification (they line up in a column, as dunst's do);
    /// unset: each as wide as its text needs.
    public var width: Double?
    /// Where notifications rest, over the top-level `position` (scripts' HUDs in the centre, notifications in a
    /// corner, as most desktops put them).
    public var position: Position?
    /// The look of each urgency level, over the top-level look (`[notifications.low]`, `.normal`, `.critical`).
    public var urgency: [Urgency: UrgencyStyle] = [:]

    public enum ValueIndicator: String, CaseIterable, Sendable {
        case bar
        case ring
    }

    /// The specification's urgency levels, as the table names them.
    public enum Urgency: String, CaseIterable, Hashable, Sendable {
        case low
        case normal
        case critical
    }

    /// What `[notifications.low]`, `[notifications.normal]` or `[notifications.critical]` sets.
    public struct UrgencyStyle: Equatable, Sendable {
        public var bezelColor: RGBA?
        public var contentColor: RGBA?
        /// Seconds, over `timeout` (critical notifications without it stay until closed).
        public var timeout: Double?

        public init(bezelColor: RGBA? = nil, contentColor: RGBA? = nil, timeout: Double? = nil) {
            self.bezelColor = bezelColor
            self.contentColor = contentColor
            self.timeout = timeout
        }

        mutating func overlay(_ other: UrgencyStyle) {
            bezelColor = other.bezelColor ?? bezelColor
            contentColor = other.contentColor ?? contentColor
            timeout = other.timeout ?? timeout
        }
    }

    public init(maxVisible: Int? = nil, valueIndicator: ValueIndicator? = nil, valueHints: [String]? = nil,
                timeout: Double? = nil, width: Double? = nil, position: Position? = nil,
                urgency: [Urgency: UrgencyStyle] = [:]) {
        self.maxVisible = maxVisible
        self.valueIndicator = valueIndicator
        self.valueHints = valueHints
        self.timeout = timeout
        self.width = width
        self.position = position
        self.urgency = urgency
    }

    public static let maxVisibleRange = 1...50
    public static let timeoutRange = 0.5...3600.0
    public static let widthRange = 100.0...1000.0
    /// Hint names: a few, short, printable (they are matched against what clients send).
    static let maxValueHints = 8

    /// The keys of the table, with what each takes (for messages and the man page).
    public static let keys: [(name: String, takes: String)] = [
        ("max-visible", "a whole number from 1 to 50 (default 5)"),
        ("value-indicator", "\"bar\" or \"ring\" (default \"bar\")"),
        ("value-hints", "a list of 1 to 8 hint names (default [\"value\"])"),
        ("timeout", "seconds from 0.5 to 3600 (default: the HUD's reading time for the text)"),
        ("width", "points from 100 to 1000 (default: as wide as the text needs)"),
        ("position", "one of " + Position.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            + " (default: the top-level position)"),
        ("low, normal, critical", "tables of bezel-color, content-color and timeout"),
    ]

    /// What a later file sets over an earlier one.
    mutating func overlay(_ other: NotificationSettings) {
        maxVisible = other.maxVisible ?? maxVisible
        valueIndicator = other.valueIndicator ?? valueIndicator
        valueHints = other.valueHints ?? valueHints
        timeout = other.timeout ?? timeout
        width = other.width ?? width
        position = other.position ?? position
        for (level, style) in other.urgency { urgency[level, default: UrgencyStyle()].overlay(style) }
    }

    /// Reads the table; an unknown key or a bad value is an error naming it.
    init(table: [String: TOMLValue]) throws(InvalidSetting) {
        func expected(_ key: String, _ i: Int) -> InvalidSetting {
            InvalidSetting(reason: "notifications.\(key): expected \(Self.keys[i].takes)")
        }
        for (key, value) in table {
            switch key {
            case "max-visible":
                guard let n = value.int, Self.maxVisibleRange.contains(Int(n)) else { throw expected(key, 0) }
                maxVisible = Int(n)
            case "value-indicator":
                guard let name = value.string, let choice = ValueIndicator(rawValue: name) else {
                    throw expected(key, 1)
                }
                valueIndicator = choice
            case "value-hints":
                let names = value.array?.compactMap(\.string) ?? []
                guard let count = value.array?.count, count == names.count, (1...Self.maxValueHints).contains(count),
                      names.allSatisfy(Self.isHintName)
                else { throw expected(key, 2) }
                valueHints = names
            case "timeout":
                guard let seconds = Self.seconds(value) else { throw expected(key, 3) }
                timeout = seconds
            case "width":
                guard let points = value.double ?? value.int.map(Double.init), Self.widthRange.contains(points) else {
                    throw expected(key, 4)
                }
                width = points
            case "position":
                guard let name = value.string, let p = Position(rawValue: name) else { throw expected(key, 5) }
                position = p
            default:
                guard let level = Urgency(rawValue: key) else {
                    let known = Self.keys.map(\.name).joined(separator: ", ")
                    throw InvalidSetting(reason: "notifications.\(key): unknown setting (known: \(known))")
                }
                guard let entries = value.table else {
                    throw InvalidSetting(reason: "notifications.\(key): expected a table, [notifications.\(key)]")
                }
                urgency[level] = try Self.urgencyStyle(entries, level: level)
            }
        }
    }

    private static func urgencyStyle(_ table: [String: TOMLValue],
                                     level: Urgency) throws(InvalidSetting) -> UrgencyStyle {
        var style = UrgencyStyle()
        for (key, value) in table {
            let name = "notifications.\(level.rawValue).\(key)"
            switch key {
            case "bezel-color", "content-color":
                guard let text = value.string, let color = try? RGBA(hex: text) else {
                    throw InvalidSetting(reason: "\(name): expected a string, \"#RRGGBB\" or \"#RRGGBBAA\"")
                }
                if key == "bezel-color" { style.bezelColor = color } else { style.contentColor = color }
            case "timeout":
                guard let seconds = Self.seconds(value) else {
                    throw InvalidSetting(reason: "\(name): expected seconds from 0.5 to 3600")
                }
                style.timeout = seconds
            default:
                throw InvalidSetting(reason: "\(name): unknown setting (known: bezel-color, content-color, timeout)")
            }
        }
        return style
    }

    private static func seconds(_ value: TOMLValue) -> Double? {
        guard let s = value.double ?? value.int.map(Double.init), timeoutRange.contains(s) else { return nil }
        return s
    }

    /// A hint name as clients send them: letters, digits, `-`, `_` and `.`, at most 64.
    static func isHintName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || "-_.".unicodeScalars.contains($0)) }
    }
}
