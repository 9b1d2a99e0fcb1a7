import CommandOptions
import Glibc
import HUDBase
import HUDConfig
import HUDControl
import HUDRender
import HUDShow

/// The resident x11hud of the user on a display (`x11hud serve`): while one runs, a command line that shows a HUD
/// hands it over (`ShowHost`) and only forwards, never loading cairo, Pango or a font; the resident makes each HUD
/// from the command its client read, as that client would (`show`). Written once above the seam: a served HUD
/// keeps the same rules on X11 and on Wayland. `X11HUD_NO_SERVE=1` shows a HUD of the process's own anyway.
@MainActor enum Resident {
    /// Whether `X11HUD_NO_SERVE` asks for a HUD of this process's own.
    static var isBypassed: Bool {
        guard let value = getenv("X11HUD_NO_SERVE") else { return false }
        return !(value[0] == 0 || value[0] == CChar(UInt8(ascii: "0")) && value[1] == 0)
    }

    /// A name no other HUD on the display has, for a served HUD without `--id`: the client's process, and a random
    /// part for a process that shows another.
    nonisolated static func uniqueName() -> String {
        "served.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
    }

    /// What a client hands the resident, as one JSON line: the command it read (zenity's and yad's translated),
    /// its working directory (for a relative `--image` or `--config`) and its HUD's name. The resident reads the
    /// files the command names, never the command line again.
    struct Request: Codable {
        var command: ShowCommand
        var directory: String
        var name: String
    }

    /// The request to show `command`'s HUD named `name`, as the line sent.
    nonisolated static func request(for command: ShowCommand, name: String) -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let directory = getcwd(&path, path.count) != nil
            ? String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
        return JSONWriter.text(Request(command: command, directory: directory, name: name)) ?? "{}"
    }

    /// Makes `session`'s process the resident, until it ends.
    /// - Throws: `ExitError` when another resident runs there (75), or the resident's place cannot be made.
    static func serve(on session: any DisplaySession) throws(ExitError) {
        let names: any NameService
        let serving: Bool
        do throws(PlatformFailure) {
            names = try session.names()
            serving = try names.serve { lines in show(lines, on: session) }
        } catch {
            throw ExitError(error.status, "serve: \(error.message)")
        }
        guard serving else {
            throw ExitError(.nameTaken, "serve: another x11hud serve runs on \(session.displayName)")
        }
    }

    /// The HUD a client's request asks for, dressed as its command line says, not yet shown; nil when its name is
    /// up already or a file it names cannot be read here (the client then shows its own).
    static func show(_ lines: [String], on session: any DisplaySession) -> (any HUDPresenter)? {
        guard let line = lines.first,
              let request = try? JSONReader.decode(Request.self, from: line.utf8) else { return nil }
        var command = request.command
        // A relative path (--image, --config) is the client's: read against its directory, never by a chdir.
        let loaded: ()? = RelativePaths.$directory.withValue(request.directory) { try? command.hud.loadFiles() }
        guard loaded != nil else { return nil }
        var place = HUDPlace(name: request.name.isEmpty ? nil : request.name, scale: command.hud.explicitScale,
                             monitor: command.hud.settings.monitor)
        if let choice = command.overWindow {
            guard let window = try? session.window(choice) else { return nil }
            place.window = window
        }
        if place.name != nil {
            guard let names = try? session.names(), case .ours? = try? names.claim(place) else { return nil }
        }
        guard let hud = try? session.makeHUD(place) else { return nil }
        hud.content = ShowHost.content(command)
        ShowHost.dress(hud, as: command, on: session)
        // The button cancels (the client's rules say what that means); so does a click with --dismiss-on-click.
        hud.buttonAction = { [unowned hud] in hud.cancel() }
        if command.dismissOnClick { hud.bezelAction = { [unowned hud] in hud.cancel() } }
        if command.hud.banner { hud.bezelAction = { [unowned hud] in hud.hide() } }
        // Nothing of a HUD is kept once it has ended: the resident's memory does not grow with the HUDs it drew.
        hud.completion = { [unowned hud] in
            session.ended(hud, status: hud.wasCancelled ? ExitStatus.cancelled.code : ExitStatus.done.code)
        }
        return hud
    }
}
