import CommandOptions
import HUDBase
import HUDCommandLine
import Glibc
import HUDConfig
import HUDFeeds
import HUDRender
import HUDScene
import HUDShow
import ProgressFeed

/// `x11hud show` (the default): the live HUD on an X display, through the `X11Platform` library API only.
struct ShowCommand: Command, Codable {
    static let spec = makeSpec(["x11hud", "show"],
                               abstract: "Show the HUD on the display, X11 or Wayland (the default command).",
                               discussion: discussion, usage: "x11hud show <options>")

    static let discussion = """
        The HUD fades (or zooms) in on the monitor under the pointer (see --monitor), on top of every window, \
        letting clicks through except on its button; with --over-window, on one application window instead. \
        With --hide-after it hides by itself, then x11hud exits; without, it stays until the input ends, the \
        button is clicked or the process is signalled. Without a compositor the bezel is drawn opaque and the \
        window clipped to its rounded shape; a compositor starting or stopping is followed live.

        Progress is read from standard input when it is a pipe or a file (or with --stdin), one update per line \
        ended by \\n or \\r: a percentage (45, 45.5, 45%), #TEXT for the label, a JSON object \
        such as {"progress":0.45, "label":"…"} (also "details", "mode", "icon", "spinner", "hide", "bytes", \
        "total_bytes"), the progress line of rsync, curl, pv, wget, dd, ffmpeg (dd and ffmpeg against \
        --total), restic, borg, rclone, duplicity, apt, dpkg, xz, 7-Zip or tar --checkpoint (against --total), \
        or a JSON message of restic, borg or rclone. \
        Other lines are passed over. The end of the input hides the HUD; once it is hidden, the rest \
        of the input is read and dropped, so the program writing it never dies of SIGPIPE. So is it when the \
        display cannot be opened or goes away: one line, then the input to its end, then exit 69 or 74.

        --watch-pid and --watch-file take progress from work already running instead, without a pipe.

        zenity and yad scripts: 'x11hud zenity --progress …', 'x11hud yad --progress …', a bare --progress, or \
        a symlink named zenity or yad; see 'x11hud zenity --help'.
        """

    var hud = HUDOptions()
    var watch = WatchOptions()
    var grace: Seconds?
    var minShow: Seconds?
    var hideAfter: HideAfter?
    var stdin = false
    var noScan = false
    var autoClose = false
    var dismissOnClick = false
    var noCancel = false
    var display: String?
    var backend: Backend?
    var blockInput = false
    var overWindow: WindowChoice?
    var id: String?
    var queue = false

    static let rows: [OptionRow<ShowCommand>] = .group(HUDOptions.rows) { c, body throws(ValueError) in
        try body(&c.hud)
    } + .group(WatchOptions.rows) { c, body throws(ValueError) in try body(&c.watch) } + [
        .option("grace", valueName: "seconds", help: """
            Appear only if still up after this many seconds (a hide before then shows nothing).
            """, parse: Seconds.parse) { $0.grace = $1 },
        .option("min-show", valueName: "seconds", help: "Once shown, stay at least this many seconds.",
                parse: Seconds.parse) { $0.minShow = $1 },
        .option("hide-after", valueName: "seconds|auto", help: """
            Start hiding this many seconds after start (not before --min-show is up), then exit. 'auto': long \
            enough to read the text, 1.25 s + 0.03 s a character, at most 10 s.
            """, parse: HideAfter.parse) { $0.hideAfter = $1 },
        .setting(ConfigKey.notify) { $0.hud.look.given[.notify] = $1 },
        .flag("stdin", help: "Read progress from standard input even when it is a terminal.") { $0.stdin = $1 },
        .flag("no-scan", help: """
            Take only plain numbers, #labels and JSON from the input, not the progress lines of rsync, curl, pv or \
            wget.
            """) { $0.noScan = $1 },
        .flag("auto-close", help: "Hide when the progress reaches 100% (zenity).") { $0.autoClose = $1 },
        .flag("dismiss-on-click", help: """
            A click on the bezel closes the HUD like the button (exit \(ExitStatus.cancelled.label)).
            """) { $0.dismissOnClick = $1 },
        .flag("no-cancel", help: "Accepted for zenity scripts; x11hud shows a button only with --button.",
              visibility: .hidden) { $0.noCancel = $1 },
        .text("display", valueName: "name", help: "The X display to show on (default: $DISPLAY).") {
            $0.display = $1
        },
        .option("backend", valueName: "auto|x11|wayland", help: """
            Show on X11 or natively on a Wayland compositor with layer-shell (sway, Hyprland, river, labwc, KDE). \
            'auto' (the default): Wayland when $WAYLAND_DISPLAY names such a compositor and neither --display nor \
            --over-window is given, else X11 (also XWayland).
            """, choices: Backend.allCases.map(\.rawValue), parse: Backend.parse) { $0.backend = $1 },
        .flag("block-input", help: """
            While shown, swallow pointer clicks on the whole monitor, or the --over-window (never the keyboard).
            """) { $0.blockInput = $1 },
        .option("over-window", valueName: "window", help: """
            Show the HUD on this window instead of a monitor, as a part of it: laid out in its area, moved, hidden \
            and covered with it, ended when it closes (exit \(ExitStatus.windowClosed.label)). --block-input then \
            covers only this window; --id names are per window. A window id (decimal or 0x…: $WINDOWID in a \
            terminal, xdotool, xwininfo; a frame is taken for the window in it), 'active' or 'pointer'. Drawn \
            opaque, without --background-color.
            """, parse: parseWindowChoice) { $0.overWindow = $1 },
        .text("id", valueName: "name", help: """
            Name the HUD on the display: while a HUD of that name is up (from any x11hud of yours), this one \
            changes it in place instead of opening another window, and exits at once (or after its input, or its \
            button).
            """) { $0.id = $1 },
        .flag("queue", help: "With --id: if that HUD is up, wait until it has hidden, then show.") { $0.queue = $1 },
    ]

    mutating func validate() throws {
        try hud.validate()
        try watch.validate()
        if queue, id == nil { throw UsageError("--queue needs --id") }
        if let id, id.isEmpty || id.utf8.count > 128 {
            throw UsageError("--id must be 1 to 128 bytes, not \(id.utf8.count)")
        }
    }

    func run() throws {
        var command = self
        try command.hud.loadFiles()
        if let printout = command.hud.printout { return print(printout) }
        // Called on the main thread, which the HUD session (main-actor bound) needs.
        if let failure = MainActor.assumeIsolated({ command.start(DialogRules()) }) { throw failure }
    }

    /// Shows the HUD (or hands it to the HUD of the same name) and never returns, or returns why it could not.
    /// `rules` say how it ends (zenity and yad give their own statuses).
    @MainActor func start(_ rules: DialogRules) -> ExitError? {
        do throws(ExitError) {
            let session = try Platform.open(backend, display: display, needsX11: x11Only, drainsInput: true)
            ShowHost.prepareOnConnection(self, session: session)
            // Before a name's socket is made or the text stack loads on its thread: a signal from then on takes
            // the HUD's window or socket with it.
            session.watchSignals()
            if FileDescriptorFeed.hasInput() {
                // A HUD never kills its producer: if the display goes away (or another client destroys the window),
                // the rest of the input is read and dropped, so `restic backup | x11hud` still ends with restic's
                // status.
                session.whenLost(saying: Self.readingOn) { Self.readToTheEnd(then: ExitStatus.connectionLost.code) }
            }
            // With --over-window, the window is found once, and --id names a HUD of that window (`name@0x…`).
            var command = self
            if let choice = overWindow {
                do { command.target(try session.window(choice)) } catch {
                    throw ExitError(error.status, error.message)
                }
            }
            // Kept for the process's life: a HUD served by the resident is held by nothing else here.
            let host = ShowHost(command: command, session: session, rules: rules)
            try host.start()
            withExtendedLifetime(host) { session.run() }
        } catch {
            return error
        }
    }

    /// The first option given that only X11 can do, if any.
    var x11Only: String? { overWindow != nil ? "--over-window" : nil }

    /// What the one line about a missing or lost display adds when there is piped input.
    static let readingOn = "; reading the input to its end without a HUD"

    /// Reads standard input to its end, dropping it, then ends the process with `code`. For the loss handler, on
    /// the thread whose Xlib call noticed: `_exit`, so nothing on the way out talks to the dead server.
    private nonisolated static func readToTheEnd(then code: Int32) -> Never {
        FileDescriptorFeed.discard(0)
        _exit(code)
    }

    /// The client window `--over-window` was found to mean, and the name `--id` then has: one per window.
    mutating func target(_ window: UInt) {
        overWindow = .id(window)
        if let id { self.id = Self.windowID(id, window: window) }
    }

    /// The display-wide name of the HUD named `id` over `window`.
    static func windowID(_ id: String, window: UInt) -> String { id + "@" + WindowChoice.hex(window) }

    /// The window the HUD goes over, once `target` has resolved it.
    var targetWindow: UInt? {
        if case .id(let window)? = overWindow { return window }
        return nil
    }

    /// Seconds after which the HUD hides by itself, if --hide-after says so (a banner: 3 s unless it says otherwise).
    var hideSeconds: Double? { (hideAfter ?? (hud.banner ? .seconds(3) : nil))?.seconds(for: hud.content) }

    /// Whether standard input carries updates.
    var readsInput: Bool { stdin || FileDescriptorFeed.hasInput() }

    /// How the input is read: a spinner chosen on purpose (--pulsate, --mode indeterminate) reads no percentage out
    /// of log lines.
    func feedParser(rules: DialogRules) -> FeedParser {
        let scan = !noScan && !(hud.modeIsExplicit && hud.content.mode == .indeterminate)
        return FeedParser(scanPercentages: scan, zenityRules: rules.lineRules, total: watch.total)
    }
}

/// `--hide-after`: seconds, or `auto` for a time to read the text.
enum HideAfter: Codable {
    case seconds(Double)
    case auto

    static func parse(_ argument: String) throws(ValueError) -> HideAfter {
        if argument == "auto" { return .auto }
        do { return .seconds(try Seconds.parse(argument).value) } catch {
            throw ValueError.rule(error.description + ", or auto")
        }
    }

    /// The seconds, or for `auto` the time to read the content (`ReadingTime`).
    func seconds(for content: HUDContent) -> Double {
        switch self {
        case .seconds(let s): return s
        case .auto: return ReadingTime.seconds(label: content.label, details: content.details)
        }
    }
}
