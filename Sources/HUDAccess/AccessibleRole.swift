/// The AT-SPI roles x11hud's objects take (`AtspiRole`'s numbers, which go over the bus) and their names.
public enum AccessibleRole: UInt32, Sendable {
    case alert = 2
    case label = 29
    case progressBar = 42
    case pushButton = 43
    case application = 75
    case notification = 101

    /// The name `GetRoleName` answers, as at-spi2-core spells it.
    public var name: String {
        switch self {
        case .alert: return "alert"
        case .label: return "label"
        case .progressBar: return "progress bar"
        case .pushButton: return "push button"
        case .application: return "application"
        case .notification: return "notification"
        }
    }
}

/// The AT-SPI states x11hud sets (`AtspiStateType`'s bit numbers, sent as two 32-bit words).
enum AccessibleState: Int {
    case active = 1
    case enabled = 8
    case focusable = 11
    case modal = 16
    case sensitive = 24
    case showing = 25
    case visible = 30

    /// The `au` of `GetState`: bit n of word n / 32.
    static func words(_ states: [AccessibleState]) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for s in states { words[s.rawValue / 32] |= 1 << UInt32(s.rawValue % 32) }
        return words
    }
}
