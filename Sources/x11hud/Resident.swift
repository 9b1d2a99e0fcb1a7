import CommandOptions
import X11Names
import FoundationEssentials
import Glibc
import X11Platform

/// The resident x11hud of the user on a display (`x11hud serve`), as a command line that shows a HUD finds it:
/// while one runs, the HUD is handed to it (`LiveShow(servedBy:)`) and this process only forwards, never loading
/// cairo, Pango or a font. `X11HUD_NO_SERVE=1` shows a HUD of this process's own anyway.
@MainActor enum Resident {
    /// Whether `X11HUD_NO_SERVE` asks for a HUD of this process's own.
    static var isBypassed: Bool {
        guard let value = getenv("X11HUD_NO_SERVE") else { return false }
        return !(value[0] == 0 || value[0] == CChar(UInt8(ascii: "0")) && value[1] == 0)
    }

    /// The resident on `forwarder`'s display, as the HUD it is to show for `command`, when it should show it: not
    /// with `X11HUD_NO_SERVE`, `--queue` (it waits in this process) or a yad button that runs a command.
    static func hud(for command: ShowCommand, rules: DialogRules, on forwarder: HUDForwarder) -> RemoteHUD? {
        guard !isBypassed, !command.queue, rules.buttonCommand == nil else { return nil }
        return forwarder.resident(naming: command.id ?? uniqueName())
    }

    /// A name no other HUD on the display has: the process, and a random part for a process that shows another.
    static func uniqueName() -> String {
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
        let data = try? JSONEncoder().encode(Request(command: command, directory: directory, name: name))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
