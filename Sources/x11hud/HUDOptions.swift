import ArgumentParser
import HUDScene

/// The options that describe a HUD, shared by the live command and `render`.
///
/// Every option takes the next argument as its value even when it starts with a dash, as getopt does, so
/// `--offset -100,0` and `--label "-3 dB"` work.
struct HUDOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("What to show above the labels.", valueName: "mode"))
    var mode: HUDMode?

    @Option(parsing: .unconditional, help: "The main text (bold 16).")
    var label: String = ""

    @Option(parsing: .unconditional, help: "Smaller text under the label; wraps onto several lines (bold 12).")
    var details: String = ""

    @Option(parsing: .unconditional, help: ArgumentHelp("Progress as a fraction (0.6) or a percentage (60%).", valueName: "progress"))
    var progress: ProgressValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("A built-in icon; implies --mode custom.", valueName: "icon"))
    var icon: Icon?

    @Option(parsing: .unconditional, help: ArgumentHelp("A PNG image, scaled to fit 37 pt; implies --mode custom.", valueName: "file"))
    var image: String?

    @Option(parsing: .unconditional, help: "Show a rounded button with this title.")
    var button: String = ""

    @Option(parsing: .unconditional, help: "Colour scheme: dark or light.")
    var theme: Theme = .dark

    @Option(name: .customLong("bezel-color"), parsing: .unconditional, help: ArgumentHelp("Bezel colour, #RRGGBB or #RRGGBBAA.", valueName: "color"),
            transform: parseColor)
    var bezelColor: RGBA?

    @Option(name: .customLong("content-color"), parsing: .unconditional, help: ArgumentHelp("Text and indicator colour.", valueName: "color"),
            transform: parseColor)
    var contentColor: RGBA?

    @Option(name: .customLong("background-color"), parsing: .unconditional,
            help: ArgumentHelp("Dim the area behind the bezel with this colour (off by default).", valueName: "color"),
            transform: parseColor)
    var backgroundColor: RGBA?

    @Option(name: .customLong("font"), parsing: .unconditional, help: ArgumentHelp("Label font, a Pango description.", valueName: "font"),
            transform: parseFont)
    var labelFont: FontSpec?

    @Option(name: .customLong("details-font"), parsing: .unconditional, help: ArgumentHelp("Details font.", valueName: "font"), transform: parseFont)
    var detailsFont: FontSpec?

    @Option(name: .customLong("button-font"), parsing: .unconditional, help: ArgumentHelp("Button font.", valueName: "font"), transform: parseFont)
    var buttonFont: FontSpec?

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per point (HiDPI), 0.25 to 8.", valueName: "factor"))
    var scale: ScaleValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("Space around the content and from the screen edges, in points (default 20).",
                               valueName: "points"))
    var margin: NonNegative?

    @Option(name: .customLong("corner-radius"), parsing: .unconditional, help: ArgumentHelp("Bezel corner radius in points (default 5).",
                                                                   valueName: "points"))
    var cornerRadius: NonNegative?

    @Option(name: .customLong("min-size"), parsing: .unconditional, help: ArgumentHelp("Minimum bezel size in points.", valueName: "WxH"))
    var minSize: SizeValue?

    @Flag(help: "Make the bezel square.")
    var square = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the bezel rests: center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right.",
        valueName: "position"))
    var position: Position = .center

    @Option(parsing: .unconditional, help: ArgumentHelp("Move the bezel from its position by X,Y points; a huge value pins it to an edge.",
                               valueName: "X,Y"))
    var offset: OffsetValue?

    @Option(name: .customLong("pie-style"), parsing: .unconditional, help: ArgumentHelp("How determinate mode draws: outline or filled.",
                                                               valueName: "style"))
    var pieStyle: DeterminateStyle = .outline

    @Option(parsing: .unconditional, help: ArgumentHelp("Show/hide animation.", valueName: "animation"))
    var animation: HUDAnimation = .fade

    @Flag(help: "Read Pango markup in the label and details instead of showing them literally.")
    var markup = false

    mutating func validate() throws {
        if icon != nil, image != nil { throw ValidationError("--icon and --image cannot be used together") }
        if let mode, mode != .custom, icon != nil || image != nil {
            throw ValidationError("--icon and --image need --mode custom, not --mode \(mode.rawValue)")
        }
        if let image {
            do { loadedImage = try ImageAsset(contentsOf: image) } catch {
                throw ValidationError("--image: \(error.description)")
            }
        }
    }

    /// Decoded in `validate()`, so a missing file is a usage error before anything is shown.
    var loadedImage: ImageAsset?

    private enum CodingKeys: String, CodingKey {
        case mode, label, details, progress, icon, image, button, theme, bezelColor, contentColor, backgroundColor,
             labelFont, detailsFont, buttonFont, scale, margin, cornerRadius, minSize, square, position, offset, pieStyle,
             animation, markup
    }

    var content: HUDContent {
        var custom: CustomIndicator? = nil
        if let loadedImage { custom = .image(loadedImage) } else if let icon { custom = .icon(icon) }
        // Without --mode: an image or icon means custom, a progress value means the ring, else the spinner.
        let resolvedMode = mode ?? (custom != nil ? .custom : progress != nil ? .annular : .indeterminate)
        return HUDContent(mode: resolvedMode, progress: progress?.fraction ?? 0, label: label, details: details,
                          buttonTitle: button, custom: custom)
    }

    var style: HUDStyle {
        var style = HUDStyle.theme(theme)
        if let bezelColor { style.bezelColor = bezelColor }
        if let contentColor { style.contentColor = contentColor }
        if let backgroundColor { style.backgroundColor = backgroundColor }
        if let labelFont { style.labelFont = labelFont }
        if let detailsFont { style.detailsFont = detailsFont }
        if let buttonFont { style.buttonFont = buttonFont }
        if let margin { style.margin = margin.value }
        if let cornerRadius { style.cornerRadius = cornerRadius.value }
        if let minSize { style.minSize = minSize.size }
        if let offset { style.offset = offset.point }
        style.position = position
        style.square = square
        style.determinateStyle = pieStyle
        style.animation = animation
        style.markup = markup
        return style
    }

    var scaleFactor: Double { scale?.value ?? 1 }
}
