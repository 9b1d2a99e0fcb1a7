/// A notification's urgency, as the specification has it. One type for every place that reads or writes one: the
/// `urgency` hint of a `Notify` call and x11hud's history on the bus carry `rawValue` (a byte: 0, 1, 2); the config
/// file (`[notifications.critical]`, a rule's `urgency`), x11hud's commands and the rule scripts say `word`.
public enum Urgency: UInt8, CaseIterable, Comparable, Hashable, Sendable {
    case low = 0
    case normal = 1
    case critical = 2

    /// The level as the config file and the scripts write it: `low`, `normal` or `critical` (dunst's scripts get it
    /// in capitals, as dunst gives it).
    public var word: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .critical: "critical"
        }
    }

    /// The level `word` names; nil for any other word.
    public init?(word: String) {
        guard let level = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = level
    }

    /// The level a wire value names (the hint may come as any integer type); nil outside 0...2.
    public init?(wire value: Int64) {
        guard let byte = UInt8(exactly: value) else { return nil }
        self.init(rawValue: byte)
    }

    public static func < (a: Urgency, b: Urgency) -> Bool { a.rawValue < b.rawValue }
}
