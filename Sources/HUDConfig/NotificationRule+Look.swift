public import HUDScene

extension NotificationRule {
    /// What a rule sets of the look of the notifications it matches, over their urgency's look: the keys that make
    /// sense for one notification (`keys`), each checked by the row of the setting it is named after. The theme,
    /// the monitor, the scale and the dimmed background stay the server's, as do the value indicator and its hints.
    public struct Look: Equatable, Sendable {
        /// The values set, by key.
        public private(set) var values: [String: ConfigValue] = [:]

        public init() {}

        /// Every look key a rule takes, in the order `--print-config` lists them: top-level keys, `frame-color` and
        /// `progress-color` as the urgency tables take them, and the `[notifications]` table's bubble keys.
        public static let keys = ["bezel-color", "content-color", "frame-color", "progress-color", "font",
                                  "details-font", "button-font", "corner-radius", "margin", "animation", "position",
                                  "offset", "bezel-style", "width", "body-lines", "frame-width", "icon-size",
                                  "icon-position", "padding", "horizontal-padding"]

        /// The top-level keys among them, checked and written into the look as the top level's are.
        static let styleKeys = keys.compactMap(ConfigKey.init(rawValue:))

        /// The row that checks `key`, nil when a rule takes no such look key.
        static func row(_ key: String) -> Setting? {
            guard keys.contains(key) else { return nil }
            if key == "frame-color" || key == "progress-color" { return ConfigKey.bezelColor.setting }
            return ConfigKey(rawValue: key)?.setting ?? NotificationKey(rawValue: key)?.setting
        }

        /// Sets `key` from the file; false when it is no look key. A bad value is an error naming `name.key`.
        mutating func set(_ key: String, _ value: TOMLValue, name: String) throws(InvalidSetting) -> Bool {
            guard let row = Self.row(key) else { return false }
            do { values[key] = try row.type.check(value) } catch {
                throw InvalidSetting(reason: "\(name).\(key): \(error.reason)")
            }
            return true
        }

        /// Sets `key` to a checked value (a program's rule); a key `keys` does not hold is left out.
        public mutating func set(_ key: String, _ value: ConfigValue) {
            if Self.row(key) != nil { values[key] = value }
        }

        public var isEmpty: Bool { values.isEmpty }

        /// What the rule sets, in the order of `keys`.
        public var listed: [(key: String, value: ConfigValue)] {
            Self.keys.compactMap { key in values[key].map { (key, $0) } }
        }

        /// A later rule's keys over this one's.
        public mutating func overlay(_ other: Look) { values.merge(other.values) { $1 } }

        /// Writes what the rule sets into `style`: the bubble's own keys (width, body lines, icon size, padding) only
        /// to a bubble.
        public func apply(to style: inout HUDStyle) {
            for key in Self.styleKeys {
                if let value = values[key.rawValue], let field = key.setting.field { field.write(&style, value) }
            }
            if case .color(let c)? = values["frame-color"] { style.frameColor = c }
            if case .color(let c)? = values["progress-color"] { style.progressColor = c }
            func number(_ key: NotificationKey) -> Double? {
                guard case .number(let n)? = values[key.rawValue] else { return nil }
                return n
            }
            if let points = number(.frameWidth) { style.frameWidth = points }
            if let points = number(.width) { style.bubble?.width = points }
            if let n = number(.bodyLines) { style.bubble?.bodyLines = Int(n) }
            if let points = number(.iconSize) { style.bubble?.iconSize = points }
            if case .iconPosition(let p)? = values[NotificationKey.iconPosition.rawValue] {
                style.bubble?.iconPosition = p
            }
            if let points = number(.padding) {
                // Both sides too, unless the rule sets them: the rule's padding is over the whole look's.
                style.bubble?.padding = points
                if number(.horizontalPadding) == nil { style.bubble?.horizontalPadding = points }
            }
            if let points = number(.horizontalPadding) { style.bubble?.horizontalPadding = points }
        }
    }
}
