public import HUDScene

/// The `[notifications]` table of config.toml: how `x11hud notifications` shows what it receives. The keys shared
/// with the `notifications` command are named like its options, which override them; the rest of the look (theme,
/// fonts…) comes from the top-level settings as for every HUD, and so does the position unless the table sets one.
///
/// ```toml
/// [notifications]
/// position = "top-right"
/// max-visible = 3
/// value-indicator = "ring"
/// value-hints = ["value", "x-progress"]
/// timeout = 4
/// width = 300
/// body-lines = 3
/// history-length = 50
/// paused-shows = "nothing"
/// mouse-right = "close"
///
/// [notifications.critical]
/// bezel-color = "#8B1A1AE6"
/// ```
public struct NotificationSettings: Equatable, Sendable {
    /// Bubbles in the column at once; the others wait in order (a critical one never waits, an OSD takes no place).
    public var maxVisible: Int?
    /// How a value hint (volume, brightness) is drawn.
    public var valueIndicator: ValueIndicator?
    /// The hints whose whole number from 0 to 100 is drawn as a bar (or ring), the first present winning; unset:
    /// `value`, the one the specification and notify-send use.
    public var valueHints: [String]?
    /// Seconds a notification stays when its sender leaves it to the server (`expire_timeout` -1); unset: the
    /// time to read its text, 8 to 30 s (`NotificationDesk.readingTime`).
    public var timeout: Double?
    /// The bubble's width in points, the same for every notification (they line up in a column, as dunst's do).
    public var width: Double?
    /// Lines of a body shown before it is cut with an ellipsis.
    public var bodyLines: Int?
    /// Where the column of bubbles stands (scripts' HUDs and OSDs where the top-level `position` puts them,
    /// notifications in a corner, as most desktops put them).
    public var position: Position?
    /// The column's distance from the screen's edges at `position`, as dunst's `offset`; unset: the top-level
    /// margin and offset place it.
    public var offset: Point?
    /// A bubble's summary and body fonts, over the top-level ones (the command line's over these).
    public var font: FontSpec?
    public var detailsFont: FontSpec?
    public var cornerRadius: Double?
    /// The frame's width in points (dunst's `frame_width`), drawn in the urgency's `frame-color`.
    public var frameWidth: Double?
    /// Space between two bubbles (dunst's `gap_size`).
    public var gap: Double?
    /// A bubble's picture at most this large a side (dunst's `max_icon_size`).
    public var iconSize: Double?
    /// Where a bubble's picture is (dunst's `icon_position`).
    public var iconPosition: HUDStyle.Bubble.IconPosition?
    /// Space inside a bubble above and below, and at its sides unless `horizontalPadding` is set (dunst's
    /// `padding` and `horizontal_padding`).
    public var padding: Double?
    public var horizontalPadding: Double?
    /// Closed notifications kept in memory (`x11hud notifications history`, `pop`); 0: none.
    public var historyLength: Int?
    /// What still shows while paused.
    public var pausedShows: PausedShows?
    /// How long a notification taken back from the history (`pop`) stays.
    public var popped: Popped?
    /// The dmenu-like command dunstctl's `context` and `action` give the actions to (dunst's `dmenu`).
    public var dmenu: String?
    /// The program a link picked in the menu is opened with (dunst's `browser`).
    public var browser: String?
    /// What a click of each pointer button on a notification does.
    public var mouseLeft: MouseAction?
    public var mouseMiddle: MouseAction?
    public var mouseRight: MouseAction?
    /// The look of each urgency level, over the top-level look (`[notifications.low]`, `.normal`, `.critical`).
    public var urgency: [Urgency: UrgencyStyle] = [:]
    /// `[[notifications.rule]]`, every file's, in order.
    public var rules: [NotificationRule] = []

    public enum ValueIndicator: String, CaseIterable, Sendable, Codable {
        case bar
        case ring
    }

    /// How long a popped notification stays: until closed (dunst's `sticky_history`), or its own time again.
    public enum Popped: String, CaseIterable, Sendable, Codable {
        case stay
        case expire
    }

    /// What still shows while notifications are paused (do not disturb).
    public enum PausedShows: String, CaseIterable, Sendable, Codable {
        case critical
        case nothing
    }

    /// What a click on a notification does (dunst's `mouse_*_click`).
    public enum MouseAction: String, CaseIterable, Sendable, Codable {
        /// Its `default` action, else its first action, else close it.
        case doAction = "do-action"
        /// Its `default` action, else close it.
        case defaultAction = "default-action"
        /// Close it (dismissed, reason 2).
        case close
        /// Close every notification, shown or waiting.
        case closeAll = "close-all"
        case none
    }

    /// What `[notifications.low]`, `[notifications.normal]` or `[notifications.critical]` sets.
    public struct UrgencyStyle: Equatable, Sendable {
        public var bezelColor: RGBA?
        public var contentColor: RGBA?
        /// A line just inside the bezel's edge (critical ones: red unless set, over a red background).
        public var frameColor: RGBA?
        /// A value's bar (or ring) fill, as dunst's `highlight` and mako's `progress-color`; unset: the text's.
        public var progressColor: RGBA?
        /// The frame's width, over the table's `frame-width` (mako's `border-size` under `[urgency=high]`).
        public var frameWidth: Double?
        /// Seconds, over `timeout` (critical notifications without it stay until closed).
        public var timeout: Double?

        public init(bezelColor: RGBA? = nil, contentColor: RGBA? = nil, frameColor: RGBA? = nil,
                    progressColor: RGBA? = nil, frameWidth: Double? = nil, timeout: Double? = nil) {
            self.bezelColor = bezelColor
            self.contentColor = contentColor
            self.frameColor = frameColor
            self.progressColor = progressColor
            self.frameWidth = frameWidth
            self.timeout = timeout
        }

        mutating func overlay(_ other: UrgencyStyle) {
            bezelColor = other.bezelColor ?? bezelColor
            contentColor = other.contentColor ?? contentColor
            frameColor = other.frameColor ?? frameColor
            progressColor = other.progressColor ?? progressColor
            frameWidth = other.frameWidth ?? frameWidth
            timeout = other.timeout ?? timeout
        }
    }

    public init(maxVisible: Int? = nil, valueIndicator: ValueIndicator? = nil, valueHints: [String]? = nil,
                timeout: Double? = nil, width: Double? = nil, bodyLines: Int? = nil, position: Position? = nil,
                historyLength: Int? = nil, pausedShows: PausedShows? = nil, popped: Popped? = nil,
                urgency: [Urgency: UrgencyStyle] = [:],
                rules: [NotificationRule] = [], mouseLeft: MouseAction? = nil, mouseMiddle: MouseAction? = nil,
                mouseRight: MouseAction? = nil) {
        self.mouseLeft = mouseLeft
        self.mouseMiddle = mouseMiddle
        self.mouseRight = mouseRight
        self.bodyLines = bodyLines
        self.maxVisible = maxVisible
        self.valueIndicator = valueIndicator
        self.valueHints = valueHints
        self.timeout = timeout
        self.width = width
        self.position = position
        self.historyLength = historyLength
        self.pausedShows = pausedShows
        self.popped = popped
        self.urgency = urgency
        self.rules = rules
    }

    /// What the table's keys are when nothing sets them: their rows' built-in values (`max-visible` 5,
    /// `value-indicator` bar, `value-hints` ["value"], `width` 350, `body-lines` 5, `position` top-right), and nil
    /// for the keys whose being unset means something.
    public static let builtIn: NotificationSettings = {
        var settings = NotificationSettings()
        for key in NotificationKey.allCases {
            if let value = key.setting.builtInValue { settings.set(key, value) }
        }
        return settings
    }()

    /// The keys of the table, with what each takes (for messages and the man page), from their rows.
    public static var keys: [(name: String, takes: String)] {
        NotificationKey.allCases.map { ($0.rawValue, $0.setting.takes) }
            + [("low, normal, critical", "tables of " + UrgencyStyle.keys.joined(separator: ", ")),
               ("rule", "[[notifications.rule]] tables of " + NotificationRule.Field.allCases.map(\.rawValue)
                   .joined(separator: ", ") + " (globs), " + (NotificationRule.actionKeys + NotificationRule.Look.keys)
                   .joined(separator: ", "))]
    }

    /// What a later file sets over an earlier one.
    mutating func overlay(_ other: NotificationSettings) {
        maxVisible = other.maxVisible ?? maxVisible
        valueIndicator = other.valueIndicator ?? valueIndicator
        valueHints = other.valueHints ?? valueHints
        timeout = other.timeout ?? timeout
        width = other.width ?? width
        bodyLines = other.bodyLines ?? bodyLines
        position = other.position ?? position
        offset = other.offset ?? offset
        font = other.font ?? font
        detailsFont = other.detailsFont ?? detailsFont
        cornerRadius = other.cornerRadius ?? cornerRadius
        frameWidth = other.frameWidth ?? frameWidth
        gap = other.gap ?? gap
        iconSize = other.iconSize ?? iconSize
        iconPosition = other.iconPosition ?? iconPosition
        padding = other.padding ?? padding
        horizontalPadding = other.horizontalPadding ?? horizontalPadding
        historyLength = other.historyLength ?? historyLength
        pausedShows = other.pausedShows ?? pausedShows
        popped = other.popped ?? popped
        dmenu = other.dmenu ?? dmenu
        browser = other.browser ?? browser
        mouseLeft = other.mouseLeft ?? mouseLeft
        mouseMiddle = other.mouseMiddle ?? mouseMiddle
        mouseRight = other.mouseRight ?? mouseRight
        for (level, style) in other.urgency { urgency[level, default: UrgencyStyle()].overlay(style) }
        rules += other.rules
    }

    /// Reads the table; an unknown key or a bad value is an error naming it. `ruleLines`: where each
    /// `[[notifications.rule]]` starts.
    init(table: [String: TOMLValue], ruleLines: [Int] = [], firstRule: Int = 1) throws(InvalidSetting) {
        for (name, value) in table {
            if name == "rule" {
                guard let tables = value.array?.compactMap(\.table), tables.count == value.array?.count else {
                    throw InvalidSetting(reason: "notifications.rule: expected tables, [[notifications.rule]]")
                }
                for (i, table) in tables.enumerated() {
                    let line = i < ruleLines.count ? ruleLines[i] : nil
                    do {
                        var rule = try NotificationRule(table: table, name: "notifications.rule[\(firstRule + i)]")
                        rule.line = line
                        rules.append(rule)
                    } catch {
                        throw InvalidSetting(reason: error.reason, line: line)
                    }
                }
                continue
            }
            if let key = NotificationKey(rawValue: name) {
                let row = key.setting
                do { set(key, try row.type.check(value)) } catch {
                    throw InvalidSetting(reason: "notifications.\(name): expected \(row.takes)")
                }
                continue
            }
            guard let level = Urgency(word: name) else {
                let names = NotificationKey.allCases.map(\.rawValue) + ["low", "normal", "critical", "rule"]
                throw InvalidSetting(reason: "notifications.\(name): unknown setting ("
                    + SpellingHint.hint(for: name, among: names, known: Self.keys.map(\.name)) + ")")
            }
            guard let entries = value.table else {
                throw InvalidSetting(reason: "notifications.\(name): expected a table, [notifications.\(name)]")
            }
            urgency[level] = try UrgencyStyle(table: entries, name: "notifications.\(level.word)")
        }
    }

    /// The value of `key`, nil when unset.
    public func value(_ key: NotificationKey) -> ConfigValue? {
        switch key {
        case .maxVisible: return maxVisible.map { .number(Double($0)) }
        case .valueIndicator: return valueIndicator.map { .valueIndicator($0) }
        case .valueHints: return valueHints.map { .names($0) }
        case .timeout: return timeout.map { .number($0) }
        case .width: return width.map { .number($0) }
        case .bodyLines: return bodyLines.map { .number(Double($0)) }
        case .position: return position.map { .position($0) }
        case .offset: return offset.map { .offset($0) }
        case .font: return font.map { .font($0) }
        case .detailsFont: return detailsFont.map { .font($0) }
        case .cornerRadius: return cornerRadius.map { .number($0) }
        case .frameWidth: return frameWidth.map { .number($0) }
        case .gap: return gap.map { .number($0) }
        case .iconSize: return iconSize.map { .number($0) }
        case .iconPosition: return iconPosition.map { .iconPosition($0) }
        case .padding: return padding.map { .number($0) }
        case .horizontalPadding: return horizontalPadding.map { .number($0) }
        case .historyLength: return historyLength.map { .number(Double($0)) }
        case .pausedShows: return pausedShows.map { .pausedShows($0) }
        case .popped: return popped.map { .popped($0) }
        case .dmenu: return dmenu.map { .command($0) }
        case .browser: return browser.map { .command($0) }
        case .mouseLeft: return mouseLeft.map { .mouseAction($0) }
        case .mouseMiddle: return mouseMiddle.map { .mouseAction($0) }
        case .mouseRight: return mouseRight.map { .mouseAction($0) }
        }
    }

    /// Where a checked value of each key goes (every value comes from its own row's checks, so it has the type).
    mutating func set(_ key: NotificationKey, _ value: ConfigValue) {
        switch (key, value) {
        case (.maxVisible, .number(let n)): maxVisible = Int(n)
        case (.valueIndicator, .valueIndicator(let v)): valueIndicator = v
        case (.valueHints, .names(let names)): valueHints = names
        case (.timeout, .number(let seconds)): timeout = seconds
        case (.width, .number(let points)): width = points
        case (.bodyLines, .number(let n)): bodyLines = Int(n)
        case (.position, .position(let p)): position = p
        case (.offset, .offset(let p)): offset = p
        case (.font, .font(let f)): font = f
        case (.detailsFont, .font(let f)): detailsFont = f
        case (.cornerRadius, .number(let points)): cornerRadius = points
        case (.frameWidth, .number(let points)): frameWidth = points
        case (.gap, .number(let points)): gap = points
        case (.iconSize, .number(let points)): iconSize = points
        case (.iconPosition, .iconPosition(let p)): iconPosition = p
        case (.padding, .number(let points)): padding = points
        case (.horizontalPadding, .number(let points)): horizontalPadding = points
        case (.historyLength, .number(let n)): historyLength = Int(n)
        case (.pausedShows, .pausedShows(let v)): pausedShows = v
        case (.popped, .popped(let v)): popped = v
        case (.dmenu, .command(let v)): dmenu = v
        case (.browser, .command(let v)): browser = v
        case (.mouseLeft, .mouseAction(let v)): mouseLeft = v
        case (.mouseMiddle, .mouseAction(let v)): mouseMiddle = v
        case (.mouseRight, .mouseAction(let v)): mouseRight = v
        default: break
        }
    }
}

extension NotificationSettings.UrgencyStyle {
    /// The keys of an urgency's table: four colours as the top-level ones take, and the table's own `frame-width`
    /// and `timeout`.
    static let keys = ["bezel-color", "content-color", "frame-color", "progress-color", "frame-width", "timeout"]

    /// What the table sets, by key, in the order of `keys`.
    var values: [(key: String, value: ConfigValue)] {
        let all: [(String, ConfigValue?)] = [
            ("bezel-color", bezelColor.map { .color($0) }), ("content-color", contentColor.map { .color($0) }),
            ("frame-color", frameColor.map { .color($0) }), ("progress-color", progressColor.map { .color($0) }),
            ("frame-width", frameWidth.map { .number($0) }), ("timeout", timeout.map { .number($0) }),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }

    /// Reads `[notifications.LEVEL]`, named `name` in messages; each key is checked by the row it shares its name
    /// with.
    init(table: [String: TOMLValue], name: String) throws(InvalidSetting) {
        self.init()
        for (key, value) in table {
            let row: Setting
            switch key {
            case "bezel-color", "frame-color", "progress-color": row = ConfigKey.bezelColor.setting
            case "content-color": row = ConfigKey.contentColor.setting
            case "timeout": row = NotificationKey.timeout.setting
            case "frame-width": row = NotificationKey.frameWidth.setting
            default:
                let known = Self.keys.joined(separator: ", ")
                throw InvalidSetting(reason: "\(name).\(key): unknown setting (known: \(known))")
            }
            let checked: ConfigValue
            do { checked = try row.type.check(value) } catch {
                throw InvalidSetting(reason: "\(name).\(key): expected \(row.type.summary)")
            }
            switch (key, checked) {
            case ("bezel-color", .color(let c)): bezelColor = c
            case ("content-color", .color(let c)): contentColor = c
            case ("frame-color", .color(let c)): frameColor = c
            case ("progress-color", .color(let c)): progressColor = c
            case ("frame-width", .number(let points)): frameWidth = points
            case (_, .number(let seconds)): timeout = seconds
            default: break
            }
        }
    }
}
