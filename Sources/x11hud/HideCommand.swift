import CommandOptions
import HUDBase
import HUDCommandLine
import Glibc
import HUDScene
import HUDShow
import HUDControl
import HUDLoop

/// `x11hud hide`: hides a HUD that any x11hud process shows, as `ProgressHUD.dismiss()` does; the process that
/// shows it then exits as if its own hide had come.
struct HideCommand: Command {
    static let spec = makeSpec(["x11hud", "hide"], abstract: "Hide a HUD shown by any x11hud process on the display.",
                               discussion: ExitStatus.sentence([
                                   (.done, "hidden"), (.cancelled, "no such HUD"), (.usage, "no such window"),
                                   (.displayUnavailable, "the display cannot be opened"),
                               ]),
                               usage: "x11hud hide [--id <name>] [--all] [--over-window <window>] [--display <name>] "
                                   + "[--backend <auto|x11|wayland>]")

    var id: String?
    var all = false
    var overWindow: WindowChoice?
    var display: String?
    var backend: Backend?

    static let rows: [OptionRow<HideCommand>] = [
        .text("id", valueName: "name", help: "The name the HUD was shown with (--id).") { $0.id = $1 },
        .flag("all", help: "Hide every HUD on the display.") { $0.all = $1 },
        .option("over-window", valueName: "window", help: """
            Hide the HUDs over this window (as shown with --over-window; with --id, that one of them): an id, its \
            frame's id, 'active' or 'pointer'.
            """, parse: parseWindowChoice) { $0.overWindow = $1 },
        .text("display", valueName: "name", help: "The X display (default: $DISPLAY).") { $0.display = $1 },
        Backend.row(\.backend),
    ]

    mutating func validate() throws {
        if all, id != nil || overWindow != nil {
            throw UsageError("--all hides every HUD: no --id or --over-window")
        }
        if !all, id == nil, overWindow == nil {
            throw UsageError("give --id NAME, --over-window WINDOW or --all")
        }
    }

    func run() throws {
        if let failure = MainActor.assumeIsolated({ start() }) { throw failure }
    }

    @MainActor private func start() -> ExitError? {
        // Only the link to the HUDs: no HUD session, as a forwarding `x11hud --id` has.
        let session: any DisplaySession
        let names: any NameService
        var window: UInt?
        do throws(PlatformFailure) {
            do throws(ExitError) {
                let needsX11 = overWindow.map { _ in "--over-window" }
                session = try Platform.open(backend, display: display, needsX11: needsX11)
            } catch {
                return error
            }
            names = try session.names()
            if let overWindow { window = try session.window(overWindow) }
        } catch {
            return ExitError(error.status, error.message)
        }
        let targets: [any DeliveryEndpoint]
        if let id {
            // Names given with --over-window are per window.
            let name = window.map { ShowCommand.windowID(id, window: $0) } ?? id
            guard let found = names.endpoint(named: name) else {
                return ExitError(.cancelled, "no HUD '\(id)' is up on \(session.displayName)")
            }
            targets = [found]
        } else {
            targets = names.endpoints(over: window)
            if targets.isEmpty, let window {
                let name = WindowChoice.hex(window)
                return ExitError(.cancelled, "no HUD is up over \(name) on \(session.displayName)")
            }
            if targets.isEmpty { Glibc.exit(0) }
        }
        Self.hideAll(targets, loop: session.loop)
    }

    /// Hides each of `targets`, then exits 0 once each has read the
    /// request (or its process has gone meanwhile); 1 when one has not answered within 2 s.
    @MainActor private static func hideAll(_ targets: [any DeliveryEndpoint], loop: any EventLoop) -> Never {
        var waiting = targets.count
        for target in targets {
            let done: @MainActor () -> Void = {
                waiting -= 1
                if waiting == 0 { Glibc.exit(0) }
            }
            target.onAcknowledged = done
            target.onVanished = done
            target.hide(subscribe: false)
        }
        loop.schedule(after: 2) {
            X11HUDCommand.fail("\(waiting) HUD(s) did not answer within 2 s", code: ExitStatus.cancelled.code)
        }
        SystemLoop.main.run()
    }
}
