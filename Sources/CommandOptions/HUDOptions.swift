package import HUDCommandLine
import Glibc
import HUDBase
package import HUDConfig
import HUDRender
package import HUDScene

/// The options that describe a HUD, shared by the live command and `render`.
///
/// Every option takes the next argument as its value even when it starts with a dash, as getopt does, so
/// `--offset -100,0` and `--label "-3 dB"` work.
package struct HUDOptions: OptionGroup, Codable {
    package init() {}

    package var mode: HUDMode?
    package var label: String?
    package var details: String?
    package var progress: ProgressValue?
    package var percentage: Percentage?
    package var pulsate = false
    package var icon: Icon?
    package var banner = false
    package var image: String?
    package var button: String?
    /// The look's settings, where it appears, and the config file: the options `x11hud notifications` shares.
    package var look = LookOptions()
    package var minSize: SizeValue?
    package var square = false
    package var printSettings = false
    package var markup = false

    /// The config file under the command line, resolved in `validate()`.
    package var settings = Settings()
    /// Decoded in `validate()`, so a missing file is a usage error before anything is shown.
    package var loadedImage: ImageAsset?

    /// What the options said; the settings and the image are what they name, read again where the HUD is drawn
    /// (`loadFiles`), so a request to the resident carries paths, not files.
    package enum CodingKeys: String, CodingKey {
        case mode, label, details, progress, percentage, pulsate, icon, banner, image, button, look, minSize, square
        case printSettings, markup
    }

    package static let rows: [OptionRow<HUDOptions>] = [
        .option("mode", valueName: "mode", help: "What to show above the labels.",
                choices: HUDMode.allCases.map(\.rawValue), parse: parseMode) { $0.mode = $1 },
        .text("label", "text", valueName: "label", help: "The main text (bold 16). --text is zenity's name for it.") {
            $0.label = $1
        },
        .text("details", "title", valueName: "details", help: """
            Smaller text under the label; wraps onto several lines (bold 12). --title is zenity's name for it. \
            'auto': how much is done, how fast, how long is left (live only).
            """) { $0.details = $1 },
        .option("progress", valueName: "progress", help: "Progress as a fraction (0.6) or a percentage (60%).",
                parse: ProgressValue.parse) { $0.progress = $1 },
        .option("percentage", valueName: "percent", help: "Initial progress in percent, 0 to 100 (zenity).",
                parse: Percentage.parse) { $0.percentage = $1 },
        .flag("pulsate", help: """
            Show the spinner whatever the input says (zenity's --pulsate; same as --mode indeterminate).
            """) { $0.pulsate = $1 },
        .setting(ConfigKey.spinner) { $0.look.given[.spinner] = $1 },
        .choice("icon", valueName: "icon", help: """
            A built-in icon; implies --mode custom, or is drawn beside a bar, ring, pie or spinner chosen with --mode.
            """) { $0.icon = $1 },
        .flag("banner", help: """
            ProgressHUD's top banner: the label as its title, the details as a message of up to two lines; slides \
            in from the top of the work area, hides after 3 s or when clicked.
            """) { $0.banner = $1 },
        .text("image", valueName: "file", help: """
            A PNG, SVG or JPEG image (or GIF, BMP, TIFF, XPM, ICO), scaled to fit 37 pt; implies --mode custom, or \
            is drawn beside the indicator chosen with --mode.
            """, completion: .file(extensions: ["png", "svg", "jpg", "jpeg", "gif", "bmp", "tiff", "xpm", "ico"])) {
            $0.image = $1
        },
        .text("button", valueName: "button", help: "Show a rounded button with this title.") { $0.button = $1 },
    ] + .group(LookOptions.rows) { hud, body throws(ValueError) in try body(&hud.look) } + [
        .setting(ConfigKey.backgroundColor) { $0.look.given[.backgroundColor] = $1 },
        .option("min-size", valueName: "WxH", help: "Minimum bezel size in points.", parse: SizeValue.parse) {
            $0.minSize = $1
        },
        .flag("square", help: "Make the bezel square.") { $0.square = $1 },
        .setting(ConfigKey.pieStyle) { $0.look.given[.pieStyle] = $1 },
        // The table of settings for packaging/man.py; not shown anywhere.
        .flag("print-settings", help: "", visibility: .secret) { $0.printSettings = $1 },
        .flag("markup", help: "Read Pango markup in the label and details instead of showing them literally.") {
            $0.markup = $1
        },
    ]

    /// A mode by its name or a familiar alias (`spinner`, `ring`…); the choices listed are the names.
    package static func parseMode(_ text: String) throws(ValueError) -> HUDMode {
        guard let mode = HUDMode(name: text) else { throw .refused }
        return mode
    }

    /// Checks what the options say of each other, reading no file: the files are read once, where the command runs
    /// (`loadFiles`).
    package mutating func validate() throws {
        try look.validate()
        // Answered in run() (`printout`): the other checks are about what a HUD would show.
        if look.printConfig || printSettings { return }
        try checkCombinations()
    }

    /// Reads the files the options name (the config files, the image), relative paths against
    /// `RelativePaths.directory`: once, where the command runs (its own process, or the resident for a client's
    /// command, whose request carries the paths).
    package mutating func loadFiles() throws {
        settings = try look.settings()
        // --print-config and --print-settings show no HUD: no picture is read for them.
        if look.printConfig || printSettings { return }
        try loadImage()
    }

    private mutating func loadImage() throws {
        guard let image else { return }
        do { loadedImage = try ImageAsset(contentsOf: RelativePaths.resolve(image)) } catch {
            throw UsageError("--image: \(error.description)")
        }
    }

    private func checkCombinations() throws {
        if icon != nil, image != nil { throw UsageError("--icon and --image cannot be used together") }
        if pulsate, let mode, mode != .indeterminate {
            throw UsageError("--pulsate cannot be used with --mode \(mode.rawValue)")
        }
        if progress != nil, percentage != nil {
            throw UsageError("--progress and --percentage cannot be used together")
        }
        // With a progress mode or the spinner, the icon or image is drawn beside it (yad's --image beside its bar).
        if mode == .text, icon != nil || image != nil {
            throw UsageError("--icon and --image cannot be shown with --mode text")
        }
        if markup {
            // Sizes in markup are held to the limits of --font; other bad markup is shown literally, as documented.
            for (option, text) in [("--label", label ?? ""), ("--details", details ?? "")] {
                if let problem = MarkupCheck.problem(in: text), problem.contains("size") || problem.contains("scales") {
                    throw UsageError("The value '\(text)' is invalid for '\(option)' with --markup: \(problem)")
                }
            }
        }
    }

    /// What `--print-config` or `--print-settings` asks for, printed by `run()` instead of showing anything; nil
    /// for neither.
    package var printout: String? {
        if look.printConfig { return settings.printed }
        return printSettings ? Setting.tabulated : nil
    }

    package var content: HUDContent {
        var custom: CustomIndicator? = nil
        if let loadedImage { custom = .image(loadedImage) } else if let icon { custom = .icon(icon) }
        let value = progress?.fraction ?? percentage.map { $0.value / 100 }
        // Without --mode: an image or icon means custom, a progress value means the ring, else the spinner.
        let implicit: HUDMode = pulsate ? .indeterminate : custom != nil ? .custom : .indeterminate
        let resolvedMode = banner ? .text
            : mode ?? (value == nil ? implicit : implicit.receivingProgress(explicitly: pulsate))
        return HUDContent(mode: resolvedMode, progress: value ?? 0, label: label ?? "", details: details ?? "",
                          buttonTitle: button ?? "", custom: custom)
    }

    /// The mode was chosen on the command line, so input must not change it by itself.
    package var modeIsExplicit: Bool { mode != nil || pulsate }

    /// The look: built-in defaults, then the config file, then the flags.
    package var style: HUDStyle {
        var style = look.style(settings)
        if let minSize { style.minSize = minSize.size }
        style.square = square
        style.markup = markup
        if banner {
            Self.makeBanner(&style, animation: look.animation, labelFont: look.labelFont,
                            detailsFont: look.detailsFont, cornerRadius: look.cornerRadius)
        }
        return style
    }

    /// ProgressHUD's banner look where the command line does not say otherwise: it slides, its title is 16 semibold
    /// and its message 14 regular, its corners 10.
    private static func makeBanner(_ style: inout HUDStyle, animation: HUDAnimation?, labelFont: FontSpec?,
                                   detailsFont: FontSpec?, cornerRadius: Double?) {
        style.banner = true
        if animation == nil { style.animation = .slide }
        if labelFont == nil { style.labelFont = Self.bannerTitleFont }
        if detailsFont == nil { style.detailsFont = Self.bannerMessageFont }
        if cornerRadius == nil { style.cornerRadius = 10 }
    }

    // Valid descriptions; `try!` documents that they cannot fail.
    private static let bannerTitleFont = try! FontSpec("Sans Semi-Bold 16")
    private static let bannerMessageFont = try! FontSpec("Sans 14")

    /// The scale set by a flag or the config file; nil to follow the screen.
    package var explicitScale: Double? { settings.scale }

    package var scaleFactor: Double { explicitScale ?? 1 }
}
