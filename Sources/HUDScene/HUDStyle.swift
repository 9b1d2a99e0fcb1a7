/// How the HUD looks: colours, fonts and the metrics of its layout.
///
/// The defaults are MBProgressHUD's (margin 20, corner radius 5, padding 4, bold 16 / 12 / 12).
public struct HUDStyle: Hashable, Sendable {
    /// The rounded rectangle behind the content.
    public var bezelColor: RGBA
    /// Labels, button, indicator and icons.
    public var contentColor: RGBA
    /// The dim layer over the whole area behind the bezel; clear (off) by default.
    public var backgroundColor: RGBA
    public var labelFont: FontSpec
    public var detailsFont: FontSpec
    public var buttonFont: FontSpec
    public var cornerRadius: Double = 5
    /// Space around the content inside the bezel, and between the bezel and the edges of its area.
    public var margin: Double = 20
    /// Space between two visible items of the stack.
    public var padding: Double = 4
    /// The bezel is at least this large.
    public var minSize: Size = .zero
    /// Forces the bezel's height and width to be equal.
    public var square: Bool = false
    /// Where the bezel rests in its area before `offset` moves it.
    public var position: Position = .center
    /// Moves the bezel from its position; it is kept `margin` inside the area, so a huge offset pins it to an edge.
    public var offset: Point = .zero
    /// Text wraps at this width (and at less when the area is narrower).
    public var maxTextWidth: Double = 296
    /// The label wraps onto at most this many lines before it is ellipsized.
    public var maxLabelLines: Int = 2
    public var determinateStyle: DeterminateStyle = .outline
    public var animation: HUDAnimation = .fade
    /// The first frame shows the HUD whole, as dunst, mako and wob show theirs: an OSD or a notification is read the
    /// moment it appears (issue 51). `animation` still plays when it goes.
    public var appearsAtOnce: Bool = false
    /// How the indeterminate mode moves.
    public var spinner: SpinnerStyle = .activityIndicator
    /// The built-in icons draw themselves in, stroke by stroke; off, they appear whole.
    public var liveIcons: Bool = true
    /// The progress indicators show the percentage.
    public var showsValue: Bool = false
    /// ProgressHUD's top banner instead of the centred bezel: the label as its title, the details as its message.
    public var banner: Bool = false
    /// A notification bubble's layout (fixed width, picture at the left, text from the leading edge, the body cut
    /// to a few lines, buttons in rows) instead of the centred stack; nil for the HUD's own.
    public var bubble: Bubble?
    /// A line of `frameWidth` points just inside the bezel's edge (a critical notification's); clear for none.
    public var frameColor: RGBA = .clear
    public var frameWidth: Double = 2
    /// The colour a progress value (bar, ring, pie) is drawn in, as dunst's `highlight`; nil: the content colour.
    public var progressColor: RGBA?
    /// Space between this HUD and the next of its stack (a notification column's `gap`).
    public var stackGap: Double = HUDStack.gap
    /// Where the bezel actually rests (and so which stack of HUDs it joins): a banner is always at the top.
    public var placement: Position { banner ? .top : position }
    /// A plain translucent bezel, or one that asks the compositor to blur what is behind it.
    public var bezelStyle: BezelStyle = .solid
    /// Read Pango markup in the label and details; off, so that text is shown literally.
    public var markup: Bool = false
    /// Stands at the far end of its stack, after every other HUD there, whenever it came: the notifications'
    /// "N more" under their column.
    public var stacksLast: Bool = false
    /// Stands at the near end of its stack, before every HUD there that does not, whenever it came: a critical
    /// notification at the column's edge.
    public var stacksFirst: Bool = false

    public init(bezelColor: RGBA, contentColor: RGBA, backgroundColor: RGBA = .clear,
                labelFont: FontSpec, detailsFont: FontSpec, buttonFont: FontSpec) {
        self.bezelColor = bezelColor
        self.contentColor = contentColor
        self.backgroundColor = backgroundColor
        self.labelFont = labelFont
        self.detailsFont = detailsFont
        self.buttonFont = buttonFont
    }

    /// The built-in looks.
    public static func theme(_ theme: Theme) -> HUDStyle {
        switch theme {
        case .dark:
            // MBProgressHUD on iOS 13+ in dark mode: a thick dark material with labelColor (white) at 0.7.
            // Without a blur behind it the material needs to be more opaque to stay legible.
            return HUDStyle(bezelColor: RGBA(white: 0.12, alpha: 0.85), contentColor: RGBA(white: 1, alpha: 0.7),
                            labelFont: defaultLabelFont, detailsFont: defaultDetailsFont,
                            buttonFont: defaultDetailsFont)
        case .light:
            // MBProgressHUD's classic look: white 0.8 at 0.6 alpha, content black at 0.7.
            return HUDStyle(bezelColor: RGBA(white: 0.8, alpha: 0.6), contentColor: RGBA(white: 0, alpha: 0.7),
                            labelFont: defaultLabelFont, detailsFont: defaultDetailsFont,
                            buttonFont: defaultDetailsFont)
        }
    }

    // Written as Pango normalises them (a test checks it), so that building the default style does not load the
    // text stack: a HUD maps its window before anything needs Pango.
    public static let defaultLabelFont = FontSpec(normalized: "Sans Bold 16", size: 16)
    public static let defaultDetailsFont = FontSpec(normalized: "Sans Bold 12", size: 12)
}

/// How the bezel is backed, after `MBProgressHUDBackgroundStyle`.
public enum BezelStyle: String, CaseIterable, Hashable, Sendable, Codable {
    /// The bezel colour, translucent where a compositor blends it.
    case solid
    /// The same, with the desktop behind it blurred where the compositor offers that (KWin, picom with blur).
    case blur
}

/// The built-in colour schemes.
public enum Theme: String, CaseIterable, Hashable, Sendable {
    /// Light content on a dark translucent bezel.
    case dark
    /// MBProgressHUD's look: dark content on a light translucent bezel.
    case light
}
