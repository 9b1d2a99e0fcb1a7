/// The `[notifications]` table of config.toml: how `x11hud notifications` shows what it receives. Each key is named
/// like the `notifications` command's option that overrides it; the look (theme, position, fonts…) comes from the
/// top-level settings as for every HUD.
///
/// ```toml
/// [notifications]
/// max-visible = 3
/// value-indicator = "ring"
/// timeout = 4
/// ```
public struct NotificationSettings: Equatable, Sendable {
    /// Notifications shown at once; the others wait in order.
    public var maxVisible: Int?
    /// How the `value` hint (volume, brightness) is drawn.
    public var valueIndicator: ValueIndicator?
    /// Seconds a notification stays when its sender leaves it to the server (`expire_timeout` -1); unset: the
    /// HUD's reading time for its text.
    public var timeout: Double?

    public enum ValueIndicator: String, CaseIterable, Sendable {
        case bar
        case ring
    }

    public init(maxVisible: Int? = nil, valueIndicator: ValueIndicator? = nil, timeout: Double? = nil) {
        self.maxVisible = maxVisible
        self.valueIndicator = valueIndicator
        self.timeout = timeout
    }

    public static let maxVisibleRange = 1...50
    public static let timeoutRange = 0.5...3600.0

    /// The keys of the table, with what each takes (for messages and the man page).
    public static let keys: [(name: String, takes: String)] = [
        ("max-visible", "a whole number from 1 to 50 (default 5)"),
        ("value-indicator", "\"bar\" or \"ring\" (default \"bar\")"),
        ("timeout", "seconds from 0.5 to 3600 (default: the HUD's reading time for the text)"),
    ]

    /// What a later file sets over an earlier one.
    mutating func overlay(_ other: NotificationSettings) {
        maxVisible = other.maxVisible ?? maxVisible
        valueIndicator = other.valueIndicator ?? valueIndicator
        timeout = other.timeout ?? timeout
    }

    /// Reads the table; an unknown key or a bad value is an error naming it.
    init(table: [String: TOMLValue]) throws(InvalidSetting) {
        for (key, value) in table {
            switch key {
            case "max-visible":
                guard let n = value.int, Self.maxVisibleRange.contains(Int(n)) else {
                    throw InvalidSetting(reason: "notifications.max-visible: expected \(Self.keys[0].takes)")
                }
                maxVisible = Int(n)
            case "value-indicator":
                guard let name = value.string, let choice = ValueIndicator(rawValue: name) else {
                    throw InvalidSetting(reason: "notifications.value-indicator: expected \(Self.keys[1].takes)")
                }
                valueIndicator = choice
            case "timeout":
                guard let seconds = value.double ?? value.int.map(Double.init), Self.timeoutRange.contains(seconds)
                else { throw InvalidSetting(reason: "notifications.timeout: expected \(Self.keys[2].takes)") }
                timeout = seconds
            default:
                let known = Self.keys.map(\.name).joined(separator: ", ")
                throw InvalidSetting(reason: "notifications.\(key): unknown setting (known: \(known))")
            }
        }
    }
}
