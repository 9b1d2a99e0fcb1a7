import HUDBase
import HUDScene

/// dunst's rule sections and its `format`, as x11hud's rules and look.
extension DunstMapping {
    // MARK: rules

    /// A rule section: its matches and its actions. A match x11hud cannot test leaves the rule out (without it the
    /// rule would act on notifications it was never meant for).
    mutating func mapRule(_ s: Section) {
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
}
