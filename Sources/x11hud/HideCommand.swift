import CommandOptions
import X11Names
import X11Display
import HUDBase
import HUDCommandLine
import Glibc
import HUDScene
import X11Platform
import SocketNames
import FoundationEssentials
import HUDLoop

/// `x11hud hide`: hides a HUD that any x11hud process shows, as `ProgressHUD.dismiss()` does; the process that
/// shows it then exits as if its own hide had come.
struct HideCommand: Command {
    static let spec = makeSpec(["x11hud", "hide"], abstract: "Hide a HUD shown by any x11hud process on the display.",
                               discussion: ExitStatus.sentence([
                                   (.done, "hidden"), (.cancelled, "no such HUD"), (.usage, "no such window"),
                                   (.displayUnavailable, "the display cannot be opened"),
                               ]),
                               usage: "x11hud hide [--id <name>] [--all] [--over-window <window>] [--display <name>]")

    var id: String?
    var all = false
    var overWindow: WindowChoice?
    var display: String?

    static let rows: [OptionRow<HideCommand>] = [
        .text("id", valueName: "name", help: "The name the HUD was shown with (--id).") { $0.id = $1 },
        .flag("all", help: "Hide every HUD on the display.") { $0.all = $1 },
        .option("over-window", valueName: "window", help: """
            Hide the HUDs over this window (as shown with --over-window; with --id, that one of them): an id, its \
            frame's id, 'active' or 'pointer'.
            """, parse: parseWindowChoice) { $0.overWindow = $1 },
        .text("display", valueName: "name", help: "The X display (default: $DISPLAY).") { $0.display = $1 },
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
        if let done = hideOnWayland() { return done }
        // Only the link to the HUDs: no display session, as a forwarding `x11hud --id` has.
        let forwarder: HUDForwarder
        do { forwarder = try HUDForwarder(display: display) } catch {
            return ExitError(message: error.message, code: error.exitCode)
        }
        var window: UInt?
        if let overWindow {
            do { window = try forwarder.window(overWindow) } catch {
                return ExitError(message: error.message, code: error.exitCode)
            }
        }
        let targets: [RemoteHUD]
        if let id {
            // Names given with --over-window are per window.
            let name = window.map { ShowCommand.windowID(id, window: $0) } ?? id
            guard let remote = forwarder.remoteHUD(id: name) else {
                return ExitError(.cancelled, "no HUD '\(id)' is up on \(forwarder.displayName)")
            }
            targets = [remote]
        } else if let window {
            targets = forwarder.remoteHUDs(over: window)
            if targets.isEmpty {
                let name = WindowChoice.hex(window)
                return ExitError(.cancelled, "no HUD is up over \(name) on \(forwarder.displayName)")
            }
        } else {
            targets = forwarder.remoteHUDs()
            if targets.isEmpty { Glibc.exit(0) }
        }
        Self.hideAll(targets, loop: forwarder.loop)
    }

    /// On a Wayland compositor (WAYLAND_DISPLAY, no --display, no --over-window), the named HUDs shown there,
    /// through their sockets: hidden, then the process exits. Nil when there is no such HUD and an X display is
    /// there to look on (HUDs shown with --backend x11, or under XWayland), or when this is not Wayland.
    @MainActor private func hideOnWayland() -> ExitError? {
        let environment = ProcessInfo.processInfo.environment
        guard display == nil, overWindow == nil, let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty,
              let directory = try? NameDirectory(display: wayland, environment: environment) else { return nil }
        let loop = SystemLoop.main
        let targets: [NameClient]
        if let id {
            targets = NameClaim.client(for: id, in: directory, loop: loop).map { [$0] } ?? []
        } else {
            targets = NameClaim.clients(in: directory, loop: loop)
        }
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        if targets.isEmpty {
            if x11 { return nil }
            if let id { return ExitError(.cancelled, "no HUD '\(id)' is up on \(wayland)") }
            Glibc.exit(0)
        }
        Self.hideAll(targets, loop: loop)
    }

    /// Hides each of `targets` (X11's `RemoteHUD`s or Wayland's `NameClient`s), then exits 0 once each has read the
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
