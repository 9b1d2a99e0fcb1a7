/// Which monitor the HUD appears on.
public enum MonitorChoice: Hashable, Sendable, CustomStringConvertible {
    /// The monitor under the pointer, as notification daemons do.
    case pointer
    /// RandR's primary monitor.
    case primary
    /// The monitor that holds most of the focused window.
    case focus
    /// A RandR monitor by name, such as `DP-1`.
    case named(String)
    /// A monitor by its place in RandR's list, from 0.
    case index(Int)

    /// Reads `pointer`, `primary`, `focus`, a number or a name.
    public init(_ text: String) {
        switch text.lowercased() {
        case "pointer", "mouse": self = .pointer
        case "primary": self = .primary
        case "focus", "focused": self = .focus
        default: self = Int(text).map { .index($0) } ?? .named(text)
        }
    }

    public var description: String {
        switch self {
        case .pointer: return "pointer"
        case .primary: return "primary"
        case .focus: return "focus"
        case .named(let n): return n
        case .index(let i): return String(i)
        }
    }
}
