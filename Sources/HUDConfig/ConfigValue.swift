import HUDBase
public import HUDScene

/// A checked setting.
public enum ConfigValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case theme(ThemeChoice)
    case color(RGBA)
    case font(FontSpec)
    case number(Double)
    case animation(HUDAnimation)
    case position(Position)
    case offset(Point)
    case monitor(String)
    case pieStyle(DeterminateStyle)
    case spinner(SpinnerStyle)
    case bezelStyle(BezelStyle)
    case notify(NotifyChoice)
    case accessibility(AccessibilityChoice)
    case valueIndicator(NotificationSettings.ValueIndicator)
    case pausedShows(NotificationSettings.PausedShows)
    case popped(NotificationSettings.Popped)
    case iconPosition(HUDStyle.Bubble.IconPosition)
    /// A shell command line.
    case command(String)
    case mouseAction(NotificationSettings.MouseAction)
    /// A list of names (`value-hints`).
    case names([String])

    /// As it would be written in the config file.
    public var description: String {
        switch self {
        case .theme(let v): return quoted(v.rawValue)
        case .color(let v): return quoted(v.description)
        case .font(let v): return quoted(v.description)
        case .number(let v): return v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
        case .animation(let v): return quoted(v.rawValue)
        case .position(let v): return quoted(v.rawValue)
        case .offset(let p): return "[\(ConfigValue.number(p.x)), \(ConfigValue.number(p.y))]"
        case .monitor(let v): return quoted(v)
        case .pieStyle(let v): return quoted(v.rawValue)
        case .spinner(let v): return quoted(v.rawValue)
        case .bezelStyle(let v): return quoted(v.rawValue)
        case .notify(let v): return quoted(v.rawValue)
        case .accessibility(let v): return quoted(v.rawValue)
        case .valueIndicator(let v): return quoted(v.rawValue)
        case .pausedShows(let v): return quoted(v.rawValue)
        case .popped(let v): return quoted(v.rawValue)
        case .iconPosition(let v): return quoted(v.rawValue)
        case .command(let v): return quoted(v)
        case .mouseAction(let v): return quoted(v.rawValue)
        case .names(let v): return "[" + v.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// As help text says it: a name or a number without quotes.
    public var plainText: String {
        let text = description
        return text.hasPrefix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    /// The value inside, whatever its case.
    var payload: Any {
        switch self {
        case .theme(let v): return v
        case .color(let v): return v
        case .font(let v): return v
        case .number(let v): return v
        case .animation(let v): return v
        case .position(let v): return v
        case .offset(let v): return v
        case .monitor(let v): return v
        case .pieStyle(let v): return v
        case .spinner(let v): return v
        case .bezelStyle(let v): return v
        case .notify(let v): return v
        case .accessibility(let v): return v
        case .valueIndicator(let v): return v
        case .pausedShows(let v): return v
        case .popped(let v): return v
        case .iconPosition(let v): return v
        case .command(let v): return v
        case .mouseAction(let v): return v
        case .names(let v): return v
        }
    }

    private func quoted(_ s: String) -> String { Self.quote(s) }

    /// `s` as a TOML string in quotes.
    static func quote(_ s: String) -> String {
        // Every option's help shows its default through here at each start: skip the splitting when there is
        // nothing to escape (almost always).
        guard s.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) else {
            return "\"" + s + "\""
        }
        return "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
