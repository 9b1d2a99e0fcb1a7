import HUDScene

/// mako's keys onto `[notifications]`, with `DunstMapping`'s checks and warnings.
struct MakoMapping {
    var core: DunstMapping
    typealias Value = DunstConfig.Value

    /// Values of keys x11hud has none for that are what it does anyway.
    static let sameAsX11hud: [String: Set<String>] = [
        "icons": ["1", "true"], "markup": ["1", "true"], "actions": ["1", "true"], "history": ["1", "true"],
        "text-alignment": ["left"], "layer": ["top", "overlay"], "sort": ["-time"],
        "ignore-timeout": ["0", "false"], "output": [""], "icon-border-radius": ["0"], "outer-margin": ["0"],
        "height": ["100"],
    ]

    static let reasons: [String: String] = [
        "height": "a bubble is as tall as its text (body-lines caps it)",
        "output": "the top-level 'monitor' key of config.toml sets it",
        "group-by": "x11hud stacks notifications of the same application and text itself",
    ]

    mutating func map(_ sections: [DunstConfig.Section]) {
        if let top = sections.first(where: { $0.name == "global" }) { mapTop(top) }
        for section in sections where section.name != "global" { mapCriteria(section) }
    }

    // MARK: top level

    private mutating func mapTop(_ s: DunstConfig.Section) {
        for key in s.keys {
            let v = s[key]!
            switch key {
            case "background-color", "text-color", "border-color":
                guard let c = core.color(key, v) else { continue }
                for level in Urgency.allCases { setColor(key, c, level, v) }
            case "border-size": core.number(.frameWidth, v)
            case "padding": break // inside the border, below
            case "progress-color":
                guard let c = progressColor(v) else { continue }
                for level in Urgency.allCases where core.settings.urgency[level]?.progressColor == nil {
                    core.settings.urgency[level, default: .init()].progressColor = c
                    core.imported.source("\(level.word).progress-color", v.place)
                }
            case "border-radius":
                guard let r = Self.directional(v.text)?.first else { core.bad(key, v); continue }
                core.set(.cornerRadius, .number(min(max(r, 0), 100)), v)
            case "width": core.number(.width, v)
            case "margin", "outer-margin": break // together, below
            case "default-timeout":
                guard let ms = DunstMapping.number(v.text) else { core.bad(key, v); continue }
                if ms > 0 { core.set(.timeout, .number(min(max(ms / 1000, 0.5), 3600)), v) }
            case "max-visible":
                guard let n = DunstMapping.number(v.text) else { core.bad(key, v); continue }
                core.set(.maxVisible, .number(n < 0 ? 50 : min(50, max(1, n.rounded()))), v)
            case "max-history": core.whole(.historyLength, v)
            case "anchor":
                let names: [String: Position] = [
                    "top-right": .topRight, "top-center": .top, "top-left": .topLeft, "bottom-right": .bottomRight,
                    "bottom-center": .bottom, "bottom-left": .bottomLeft, "center-right": .right,
                    "center-left": .left, "center": .center,
                ]
                if let p = names[v.text] { core.set(.position, .position(p), v) } else { core.bad(key, v) }
            case "format": core.format(v, shown: true)
            case "max-icon-size": core.number(.iconSize, v)
            case "icon-location":
                guard let p = HUDStyle.Bubble.IconPosition(rawValue: v.text), p != .off else {
                    core.warn(v, key, "'\(v.text)': x11hud puts the picture at the left or at the right")
                    continue
                }
                core.set(.iconPosition, .iconPosition(p), v)
            case "on-button-left": mouse(.mouseLeft, v, key)
            case "on-button-middle": mouse(.mouseMiddle, v, key)
            case "on-button-right": mouse(.mouseRight, v, key)
            case "font": break // with the format, below
            default: unmapped(key, v)
            }
        }
        placement(s)
        if let v = s["padding"] { padding(v, border: s["border-size"].flatMap { DunstMapping.number($0.text) } ?? 2) }
        if let v = s["font"] {
            let bold = s["format"].map { DunstMapping.boldSummary($0.text) } ?? true
            guard let body = try? FontSpec(DunstMapping.pixelSized(v.text)),
                  let summary = try? FontSpec(DunstMapping.pixelSized(bold ? DunstMapping.bolded(v.text) : v.text))
            else { return core.bad("font", v) }
            core.set(.detailsFont, .font(body), v)
            core.set(.font, .font(summary), v)
        }
    }

    /// mako's `margin` (and `outer-margin`) around each notification: its distance from the screen's edges at the
    /// anchor, and between two of them.
    private mutating func placement(_ s: DunstConfig.Section) {
        guard let v = s["margin"] ?? s["outer-margin"] else { return }
        guard let margin = Self.directional(s["margin"]?.text ?? "10"),
              let outer = Self.directional(s["outer-margin"]?.text ?? "0") else { return core.bad("margin", v) }
        // Top, right, bottom, left; the column's corner takes the two sides it touches.
        let (top, right, bottom, left) = (margin[0] + outer[0], margin[1] + outer[1], margin[2] + outer[2],
                                          margin[3] + outer[3])
        let position = core.settings.position ?? .topRight
        let x = position.horizontal > 0 ? right : left
        let y = position.vertical > 0 ? bottom : top
        core.set(.offset, .offset(Point(x: x, y: y)), v)
        core.set(.gap, .number(min(max(margin[0], margin[2]), 200)), v)
    }

    /// mako's `padding`, inside its border (2 unless `border-size` says otherwise): x11hud's is from the bezel's
    /// edge, so the border's width more. x11hud's is the same above and below, and at both sides: uneven sides are
    /// given their average, so the bubble is as tall and its text as wide as mako's.
    private mutating func padding(_ v: Value, border: Double) {
        guard let sides = Self.directional(v.text), sides.allSatisfy({ $0 >= 0 }) else {
            return core.bad("padding", v)
        }
        let (vertical, horizontal) = ((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)
        if sides[0] != sides[2] || sides[1] != sides[3] {
            core.warn(v, "padding", "x11hud's is the same above and below, and at both sides: their averages taken")
        }
        core.set(.padding, .number(min(vertical + max(border, 0), 100)), v)
        core.set(.horizontalPadding, .number(min(horizontal + max(border, 0), 100)), v)
    }

    /// mako's `progress-color`, maybe after an operator (`over #RRGGBB`, `source #RRGGBB`): the colour.
    private mutating func progressColor(_ v: Value) -> RGBA? {
        let colour = v.text.split(separator: " ").last.map(String.init) ?? ""
        guard let c = try? RGBA(hex: colour) else { return core.color("progress-color", v) }
        return c
    }

    // MARK: criteria

    /// A criteria section: `[urgency=high]` alone is that urgency's look; any other a rule, left out when it tests
    /// what x11hud's rules cannot.
    private mutating func mapCriteria(_ s: DunstConfig.Section) {
        guard let criteria = Self.criteria(s.name) else {
            return core.warn(s[s.keys[0]]!, "[\(s.name)]", "criteria x11hud cannot read; the section is left out")
        }
        let fields: [String: NotificationRule.Field] = [
            "app-name": .appName, "summary": .summary, "body": .body, "category": .category,
            "desktop-entry": .desktopEntry,
        ]
        var rule = NotificationRule()
        rule.name = s.name
        rule.line = s.place.line
        var level: Urgency?
        for (field, value) in criteria {
            if field == "urgency", let u = Urgency(word: value == "high" ? "critical" : value) {
                level = u
            } else if let f = fields[field] {
                rule.globs[f] = Self.exact(value)
            } else {
                let v = s[s.keys[0]]!
                return core.warn(DunstConfig.Value(text: s.name, quoted: false, path: v.path, line: s.place.line),
                                 "[\(field)]", "x11hud's rules cannot match on \(field); the section is left out")
            }
        }
        if rule.globs.isEmpty, let level {
            return mapUrgency(s, level)
        }
        rule.matchUrgency = level
        for key in s.keys {
            let v = s[key]!
            switch key {
            case "background-color", "text-color", "border-color":
                guard let c = core.color(key, v) else { continue }
                rule.look.set(Self.lookKey[key]!, .color(c))
            case "default-timeout":
                guard let ms = DunstMapping.number(v.text), ms > 0 else { core.bad(key, v); continue }
                rule.timeout = min(max(ms / 1000, 0.5), 3600)
            case "invisible":
                rule.skipDisplay = INIFile.boolean(v.text) ?? false
            case "width":
                guard let n = DunstMapping.number(v.text) else { core.bad(key, v); continue }
                rule.look.set("width", .number(min(max(n, 100), 1000)))
            case "progress-color":
                if let c = progressColor(v) { rule.look.set("progress-color", .color(c)) }
            case "border-size", "max-icon-size":
                let look = key == "border-size" ? NotificationKey.frameWidth : .iconSize
                guard let n = DunstMapping.lookNumber(look, v.text) else { core.bad(key, v); continue }
                rule.look.set(look.rawValue, n)
            default: unmapped(key, v)
            }
        }
        core.settings.rules.append(rule)
        core.imported.ruleSources.append(.file(path: s.place.path, line: s.place.line))
    }

    private mutating func mapUrgency(_ s: DunstConfig.Section, _ level: Urgency) {
        for key in s.keys {
            let v = s[key]!
            switch key {
            case "background-color", "text-color", "border-color":
                guard let c = core.color(key, v) else { continue }
                setColor(key, c, level, v)
            case "default-timeout":
                guard let ms = DunstMapping.number(v.text) else { core.bad(key, v); continue }
                guard ms > 0 else { continue }
                core.settings.urgency[level, default: .init()].timeout = min(max(ms / 1000, 0.5), 3600)
                core.imported.source("\(level.word).timeout", v.place)
            case "progress-color":
                guard let c = progressColor(v) else { continue }
                core.settings.urgency[level, default: .init()].progressColor = c
                core.imported.source("\(level.word).progress-color", v.place)
            case "border-size":
                guard case .number(let n)? = DunstMapping.lookNumber(.frameWidth, v.text) else {
                    core.bad(key, v)
                    continue
                }
                core.settings.urgency[level, default: .init()].frameWidth = n
                core.imported.source("\(level.word).frame-width", v.place)
            default: unmapped(key, v)
            }
        }
    }

    static let lookKey = ["background-color": "bezel-color", "text-color": "content-color",
                          "border-color": "frame-color"]

    private mutating func setColor(_ key: String, _ c: RGBA, _ level: Urgency, _ v: Value) {
        var style = core.settings.urgency[level] ?? .init()
        switch key {
        case "background-color": style.bezelColor = c
        case "text-color": style.contentColor = c
        default: style.frameColor = c
        }
        core.settings.urgency[level] = style
        core.imported.source("\(level.word).\(Self.lookKey[key]!)", v.place)
    }

    private mutating func mouse(_ key: NotificationKey, _ v: Value, _ name: String) {
        let map: [String: NotificationSettings.MouseAction] = [
            "none": .none, "invoke-default-action": .defaultAction, "dismiss": .close, "dismiss-all": .closeAll,
        ]
        guard let action = map[v.text] else {
            return core.warn(v, name, "x11hud's clicks do none, do-action, default-action, close or close-all")
        }
        core.set(key, .mouseAction(action), v)
    }

    private mutating func unmapped(_ key: String, _ v: Value) {
        if Self.sameAsX11hud[key]?.contains(v.text.lowercased()) == true { return }
        core.warn(v, key, Self.reasons[key] ?? "x11hud has no such setting; left out")
    }

    // MARK: parsing

    /// mako's directional value: one number for all four sides, two (top and bottom, left and right), or four
    /// (top, right, bottom, left), as CSS; always four here.
    static func directional(_ text: String) -> [Double]? {
        let n = text.split(separator: ",").compactMap { DunstMapping.number(String($0)) }
        switch n.count {
        case 1: return [n[0], n[0], n[0], n[0]]
        case 2: return [n[0], n[1], n[0], n[1]]
        case 4: return n
        default: return nil
        }
    }

    /// A criteria header's `field=value` pairs (values maybe quoted); nil when it holds something else (a bare
    /// flag such as `actionable`, a regex `~=`).
    static func criteria(_ header: String) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        var rest = Substring(header)
        while true {
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { return pairs }
            guard let equal = rest.firstIndex(of: "="), !rest[..<equal].contains(" "),
                  !rest[..<equal].hasSuffix("~") else { return nil }
            let field = String(rest[..<equal])
            rest = rest[rest.index(after: equal)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { return nil }
                value = String(rest[..<close])
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                value = String(rest[..<end])
                rest = rest[end...]
            }
            pairs.append((field, value))
        }
    }

    /// mako's criteria match the whole text: a glob matching only `text`.
    static func exact(_ text: String) -> String {
        text.map { "*?[".contains($0) ? "[\($0)]" : String($0) }.joined()
    }
}
