import X11Names
import FoundationEssentials
import Glibc
import X11Platform

/// The resident x11hud of the user on a display (`x11hud serve`), as a command line that shows a HUD finds it:
/// while one runs, the HUD is handed to it (`LiveShow(servedBy:)`) and this process only forwards, never loading
/// cairo, Pango or a font. `X11HUD_NO_SERVE=1` shows a HUD of this process's own anyway.
@MainActor enum Resident {
    /// The arguments after `x11hud` that describe this invocation's HUD (for zenity and yad, x11hud's own that
    /// stand for them): what the resident reads, as this process did, to show the same HUD.
    static var arguments: [String] = []

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

    /// What a client hands the resident: its arguments, its working directory (for a relative `--image`) and
    /// its HUD's name, as one JSON line.
    struct Request: Codable {
        var arguments: [String]
        var directory: String
        var name: String
    }

    /// The request for the HUD named `name`, as the line sent.
    static func request(name: String) -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let directory = getcwd(&path, path.count) != nil
            ? String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
        let data = (try? JSONEncoder().encode(Request(arguments: arguments, directory: directory, name: name)))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
