import CommandOptions
import HUDControl
import X11Display
import HUDBase
import HUDCommandLine
import FoundationEssentials
import Glibc
import HUDConfig
import HUDLoop
import HUDRender
import HUDScene
import X11Platform
import WaylandPlatform

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
            if let wayland = try Backend.waylandSession(backend, display: display) {
                wayland.watchSignals()
                let resident = try WaylandResident(session: wayland)
                try resident.start()
                TextStack.loadForOwnHUD()
                withExtendedLifetime(resident) { wayland.run() }
            }
        } catch {
            return error
        }
        let session: HUDSession
        do { session = try HUDSession(display: display) } catch {
            return ExitError(message: error.message, code: error.exitCode)
        }
        let huds = ServedHUDs(session: session)
        guard session.serve({ huds.show($0) }) else {
            return ExitError(.nameTaken, "serve: another x11hud serve runs on \(session.displayName)")
        }
        // Loaded once, ahead of the first client: its HUD draws text at once.
        TextStack.loadForOwnHUD()
        session.run()
    }
}

/// The HUDs a resident shows for its clients, each made from the command its client read, as that client would.
@MainActor final class ServedHUDs {
    private let session: HUDSession

    init(session: HUDSession) {
        self.session = session
    }

    /// Shows the HUD `served` asks for, or answers that it cannot (the client then shows its own).
    func show(_ served: ServedRequest) {
        guard let line = served.lines.first,
              let request = try? JSONDecoder().decode(Resident.Request.self, from: Data(line.utf8)),
              let hud = make(request) else {
            return session.refuse(served)
        }
        session.accept(served, showing: hud)
        hud.show()
        session.updateSoon()
    }

    /// The HUD of `request`'s command, named as the client asks; nil when the name is taken or a file it names
    /// cannot be read here.
    private func make(_ request: Resident.Request) -> HUD? {
        var command = request.command
        // A relative path (--image, --config) is the client's: read against its directory, never by a chdir.
        let loaded: ()? = RelativePaths.$directory.withValue(request.directory) { try? command.hud.loadFiles() }
        guard loaded != nil else { return nil }
        // A HUD of that name that has ended is let go; one that is still up keeps it (the client shows its own).
        session.forget(id: request.name)
        if session.existingHUD(id: request.name) != nil { return nil }
        let window = command.overWindow.flatMap { try? session.window($0) }
        if command.overWindow != nil, window == nil { return nil }
        let claimed = try? session.claim(id: request.name, scale: command.hud.explicitScale,
                                         monitor: MonitorChoice(command.hud.settings.monitor), over: window)
        guard case .local(let hud)? = claimed else { return nil }
        hud.content = LiveShow.content(command)
        LiveShow.dress(hud, as: command)
        hud.policy = LiveShow.policy(command)
        // The button cancels (the client's rules say what that means); so does a click with --dismiss-on-click.
        if command.dismissOnClick { hud.bezelAction = { [unowned hud] in hud.cancel() } }
        if command.hud.banner { hud.bezelAction = { [unowned hud] in hud.hide() } }
        // Nothing of a HUD is kept once it has ended: the resident's memory does not grow with the HUDs it drew.
        let name = request.name
        hud.completion = { [session] in
            session.loop.soon { session.forget(id: name) }
        }
        return hud
    }
}
