import CommandOptions
import FoundationEssentials
import Glibc
import HUDBase
import HUDConfig
import HUDControl
import HUDRender
import SocketNames
import WaylandPlatform

/// `x11hud serve` on a Wayland compositor: the HUDs of the user's command lines there, each asked for through the
/// resident's socket (`NameClaim.resident`) and driven through that connection (`ServedLink`), as ServedHUDs does
/// on X11. Each HUD has a socket of its own too, its name's or an unnamed one, so `list`, `hide` and other
/// processes' `--id` reach it as they reach any HUD.
@MainActor final class WaylandResident {
    private let session: WaylandSession
    private let names: NameDirectory
    private var owner: NameOwner?
    private var served = 0

    init(session: WaylandSession) throws(ExitError) {
        self.session = session
        do {
            names = try NameDirectory(display: session.displayName, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ExitError(message: "serve: \(error.message)", code: ExitStatus.displayUnavailable.code)
        }
    }

    /// Takes the resident's socket.
    /// - Throws: `ExitError` when another resident runs there (75), or the socket cannot be made.
    func start() throws(ExitError) {
        let claimed: NameOwner?
        do { claimed = try NameClaim.resident(in: names, loop: session.loop) } catch {
            throw ExitError(message: "serve: \(error.message)", code: ExitStatus.internalError.code)
        }
        guard let claimed else {
            throw ExitError(.nameTaken, "serve: another x11hud serve runs on \(session.displayName)")
        }
        owner = claimed
        session.stackWithNeighbours(in: names)
        claimed.onOpen = { [unowned self] request, link in show(request, link) }
    }

    /// Shows the HUD `request` asks for, driven through `link`; false when it cannot (its name is up already, or a
    /// file it names cannot be read here): the client then shows its own.
    private func show(_ request: NameRequest, _ link: ServedLink) -> Bool {
        guard let line = request.lines.first,
              let asked = try? JSONDecoder().decode(Resident.Request.self, from: Data(line.utf8)) else { return false }
        var command = asked.command
        // A relative path (--image, --config) is the client's: read against its directory, never by a chdir.
        let loaded: ()? = RelativePaths.$directory.withValue(asked.directory) { try? command.hud.loadFiles() }
        guard loaded != nil else { return false }
        served += 1
        let owner: NameOwner?
        if let id = command.id {
            guard case .ours(let named)? = try? NameClaim.claim(id, in: names, loop: session.loop) else { return false }
            owner = named
        } else {
            owner = try? NameClaim.anonymous(in: names, loop: session.loop, serial: served)
        }
        let live = session.makeHUD(scale: command.hud.explicitScale,
                                   output: Backend.output(command.hud.settings.monitor, session))
        live.content = LiveShow.content(command)
        LiveShow.dress(live, as: command) {
            Backend.desktopPrefersDark(environment: ProcessInfo.processInfo.environment)
        }
        // The button cancels (the client's rules say what that means); so does a click with --dismiss-on-click.
        live.buttonAction = { [unowned live] in live.cancel() }
        if command.dismissOnClick { live.bezelAction = { [unowned live] in live.cancel() } }
        if command.hud.banner { live.bezelAction = { [unowned live] in live.hide() } }
        if let owner {
            if let id = command.id { live.controller.id = id }
            let output = Backend.output(command.hud.settings.monitor, session) ?? session.outputNames.first ?? ""
            WaylandShow.answer(owner, for: live, on: output)
        }
        link.onRequest = { [unowned live] in WaylandShow.apply($0, to: live) }
        // A client that goes away takes its HUD with it.
        link.onClosed = { [weak live] in live?.hide() }
        // Nothing of a HUD is kept once it has ended: the resident's memory does not grow with the HUDs it drew.
        live.completion = { [unowned live] in
            let status = live.wasCancelled ? ExitStatus.cancelled.code : ExitStatus.done.code
            owner?.end(status: status)
            link.end(status: status)
        }
        live.show()
        return true
    }
}
