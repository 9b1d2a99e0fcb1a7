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
    var frame = 0.0

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
}
