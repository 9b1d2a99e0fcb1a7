public import HUDConfig
public import HUDScene

/// How notifications look: an ordinary one as a bubble in a corner (top-right unless the `[notifications]` table or
/// `--position` says otherwise), one width for all, its summary bold and its body regular beside its picture, as
/// dunst, GNOME and KDE show them; an OSD (`Notification.isOSD`: volume, brightness) as the command line's HUD,
/// where the command line's HUDs are. Each urgency then has its look: critical red and first, low quieter,
/// under what `[notifications.low|normal|critical]` sets.
public struct NotificationLook: Sendable {
    /// The look of an OSD (a volume key's value, a synchronous notification): the command line's.
    public var osd: HUDStyle
    /// The look of every other notification.
    public var bubble: HUDStyle
    /// What the config file sets for each urgency, over `builtInUrgency`.
    public var urgency: [Urgency: NotificationSettings.UrgencyStyle]

    /// A bubble's summary when the command line and the config file name no `font`.
    public static let summaryFont = try! FontSpec("Sans Bold 14")
    /// A bubble's body when they name no `details-font`: regular, so that the body's `<b>` shows.
    public static let bodyFont = try! FontSpec("Sans 13")
    /// A critical notification's frame when the config file sets no `frame-color`.
    public static let criticalFrame = RGBA(red: 0.9, green: 0.22, blue: 0.2, alpha: 1)
    /// A critical notification's background and text when the config file sets none: red over the whole bubble,
    /// as dunst's `#900000` under white, so that it is told from the others at a glance, not by a thin frame.
    public static let criticalBezel = RGBA(red: 0.56, green: 0.05, blue: 0.05, alpha: 0.95)
    public static let criticalContent = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
    /// A low-urgency notification's text and picture are this much as opaque as a normal one's.
    public static let lowContentAlpha = 0.6

    /// - Parameters:
    ///   - style: the command line's look (theme, colours, fonts, position…), which OSDs take as it is.
    ///   - settings: the `[notifications]` table, its `position` already the one to use (`--position` over it).
    ///   - labelFont, detailsFont: the fonts the command line or the config file chose; nil: the bubble's own.
    public init(style: HUDStyle, settings: NotificationSettings, labelFont: FontSpec? = nil,
                detailsFont: FontSpec? = nil) {
        // Read in their first frame, as dunst and mako show them; they go with the command line's animation.
        var style = style
        style.appearsAtOnce = true
        osd = style
        var bubble = style
        let builtIn = NotificationSettings.builtIn
        bubble.bubble = HUDStyle.Bubble(width: settings.width ?? builtIn.width ?? 350,
                                        bodyLines: settings.bodyLines ?? builtIn.bodyLines ?? 5,
                                        iconSize: settings.iconSize ?? builtIn.iconSize ?? 48,
                                        padding: settings.padding ?? HUDStyle.Bubble.defaultPadding,
                                        horizontalPadding: settings.horizontalPadding)
        bubble.bubble?.iconPosition = settings.iconPosition ?? .left
        bubble.position = settings.position ?? builtIn.position ?? .topRight
        if let offset = settings.offset { Self.place(&bubble, atDistance: offset) }
        bubble.labelFont = labelFont ?? Self.summaryFont
        bubble.detailsFont = detailsFont ?? Self.bodyFont
        if let radius = settings.cornerRadius { bubble.cornerRadius = radius }
        bubble.frameWidth = settings.frameWidth ?? builtIn.frameWidth ?? 2
        bubble.stackGap = settings.gap ?? builtIn.gap ?? HUDStack.gap
        bubble.minSize = .zero
        bubble.square = false
        self.bubble = bubble
        urgency = settings.urgency
    }

    /// Puts the bezel's outer edge `distance` from the screen's edges at its position, as dunst's `offset` does:
    /// with no margin, an offset pointing inwards from the corner (a centred axis moved by it as dunst moves it).
    static func place(_ style: inout HUDStyle, atDistance distance: Point) {
        style.margin = 0
        func inwards(_ anchor: Int, _ d: Double) -> Double { anchor > 0 ? -d : d }
        style.offset = Point(x: inwards(style.position.horizontal, distance.x),
                             y: inwards(style.position.vertical, distance.y))
    }

    /// The look of `n`: a bubble or an OSD (`isOSD`), with its urgency's, then what its rules set (`rules`: the
    /// values as given, a low one's colours not made quieter).
    public func style(for level: Urgency, osd isOSD: Bool,
                      rules: NotificationRule.Look = NotificationRule.Look()) -> HUDStyle {
        var s = isOSD ? osd : bubble
        switch level {
        case .low: s.contentColor.alpha *= Self.lowContentAlpha
        case .normal: break
        case .critical:
            s.frameColor = Self.criticalFrame
            s.bezelColor = Self.criticalBezel
            s.contentColor = Self.criticalContent
            // At the column's edge, above the others, whenever it came.
            s.stacksFirst = !isOSD
        }
        if let u = urgency[level] {
            if let c = u.bezelColor { s.bezelColor = c }
            if let c = u.contentColor { s.contentColor = c }
            if let c = u.frameColor { s.frameColor = c }
            if let c = u.progressColor { s.progressColor = c }
            if let w = u.frameWidth { s.frameWidth = w }
        }
        rules.apply(to: &s)
        return s
    }
}
