import HUDBase
import HUDScene

/// dunst's keys onto x11hud's `[notifications]` table: `[global]`, `[urgency_low|normal|critical]` (and the old
/// `[frame]`), and every other section a rule. A key x11hud has no way to show is a warning (`ImportedNotifications`),
/// unless its value is what x11hud does anyway (`sameAsX11hud`).
struct DunstMapping {
    typealias Section = DunstConfig.Section
    typealias Value = DunstConfig.Value

    var imported: ImportedNotifications
    var settings: NotificationSettings {
        get { imported.settings }
        set { imported.settings = newValue }
    }

    /// dunst's `frame_width`: its `width` is inside the frame, x11hud's is the bezel's with the frame in it.
    private var frame = 0.0

    init(imported: ImportedNotifications) { self.imported = imported }

    /// The values of keys x11hud has no key for that are what x11hud does anyway, said without a warning (booleans
    /// as `true`/`false`).
    static let sameAsX11hud: [String: Set<String>] = [
        "indicate_hidden": ["true"], "markup": ["full"], "alignment": ["left"], "vertical_alignment": ["center"],
        "show_age_threshold": ["-1"], "stack_duplicates": ["true"], "hide_duplicate_count": ["false"],
        "show_indicators": ["true"], "sort": ["true"], "idle_threshold": ["0"],
        "transparency": ["0"], "scale": ["0"], "always_run_script": ["true"], "progress_bar": ["true"],
        "monitor": ["0"], "follow": ["none"], "ignore_newline": ["false"], "line_height": ["0"],
        "ignore_dbusclose": ["false"], "force_xwayland": ["false"], "force_xinerama": ["false"],
        "enable_recursive_icon_lookup": ["true"], "title": ["dunst"], "class": ["dunst"], "layer": ["overlay"],
        "ellipsize": ["end"], "word_wrap": ["true"], "enable_posix_regex": ["false"], "fullscreen": ["show"],
        "min_icon_size": ["0", "32"], "icon_corner_radius": ["0"], "text_icon_padding": ["0"],
    ]

    /// Why a key x11hud has no equivalent for is not mapped, for the warning (the rest: "x11hud has no such key").
    static let reasons: [String: String] = [
        "height": "a bubble is as tall as its text (body-lines caps it)",
        "separator_height": "bubbles stand apart (gap), without separators",
        "separator_color": "bubbles stand apart (gap), without separators",
        "alignment": "text starts at the leading edge",
        "progress_bar_height": "the progress bar's size is x11hud's own",
        "progress_bar_min_width": "the progress bar's size is x11hud's own",
        "progress_bar_max_width": "the progress bar's size is x11hud's own",
        "progress_bar_frame_width": "the progress bar's size is x11hud's own",
        "scale": "the top-level 'scale' key of config.toml sets it (else Xft.dpi)",
        "monitor": "the top-level 'monitor' key of config.toml sets it",
        "follow": "the top-level 'monitor' key of config.toml sets it (\"pointer\", \"focus\")",
        "transparency": "give the colours an alpha, #RRGGBBAA",
        "icon_theme": "icons come from the desktop's theme (gsettings, GTK's settings.ini)",
        "min_icon_size": "a small icon is shown 32 points a side",
    ]

    /// The sections that are not rules.
    static let special: Set<String> = ["global", "urgency_low", "urgency_normal", "urgency_critical", "frame",
                                       "experimental", "shortcuts"]

    mutating func map(_ sections: [Section]) {
        let global = sections.first { $0.name == "global" } ?? Section(name: "global", place: ("", 0))
        mapGlobal(global)
        if let frame = sections.first(where: { $0.name == "frame" }) { mapFrame(frame) }
        for level in Urgency.allCases {
            if let section = sections.first(where: { $0.name == "urgency_" + level.word }) {
                mapUrgency(section, level)
            }
        }
        for section in sections where !Self.special.contains(section.name) { mapRule(section) }
        for section in sections where ["experimental", "shortcuts"].contains(section.name) {
            for key in section.keys { unmapped(key, section[key]!) }
        }
    }

    // MARK: [global]

    private mutating func mapGlobal(_ s: Section) {
        let gap = s["gap_size"].flatMap { Self.number($0.text) } ?? 0
        frame = s["frame_width"].flatMap { Self.number($0.text) } ?? 0
        for key in s.keys {
            let v = s[key]!
            switch key {
            case "width": width(v)
            case "origin":
                if let p = Self.position(v.text) { set(.position, .position(p), v) } else { bad(key, v) }
            case "offset":
                if let (x, y) = Self.pair(v.text) { set(.offset, .offset(Point(x: x, y: y)), v) } else { bad(key, v) }
            case "geometry": geometry(v)
            case "notification_limit":
                guard let n = Self.number(v.text), n >= 0 else { bad(key, v); continue }
                set(.maxVisible, .number(n == 0 ? 50 : min(50, max(1, n.rounded()))), v)
            case "font": break // with the format, below
            case "frame_width": number(.frameWidth, v)
            case "corner_radius": number(.cornerRadius, v)
            case "gap_size": number(.gap, v)
            case "padding": padding(.padding, v)
            case "horizontal_padding": padding(.horizontalPadding, v)
            case "highlight":
                guard let c = highlight(v) else { continue }
                for level in Urgency.allCases where settings.urgency[level]?.progressColor == nil {
                    settings.urgency[level, default: .init()].progressColor = c
                    imported.source("\(level.word).progress-color", v.place)
                }
            case "separator_height", "separator_color":
                if gap <= 0 { unmapped(key, v) }
            case "frame_color":
                guard let c = color(key, v) else { continue }
                for level in Urgency.allCases where settings.urgency[level]?.frameColor == nil {
                    settings.urgency[level, default: .init()].frameColor = c
                    imported.source("\(level.word).frame-color", v.place)
                }
            case "format": format(v, shown: true)
            case "icon_position": iconPosition(v)
            case "max_icon_size":
                guard let n = Self.number(v.text), n > 0 else { unmapped(key, v); continue }
                number(.iconSize, v)
            case "browser": command(.browser, v)
            case "dmenu": command(.dmenu, v)
            case "history_length": whole(.historyLength, v)
            case "sticky_history":
                guard let on = INIFile.boolean(v.text) else { bad(key, v); continue }
                set(.popped, .popped(on ? .stay : .expire), v)
            case "mouse_left_click": mouse(.mouseLeft, v, key)
            case "mouse_middle_click": mouse(.mouseMiddle, v, key)
            case "mouse_right_click": mouse(.mouseRight, v, key)
            default: unmapped(key, v)
            }
        }
        // dunst's one font is the body's; the summary takes it bold where the format makes it bold (its default).
        if let v = s["font"] {
            let bold = s["format"].map { Self.boldSummary($0.text) } ?? true
            do {
                let text = Self.pixelSized(v.text)
                let body = try FontSpec(text)
                let summary = bold ? try FontSpec(Self.bolded(text)) : body
                set(.detailsFont, .font(body), v)
                set(.font, .font(summary), v)
            } catch {
                bad("font", v)
            }
        }
    }

    /// dunst's `width`: a number, or `(min, max)` for a width that follows the text, which x11hud's column of one
    /// width for all takes as its largest. dunst draws the frame outside it (dunst 1.9.0 to 1.9.2 one frame width
    /// wider still, its bug 1241), so x11hud's bezel is that much wider.
    private mutating func width(_ v: Value) {
        let range = 100.0...1000.0
        var points: Double
        if let n = Self.number(v.text) {
            points = n
        } else if let (low, high) = Self.pair(v.text) {
            points = high
            if low != high { warn(v, "width", "a width between \(Self.text(low)) and \(Self.text(high)) following the "
                + "text: x11hud's bubbles are one width, \(Self.text(min(max(high, 100), 1000))) taken") }
        } else {
            return bad("width", v)
        }
        if !range.contains(points) {
            let nearest = min(max(points, range.lowerBound), range.upperBound)
            if Self.number(v.text) != nil {
                warn(v, "width", "\(Self.text(points)) is outside 100…1000 points; \(Self.text(nearest)) taken")
            }
            points = nearest
        }
        set(.width, .number(min(points + 2 * frame, range.upperBound)), v)
    }

    /// dunst's old `geometry = "WxH±X±Y"`: the width, and the corner and offset the signs give.
    private mutating func geometry(_ v: Value) {
        guard let g = Self.parseGeometry(v.text) else { return bad("geometry", v) }
        if let w = g.width, w > 0 {
            set(.width, .number(min(max(w, 100) + 2 * frame, 1000)), v)
        } else if g.width != nil {
            warn(v, "geometry", "a width of 0 (the screen's) cannot be given; the width is x11hud's")
        }
        if g.height != nil { warn(v, "geometry", "the height in lines is x11hud's body-lines (5)") }
        if let x = g.x, let y = g.y {
            let pos: Position = switch (x.fromEnd, y.fromEnd) {
            case (false, false): .topLeft
            case (true, false): .topRight
            case (false, true): .bottomLeft
            case (true, true): .bottomRight
            }
            set(.position, .position(pos), v)
            set(.offset, .offset(Point(x: x.distance, y: y.distance)), v)
        }
    }

    // MARK: [urgency_*] and [frame]

    private mutating func mapUrgency(_ s: Section, _ level: Urgency) {
        var style = settings.urgency[level] ?? .init()
        for key in s.keys {
            let v = s[key]!
            let name = "\(level.word).\(key)"
            switch key {
            case "background":
                guard let c = color(key, v) else { continue }
                style.bezelColor = c
                imported.source("\(level.word).bezel-color", v.place)
            case "foreground":
                guard let c = color(key, v) else { continue }
                style.contentColor = c
                imported.source("\(level.word).content-color", v.place)
            case "frame_color":
                guard let c = color(key, v) else { continue }
                style.frameColor = c
                imported.source("\(level.word).frame-color", v.place)
            case "highlight":
                guard let c = highlight(v) else { continue }
                style.progressColor = c
                imported.source("\(level.word).progress-color", v.place)
            case "timeout":
                guard let seconds = Self.seconds(v.text) else { bad(key, v); continue }
                if seconds == 0 {
                    // A critical one stays until closed in x11hud too; a low or normal one cannot.
                    if level != .critical {
                        warn(v, key, "0 (never expire) only critical notifications can do in x11hud; \(level.word) "
                            + "ones take the time to read them")
                    }
                    continue
                }
                style.timeout = min(max(seconds, 0.5), 3600)
                imported.source("\(level.word).timeout", v.place)
            case "format": format(v, shown: true)
            default:
                _ = name
                unmapped(key, v)
            }
        }
        settings.urgency[level] = style
    }

    private mutating func mapFrame(_ s: Section) {
        for key in s.keys {
            let v = s[key]!
            switch key {
            case "width": number(.frameWidth, v)
            case "color":
                guard let c = color(key, v) else { continue }
                for level in Urgency.allCases where settings.urgency[level]?.frameColor == nil {
                    settings.urgency[level, default: .init()].frameColor = c
                    imported.source("\(level.word).frame-color", v.place)
                }
            default: unmapped(key, v)
            }
        }
    }

    // MARK: rules

    /// A rule section: its matches and its actions. A match x11hud cannot test leaves the rule out (without it the
    /// rule would act on notifications it was never meant for).
    private mutating func mapRule(_ s: Section) {
        var rule = NotificationRule()
        rule.name = s.name
        rule.line = s.place.line
        let fields: [String: NotificationRule.Field] = [
            "appname": .appName, "summary": .summary, "body": .body, "category": .category,
            "desktop_entry": .desktopEntry,
        ]
        for key in s.keys {
            let v = s[key]!
            if let field = fields[key] {
                if !v.text.isEmpty { rule.globs[field] = v.text }
                continue
            }
            switch key {
            case "msg_urgency", "urgency":
                guard let level = Urgency(word: v.text.lowercased()) else { bad(key, v); continue }
                if key == "urgency" { rule.urgency = level } else { rule.matchUrgency = level }
            case "timeout":
                guard let seconds = Self.seconds(v.text) else { bad(key, v); continue }
                guard seconds > 0 else {
                    warn(v, key, "0 (never expire) in a rule: x11hud's rules give a time of 0.5 to 3600 s; left out")
                    continue
                }
                rule.timeout = min(max(seconds, 0.5), 3600)
            case "background", "foreground", "frame_color":
                guard let c = color(key, v) else { continue }
                let look = ["background": "bezel-color", "foreground": "content-color"][key] ?? "frame-color"
                rule.look.set(look, .color(c))
            case "highlight":
                if let c = highlight(v) { rule.look.set("progress-color", .color(c)) }
            case "icon_position":
                guard let p = HUDStyle.Bubble.IconPosition(rawValue: v.text.lowercased()) else { bad(key, v); continue }
                rule.look.set(NotificationKey.iconPosition.rawValue, .iconPosition(p))
            case "padding", "horizontal_padding":
                guard let n = Self.number(v.text), n >= 0 else { bad(key, v); continue }
                rule.look.set(key == "padding" ? "padding" : "horizontal-padding", .number(min(n + frame, 100)))
            case "frame_width", "corner_radius", "max_icon_size":
                let look = ["frame_width": NotificationKey.frameWidth, "corner_radius": .cornerRadius,
                            "max_icon_size": .iconSize][key]!
                guard let n = Self.lookNumber(look, v.text) else { bad(key, v); continue }
                rule.look.set(look.rawValue, n)
            case "format":
                if v.text.isEmpty { rule.skipDisplay = true } else { format(v, shown: true) }
            case "skip_display", "history_ignore":
                guard let on = INIFile.boolean(v.text) else { bad(key, v); continue }
                if key == "skip_display" { rule.skipDisplay = on } else { rule.skipHistory = on }
            case "script": rule.script = v.text
            case "icon", "stack_tag", "match_transient", "match_dbus_timeout":
                warn(v, key, "x11hud's rules cannot match on \(key); the rule [\(s.name)] is left out")
                return
            default: unmapped(key, v)
            }
        }
        if rule.globs.isEmpty, rule.matchUrgency == nil { rule.globs[.appName] = "*" }
        settings.rules.append(rule)
        imported.ruleSources.append(.file(path: s.place.path, line: s.place.line))
    }

    // MARK: format

    /// Checks a `format`: x11hud shows the summary over the body (and a progress value as a bar), so the
    /// `<b>%s</b>\n%b` family maps; anything else it would show is a warning.
    mutating func format(_ v: Value, shown: Bool) {
        var unshown: [String] = []
        let names: [Character: String] = ["a": "the application's name (%a)", "i": "the icon's name (%i)",
                                          "I": "the icon's path (%I)", "n": "the progress as a number (%n)"]
        var rest = ""
        var chars = Array(v.text)
        var i = 0
        var inTag = false
        var fields: [Character] = []
        while i < chars.count {
            let c = chars[i]
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag {
                if c == "%", i + 1 < chars.count {
                    fields.append(chars[i + 1])
                    if let name = names[chars[i + 1]] { unshown.append(name) }
                    i += 2
                    continue
                }
                rest.append(c)
            }
            i += 1
        }
        chars = []
        if !fields.contains("s") { unshown.append("without %s the summary would be hidden; x11hud shows it") }
        if !fields.contains("b") { unshown.append("without %b the body would be hidden; x11hud shows it") }
        if rest.contains(where: { !$0.isWhitespace && !"()[]|:-".contains($0) }) {
            unshown.append("its own text ('\(rest.trimmingWhitespace())')")
        }
        guard !unshown.isEmpty else { return }
        warn(v, "format", "x11hud shows the summary over the body; not shown: " + unshown.joined(separator: ", "))
    }

    /// Whether the format makes the summary bold (`<b>%s</b>`).
    static func boldSummary(_ format: String) -> Bool {
        let f = format.lowercased().filter { $0 != " " }
        return f.contains("<b>%s</b>") || f.contains("<b>%s")
    }

    /// A Pango description's size as x11hud reads it: dunst's Pango sizes are points at 96 dots an inch, x11hud's a
    /// scene unit each (72 an inch), so `Monospace 10` is `Monospace 13.3` to be as large; a size in `px` is
    /// already x11hud's.
    static func pixelSized(_ font: String) -> String {
        var words = font.split(separator: " ").map(String.init)
        guard let last = words.last else { return font }
        if last.hasSuffix("px"), let px = Double(last.dropLast(2)) {
            words[words.count - 1] = text(px)
        } else if let points = Double(last) {
            words[words.count - 1] = text((points * 96 / 72 * 10).rounded() / 10)
        }
        return words.joined(separator: " ")
    }

    /// A Pango description made bold: "Bold" before its size (`Monospace 10` → `Monospace Bold 10`).
    static func bolded(_ font: String) -> String {
        var words = font.split(separator: " ").map(String.init)
        if words.contains(where: { ["bold", "heavy", "black", "semi-bold", "ultra-bold"].contains($0.lowercased()) }) {
            return font
        }
        if let last = words.last, Double(last.filter { $0 != "p" && $0 != "x" }) != nil {
            words.insert("Bold", at: words.count - 1)
        } else {
            words.append("Bold")
        }
        return words.joined(separator: " ")
    }

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
    private mutating func padding(_ key: NotificationKey, _ v: Value) {
        guard let n = Self.number(v.text), n >= 0 else { return bad(dunstName(key, v), v) }
        if n + frame > 100 { warn(v, dunstName(key, v), "\(Self.text(n + frame)) is more than 100 points; 100 taken") }
        set(key, .number(min(n + frame, 100)), v)
    }

    /// dunst's `icon_position`: left, right or off; `top` (the picture over the text) x11hud does not lay out.
    private mutating func iconPosition(_ v: Value) {
        guard let p = HUDStyle.Bubble.IconPosition(rawValue: v.text.lowercased()) else {
            return warn(v, "icon_position", "'\(v.text)': x11hud puts the picture at the left, at the right or nowhere")
        }
        set(.iconPosition, .iconPosition(p), v)
    }

    /// dunst's `highlight`: one colour, or from dunst 1.10 a gradient of several, of which x11hud draws the first.
    private mutating func highlight(_ v: Value) -> RGBA? {
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
    private mutating func mouse(_ key: NotificationKey, _ v: Value, _ name: String) {
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

    private func dunstName(_ key: NotificationKey, _ v: Value) -> String {
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
