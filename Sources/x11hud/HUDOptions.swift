import ArgumentParser
import FoundationEssentials
import Glibc
import HUDConfig
import HUDRender
import HUDScene
import X11Platform

/// The options that describe a HUD, shared by the live command and `render`.
///
/// Every option takes the next argument as its value even when it starts with a dash, as getopt does, so
/// `--offset -100,0` and `--label "-3 dB"` work.
struct HUDOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("What to show above the labels.", valueName: "mode"))
    var mode: HUDMode?

    @Option(name: [.customLong("label"), .customLong("text")], parsing: .unconditional,
            help: "The main text (bold 16). --text is zenity's name for it.")
    var label: String?

    @Option(name: [.customLong("details"), .customLong("title")], parsing: .unconditional,
            help: """
                Smaller text under the label; wraps onto several lines (bold 12). --title is zenity's name for it. \
                'auto': how much is done, how fast, how long is left (live only).
                """)
    var details: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Progress as a fraction (0.6) or a percentage (60%).", valueName: "progress"),
            transform: ProgressValue.parse)
    var progress: ProgressValue?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Initial progress in percent, 0 to 100 (zenity).", valueName: "percent"),
            transform: Percentage.parse)
    var percentage: Percentage?

    @Flag(help: "Show the spinner whatever the input says (zenity's --pulsate; same as --mode indeterminate).")
    var pulsate = false

    @Option(name: .setting(.spinner), parsing: .unconditional, help: .setting(.spinner))
    var spinner: SpinnerStyle?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "A built-in icon; implies --mode custom, or is drawn beside a bar, ring, pie or spinner chosen with --mode.",
        valueName: "icon"))
    var icon: Icon?

    @Flag(help: """
        ProgressHUD's top banner: the label as its title, the details as a message of up to two lines; slides in \
        from the top of the work area, hides after 3 s or when clicked.
        """)
    var banner = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "A PNG, SVG or JPEG image (or GIF, BMP, TIFF, XPM, ICO), scaled to fit 37 pt; implies --mode custom, or is "
            + "drawn beside the indicator chosen with --mode.",
        valueName: "file"), completion: .file(extensions: ["png", "svg", "jpg", "jpeg", "gif", "bmp", "tiff", "xpm",
                                                           "ico"]))
    var image: String?

    @Option(parsing: .unconditional, help: "Show a rounded button with this title.")
    var button: String?

    /// The look's settings, where it appears, and the config file: the options `x11hud notifications` shares.
    @OptionGroup var look: LookOptions

    // The HUD's other settings: each option's name and help are its row of the table of settings.

    @Option(name: .setting(.backgroundColor), parsing: .unconditional, help: .setting(.backgroundColor),
            transform: parseColor)
    var backgroundColor: RGBA?

    @Option(name: .customLong("min-size"), parsing: .unconditional,
            help: ArgumentHelp("Minimum bezel size in points.", valueName: "WxH"),
            transform: SizeValue.parse)
    var minSize: SizeValue?

    @Flag(help: "Make the bezel square.")
    var square = false

    @Option(name: .setting(.pieStyle), parsing: .unconditional, help: .setting(.pieStyle))
    var pieStyle: DeterminateStyle?

    /// The table of settings for packaging/man.py; not shown anywhere.
    @Flag(name: .customLong("print-settings"), help: ArgumentHelp(visibility: .private))
    var printSettings = false

    @Flag(help: "Read Pango markup in the label and details instead of showing them literally.")
    var markup = false

    mutating func validate() throws {
        settings = try look.settings(adding: [
            (.backgroundColor, backgroundColor.map { .color($0) }), (.pieStyle, pieStyle.map { .pieStyle($0) }),
            (.spinner, spinner.map { .spinner($0) }),
        ])
        // Answered in run() (`printout`), not thrown from here: ArgumentParser looks for the options it does not know
        // only after validate(), so an answer thrown here would hide them (`--bogus --print-config` exited 0).
        if printout != nil { return }
        if icon != nil, image != nil { throw ValidationError("--icon and --image cannot be used together") }
        if pulsate, let mode, mode != .indeterminate {
            throw ValidationError("--pulsate cannot be used with --mode \(mode.rawValue)")
        }
        if progress != nil, percentage != nil {
            throw ValidationError("--progress and --percentage cannot be used together")
        }
        // With a progress mode or the spinner, the icon or image is drawn beside it (yad's --image beside its bar).
        if mode == .text, icon != nil || image != nil {
            throw ValidationError("--icon and --image cannot be shown with --mode text")
        }
        if markup {
            // Sizes in markup are held to the limits of --font; other bad markup is shown literally, as documented.
            for (option, text) in [("--label", label ?? ""), ("--details", details ?? "")] {
                if let problem = MarkupCheck.problem(in: text), problem.contains("size") || problem.contains("scales") {
                    throw ValidationError("The value '\(text)' is invalid for '\(option)' with --markup: \(problem)")
                }
            }
        }
        if let image {
            do { loadedImage = try ImageAsset(contentsOf: RelativePaths.resolve(image)) } catch {
                throw ValidationError("--image: \(error.description)")
            }
        }
    }

    /// What `--print-config` or `--print-settings` asks for, printed by `run()` instead of showing anything; nil
    /// for neither.
    var printout: String? {
        if look.printConfig { return settings.printed }
        return printSettings ? Setting.tabulated : nil
    }

    /// Decoded in `validate()`, so a missing file is a usage error before anything is shown.
    var loadedImage: ImageAsset? {
        get { worked.loadedImage }
        set { worked.loadedImage = newValue }
    }

    /// The config file under the command line, resolved in `validate()`.
    var settings: Settings {
        get { worked.settings }
        set { worked.settings = newValue }
    }

    /// What `validate()` works out from the options. Its own type decodes as empty, so the parser needs no
    /// `CodingKeys` list that every new option would have to join (it only decodes what its property wrappers
    /// declare).
    private var worked = Worked()

    private struct Worked: Decodable {
        var settings = Settings()
        var loadedImage: ImageAsset?

        init() {}
        init(from decoder: any Decoder) {}
    }

    var content: HUDContent {
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
    var modeIsExplicit: Bool { mode != nil || pulsate }

    /// The look: built-in defaults, then the config file, then the flags.
    var style: HUDStyle {
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
    var explicitScale: Double? { settings.scale }

    var scaleFactor: Double { explicitScale ?? 1 }
}

extension NameSpecification {
    /// A setting's option: `--` and its config key.
    static func setting(_ key: ConfigKey) -> NameSpecification { .customLong(key.rawValue) }

    /// A `[notifications]` setting's option, named like its key.
    static func notification(_ key: NotificationKey) -> NameSpecification { .customLong(key.rawValue) }
}

extension ArgumentHelp {
    /// A setting's help, from its row of the table of settings.
    static func setting(_ key: ConfigKey) -> ArgumentHelp { ArgumentHelp(row: key.setting) }

    /// A `[notifications]` setting's help, from its row.
    static func notification(_ key: NotificationKey) -> ArgumentHelp { ArgumentHelp(row: key.setting) }

    private init(row: Setting) {
        self.init(row.optionHelp, valueName: row.valueName)
    }
}

extension SettingKey {
    /// A number setting's value on the command line, held to the range the config file is held to.
    func number(_ argument: String) throws(ValueRule) -> Double {
        do { return try setting.type.number(argument) } catch { throw ValueRule(error.reason) }
    }

    /// A count's value on the command line, held to the range the config file is held to.
    func whole(_ argument: String) throws(ValueRule) -> Int {
        do { return try setting.type.whole(argument) } catch { throw ValueRule(error.reason) }
    }
}
