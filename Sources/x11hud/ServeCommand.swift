import CommandOptions
import HUDAccess
import HUDBase
import HUDCommandLine
import HUDConfig
import Glibc
import HUDRender
import HUDShow

/// `x11hud serve`: the resident x11hud of a display. It holds the connection, the text stack and the fonts, and
/// shows the HUD of every x11hud command line of the user on the display (`Resident`), which then starts as a thin
/// client: it hands over the command it read (`Resident.Request`) and forwards its input, as a named HUD's client does.
struct ServeCommand: Command {
    static let spec = makeSpec(["x11hud", "serve"],
                               abstract: "Stay resident on the display and draw the HUD of every x11hud started there.",
                               discussion: """
        While it runs, every x11hud of yours on the display that shows a HUD (the default command, --id, run, \
        zenity and yad, --watch-pid and --watch-file) hands its HUD to it and only forwards its input: it \
        starts without loading cairo, Pango or a font, and keeps its own exit status, signals and input \
        (it exits when its HUD ends; a producer writing into it is never killed). Without a resident, or with \
        X11HUD_NO_SERVE=1 in its environment, a command line shows its own HUD as before; when the resident \
        goes away, each of its clients goes on with a HUD of its own. It opens no window until a HUD is \
        shown, and ends on SIGINT or SIGTERM with every window removed. One per display and user: another \
        'x11hud serve' there says so in one line and exits \(ExitStatus.nameTaken.label). On a Wayland \
        compositor with layer-shell it serves the HUDs shown there natively, through a socket of the user's \
        in $XDG_RUNTIME_DIR.
        """)

    var display: String?
    var backend: Backend?

    static let rows: [OptionRow<ServeCommand>] = [
        .text("display", valueName: "name", help: "The X display to serve (default: $DISPLAY).") { $0.display = $1 },
        .option("backend", valueName: "auto|x11|wayland", help: """
            Serve X11 or a Wayland compositor with layer-shell, as a HUD chooses ('auto', the default: Wayland \
            when $WAYLAND_DISPLAY names one and no --display is given).
            """, choices: Backend.allCases.map(\.rawValue), parse: Backend.parse) { $0.backend = $1 },
    ]

    mutating func validate() throws {}

    func run() throws {
        if let failure = MainActor.assumeIsolated({ start() }) { throw failure }
    }

    @MainActor private func start() -> ExitError? {
        do throws(ExitError) {
            // The bridge starts with the session; the config's `accessibility = "off"` must be known before it does.
            // Read leniently: a bad key is a warning, and the resident serves all the same.
            let settings = try? Settings.load(config: nil, noConfig: false, given: [], lenient: true)
            AccessibilityBridge.isWanted = settings?.accessibility != .off
            let session = try Platform.open(backend, display: display)
            session.watchSignals()
            try Resident.serve(on: session)
            // Loaded once, ahead of the first client: its HUD draws text at once.
            ShowHost.prepareOwnHUD()
            session.run()
        } catch {
            return error
        }
    }
}
