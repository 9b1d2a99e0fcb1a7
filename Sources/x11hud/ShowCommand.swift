import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import HUDConfig
import HUDScene
import ProgressFeed
import X11Platform

/// `x11hud show` (the default): the live HUD on an X display, through the `X11Platform` library API only.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the HUD on an X display (the default command).",
        discussion: """
            The HUD fades (or zooms) in on the primary monitor, on top of every window, letting clicks through
            except on its button. With --hide-after it hides by itself, then x11hud exits; without, it stays until
            the button is clicked or the process is signalled. Without a compositor the bezel is drawn opaque and
            the window clipped to its rounded shape; a compositor starting or stopping is followed live.

            Progress is read from standard input when it is a pipe or a file (or with --stdin), one update per line
            ended by \\n or \\r: a percentage (45, 45.5, 45%), #TEXT for the label, a JSON object
            {"progress":0.45,"label":"…","details":"…","mode":"bar","icon":"success","spinner":"…","hide":1.5}, or
            any line with a percentage in it (rsync --info=progress2, curl -#), of which the last is taken. The end of
            the input hides the HUD.

            Exit status: 0 hidden, 1 closed with the button (or a click with --dismiss-on-click), 64 bad usage,
            69 the display cannot be opened, 74 the connection to the X server was lost, 78 bad config file,
            128+N ended by signal N (130 SIGINT, 143 SIGTERM).
            """
    )

    @OptionGroup var hud: HUDOptions

    @Option(help: ArgumentHelp("Appear only if still up after this many seconds (a hide before then shows nothing).",
                               valueName: "seconds"))
    var grace: NonNegative?

    @Option(name: .customLong("min-show"),
            help: ArgumentHelp("Once shown, stay at least this many seconds.", valueName: "seconds"))
    var minShow: NonNegative?

    @Option(name: .customLong("hide-after"),
            help: ArgumentHelp("""
                Start hiding this many seconds after start (not before --min-show is up), then exit. \
                'auto': long enough to read the text, 1.25 s + 0.03 s a character, at most 10 s.
                """, valueName: "seconds|auto"))
    var hideAfter: HideAfter?

    @Flag(help: "Read progress from standard input even when it is a terminal.")
    var stdin = false

    @Flag(name: .customLong("no-scan"), help: "Take only plain numbers, #labels and JSON from the input, not a percentage inside other text.")
    var noScan = false

    @Flag(name: .customLong("auto-close"), help: "Hide when the progress reaches 100% (zenity).")
    var autoClose = false

    @Flag(name: .customLong("dismiss-on-click"), help: "A click on the bezel closes the HUD like the button (exit 1).")
    var dismissOnClick = false

    @Flag(name: .customLong("no-cancel"), help: ArgumentHelp("Accepted for zenity scripts; x11hud shows a button only with --button.",
                                                           visibility: .hidden))
    var noCancel = false

    @Option(help: ArgumentHelp("The X display to show on (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Flag(name: .customLong("block-input"),
          help: "While shown, swallow pointer clicks on the whole monitor (never the keyboard).")
    var blockInput = false

    func run() throws {
        // ArgumentParser calls this on the main thread, which `HUD` (main-actor bound) needs.
        if let failure = MainActor.assumeIsolated({ start() }) { throw failure }
    }

    /// Shows the HUD and never returns, or returns why it could not.
    @MainActor private func start() -> ExitError? {
        let live: HUD
        let choice = MonitorChoice(hud.settings.monitor)
        do { live = try HUD(display: display, scale: hud.explicitScale, monitor: choice) } catch {
            return ExitError(message: error.message, code: error.exitCode)
        }
        if !live.monitorChoiceExists {
            // A warning, not an error: the HUD still shows, on the primary monitor.
            X11HUDCommand.printError("warning: no monitor '\(choice)' (there are: \(live.monitorNames.joined(separator: ", "))); "
                + "using \(live.monitorName)")
        }
        var options = hud
        if options.settings.themeChoice == .auto {
            let dark = live.desktopPrefersDarkTheme(environment: ProcessInfo.processInfo.environment)
            options.settings.autoTheme = dark == false ? .light : .dark
        }
        live.content = options.content
        live.style = options.style
        live.blocksInput = blockInput
        if let warning = LiveWarnings.background(style: live.style, composited: live.isComposited) {
            X11HUDCommand.printError(warning)
        }
        live.graceTime = grace?.value ?? 0
        live.minShowTime = minShow?.value ?? 0
        let status = ExitStatus()
        let cancel: @MainActor () -> Void = { [unowned live] in
            status.code = 1
            live.hide()
        }
        live.buttonAction = cancel
        if dismissOnClick { live.bezelAction = cancel }
        // A click hides a banner, as a tap does ProgressHUD's: dismissed, not cancelled.
        if hud.banner { live.bezelAction = { [unowned live] in live.hide() } }
        live.completion = { Glibc.exit(status.code) }
        live.show()
        if let hideAfter = hideAfter ?? (hud.banner ? .seconds(3) : nil) {
            live.hide(afterDelay: hideAfter.seconds(for: hud.content))
        }
        if stdin || StdinFeed.hasInput() {
            let applier = FeedApplier(hud: live, modeIsExplicit: hud.modeIsExplicit, autoClose: autoClose,
                                      hidesAtEnd: hideAfter == nil)
            let feed = StdinFeed(parser: FeedParser(scanPercentages: !noScan)) {
                DispatchQueue.main.async { MainActor.assumeIsolated { applier.pickUp() } }
            }
            applier.feed = feed
            // While frames run, each frame pulls the input; when they stop, the reader asks for a look again.
            live.willUpdate = { [unowned applier] in applier.pickUp() }
            live.didUpdate = { [unowned live, unowned applier] in
                if feed.framesLook(live.isRunningFrames) { applier.pickUp() }
            }
            feed.start()
        }
        live.run()
    }
}

/// How the HUD ended: 0 hidden, 1 cancelled.
@MainActor final class ExitStatus {
    var code: Int32 = 0
}

/// `--hide-after`: seconds, or `auto` for a time to read the text.
enum HideAfter: ExpressibleByArgument {
    case seconds(Double)
    case auto

    init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let v = NonNegative(argument: argument) else { return nil }
        self = .seconds(v.value)
    }

    /// ProgressHUD's reading time, 1.25 s + 0.03 s a character, capped so a long text cannot keep it up for minutes.
    /// (SVProgressHUD's 5 s minimum is too long for a volume or brightness flash.)
    func seconds(for content: HUDContent) -> Double {
        switch self {
        case .seconds(let s): return s
        case .auto: return min(1.25 + 0.03 * Double(content.label.count + content.details.count), 10)
        }
    }
}
