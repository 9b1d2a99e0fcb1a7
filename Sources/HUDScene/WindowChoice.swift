/// Which application window a HUD goes on (`--over-window`), as MBProgressHUD's `showHUDAddedTo:` takes a view.
public enum WindowChoice: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A window id, as `xdotool`, `xwininfo` and a terminal's `$WINDOWID` give it: the client window, its window
    /// manager's frame, or a window inside the client.
    case id(UInt)
    /// The window the window manager says is active (`_NET_ACTIVE_WINDOW`).
    case active
    /// The top-level window under the pointer.
    case pointer

    /// Reads a decimal id, `0x…` hex, `active` or `pointer`; nil for anything else.
    public init?(_ text: String) {
        let t = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()).lowercased()
        switch t {
        case "active": self = .active
        case "pointer", "mouse": self = .pointer
        default:
            let id = t.hasPrefix("0x") ? UInt(t.dropFirst(2), radix: 16) : UInt(t)
            guard let id, id != 0 else { return nil }
            self = .id(id)
        }
    }

    public var description: String {
        switch self {
        case .id(let id): return WindowChoice.hex(id)
        case .active: return "active"
        case .pointer: return "pointer"
        }
    }

    /// `0x1a00003`, as xwininfo and xdotool print window ids.
    public static func hex(_ id: UInt) -> String { "0x" + String(id, radix: 16) }
}
