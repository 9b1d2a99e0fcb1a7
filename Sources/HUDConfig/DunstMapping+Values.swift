import HUDBase
import HUDScene

/// One dunst value read as x11hud's: numbers, colours, times, positions, and the warning when it cannot be.
extension DunstMapping {
    // MARK: values

    mutating func set(_ key: NotificationKey, _ value: ConfigValue, _ v: Value) {
        settings.set(key, value)
        imported.source(key.rawValue, v.place)
    }

    /// A number for `key`, checked by its row's range (one outside it is a warning, the nearest taken).
    mutating func number(_ key: NotificationKey, _ v: Value) {
        guard let n = Self.number(v.text) else { return bad(dunstName(key, v), v) }
        guard case .number(let range, _) = key.setting.type else { return }
        if !range.contains(n) {
            warn(v, dunstName(key, v), "\(Self.text(n)) is outside \(key.setting.type.summary); the nearest taken")
        }
        set(key, .number(min(max(n, range.lowerBound), range.upperBound)), v)
    }

    /// dunst's `padding` or `horizontal_padding`: from inside its frame, x11hud's from the bezel's edge, so the
    /// frame's width more.
    mutating func padding(_ key: NotificationKey, _ v: Value) {
        guard let n = Self.number(v.text), n >= 0 else { return bad(dunstName(key, v), v) }
        if n + frame > 100 { warn(v, dunstName(key, v), "\(Self.text(n + frame)) is more than 100 points; 100 taken") }
        set(key, .number(min(n + frame, 100)), v)
    }

    /// dunst's `icon_position`: left, right or off; `top` (the picture over the text) x11hud does not lay out.
    mutating func iconPosition(_ v: Value) {
        guard let p = HUDStyle.Bubble.IconPosition(rawValue: v.text.lowercased()) else {
            return warn(v, "icon_position", "'\(v.text)': x11hud puts the picture at the left, at the right or nowhere")
        }
        set(.iconPosition, .iconPosition(p), v)
    }

    /// dunst's `highlight`: one colour, or from dunst 1.10 a gradient of several, of which x11hud draws the first.
    mutating func highlight(_ v: Value) -> RGBA? {
        let colours = v.text.split(separator: ",").map { String(INIFile.trimmed($0)) }
        guard colours.count > 1 else { return color("highlight", v) }
        guard let first = try? RGBA(hex: colours[0]) else { return color("highlight", v) }
        warn(v, "highlight", "a gradient x11hud does not draw: its first colour, \(colours[0]), taken")
        return first
    }

    mutating func whole(_ key: NotificationKey, _ v: Value) {
        guard let n = Self.number(v.text), n == n.rounded(), case .whole(let range, _) = key.setting.type else {
            return bad(dunstName(key, v), v)
        }
        set(key, .number(Double(min(max(Int(n), range.lowerBound), range.upperBound))), v)
    }

    mutating func command(_ key: NotificationKey, _ v: Value) {
        guard !v.text.allSatisfy(\.isWhitespace) else { return bad(dunstName(key, v), v) }
        set(key, .command(v.text), v)
    }

    /// dunst's click actions, a list: the first that x11hud has.
    mutating func mouse(_ key: NotificationKey, _ v: Value, _ name: String) {
        let map: [String: NotificationSettings.MouseAction] = [
            "none": .none, "do_action": .doAction, "close_current": .close, "close_all": .closeAll,
        ]
        let actions = v.text.split(separator: ",").map { String(INIFile.trimmed($0)) }
        guard let first = actions.first(where: { map[$0] != nil }) else {
            return warn(v, name, "x11hud's clicks do none, do-action, default-action, close or close-all")
        }
        set(key, .mouseAction(map[first]!), v)
        if actions.count > 1 { warn(v, name, "one action a click in x11hud: \(first) taken") }
    }

    mutating func color(_ key: String, _ v: Value) -> RGBA? {
        guard let c = try? RGBA(hex: v.text) else {
            let bare = v.text.isEmpty && !v.quoted
            warn(v, key, bare ? "no value (an unquoted #colour is a comment to dunst too: write it in quotes)"
                : "'\(v.text)' is not a colour (#RRGGBB or #RRGGBBAA)")
            return nil
        }
        return c
    }

    func dunstName(_ key: NotificationKey, _ v: Value) -> String {
        ["frame-width": "frame_width", "corner-radius": "corner_radius", "gap": "gap_size",
         "icon-size": "max_icon_size", "history-length": "history_length",
         "horizontal-padding": "horizontal_padding"][key.rawValue] ?? key.rawValue
    }

    mutating func bad(_ key: String, _ v: Value) {
        warn(v, key, "'\(v.text)' cannot be read; left out")
    }

    /// A key with no x11hud equivalent: a warning unless its value is what x11hud does anyway.
    mutating func unmapped(_ key: String, _ v: Value) {
        let value = INIFile.boolean(v.text).map { $0 ? "true" : "false" } ?? v.text.lowercased()
        if Self.sameAsX11hud[key]?.contains(value) == true { return }
        warn(v, key, Self.reasons[key] ?? "x11hud has no such setting; left out")
    }

    mutating func warn(_ v: Value, _ key: String, _ reason: String) {
        imported.warn(key, at: v.place, reason)
    }

    // MARK: parsing

    /// A rule's number for look key `key`: not negative, the nearest in its row's range; nil when unreadable.
    static func lookNumber(_ key: NotificationKey, _ text: String) -> ConfigValue? {
        guard let n = number(text), n >= 0, case .number(let range, _) = key.setting.type else { return nil }
        return .number(min(max(n, range.lowerBound), range.upperBound))
    }

    static func number(_ text: String) -> Double? {
        Double(text.trimmingWhitespace()).flatMap { $0.isFinite ? $0 : nil }
    }

    static func text(_ n: Double) -> String { ConfigValue.number(n).description }

    /// `24x40`, `(24, 40)` or `24,40`.
    static func pair(_ text: String) -> (Double, Double)? {
        var t = text.trimmingWhitespace()
        if t.hasPrefix("("), t.hasSuffix(")") { t = String(t.dropFirst().dropLast()) }
        let parts = t.split(whereSeparator: { $0 == "x" || $0 == "," }).map { String($0).trimmingWhitespace() }
        guard parts.count == 2, let a = number(parts[0]), let b = number(parts[1]) else { return nil }
        return (a, b)
    }

    /// A time as dunst writes one: seconds, or a number with `ms`, `s`, `m`, `h` or `d`.
    static func seconds(_ text: String) -> Double? {
        let t = text.trimmingWhitespace().lowercased()
        for (unit, factor) in [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0), ("d", 86400.0)]
        where t.hasSuffix(unit) {
            return number(String(t.dropLast(unit.count))).map { $0 * factor }
        }
        return number(t)
    }

    /// dunst's `origin`.
    static func position(_ text: String) -> Position? {
        let names: [String: Position] = [
            "top-left": .topLeft, "top-center": .top, "top-right": .topRight, "bottom-left": .bottomLeft,
            "bottom-center": .bottom, "bottom-right": .bottomRight, "left-center": .left, "center": .center,
            "right-center": .right,
        ]
        return names[text.trimmingWhitespace().lowercased()]
    }

    /// One axis of a geometry: the distance, and whether from the right (bottom) edge.
    struct Axis: Equatable { var distance: Double; var fromEnd: Bool }

    /// `[W][xH][±X±Y]`, as X11 geometries are written (`300x5-30+20`).
    static func parseGeometry(_ text: String) -> (width: Double?, height: Double?, x: Axis?, y: Axis?)? {
        var rest = Substring(text.trimmingWhitespace())
        func digits() -> Double? {
            let d = rest.prefix { $0.isNumber }
            rest = rest.dropFirst(d.count)
            return d.isEmpty ? nil : Double(d)
        }
        let width = digits()
        var height: Double?
        if rest.first == "x" {
            rest = rest.dropFirst()
            height = digits()
        }
        var axes: [Axis] = []
        while let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let n = digits() else { return nil }
            axes.append(Axis(distance: n, fromEnd: sign == "-"))
        }
        guard rest.isEmpty, axes.count == 0 || axes.count == 2 else { return nil }
        return (width, height, axes.first, axes.last)
    }
}
