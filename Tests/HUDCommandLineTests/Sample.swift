import HUDCommandLine

/// A small command shaped like x11hud's: options with choices, rules, two names, a flag, an inverted flag, a hidden
/// and a secret row, sections.
struct Sample: Equatable {
    enum Animation: String, CaseIterable, Sendable { case fade, zoom, slide }

    var mode: String?
    var label: String?
    var stdin = false
    var pty: Bool?
    var progress: Double?
    var animation: Animation?
    var debug: String?
    var secret: String?
    var pid: Int?
    var operands: [String] = []
    var words: [String] = []

    static let modes = ["indeterminate", "determinate", "annular", "bar", "custom", "text"]

    static let rows: [OptionRow<Sample>] = [
        .option("mode", valueName: "mode", help: "What to show above the labels.", choices: modes,
                parse: { text throws(ValueError) in
                    // An alias accepted without being listed, as x11hud's `ring`.
                    guard modes.contains(text) || text == "ring" else { throw .refused }
                    return text
                }, set: { $0.mode = $1 }),
        .text("label", "text", valueName: "label",
              help: "The main text (bold 16). --text is zenity's name for it.", set: { $0.label = $1 }),
        .option("progress", valueName: "progress", help: "Progress as a fraction.",
                parse: { text throws(ValueError) in
                    guard let value = Double(text), (0...1).contains(value) else { throw .rule("expected a fraction") }
                    return value
                }, set: { $0.progress = $1 }),
        .choice("animation", valueName: "animation", help: "Show/hide animation.", set: { $0.animation = $1 }),
        .flag("stdin", help: "Read standard input.") { $0.stdin = $1 },
        .option("watch-pid", valueName: "pid", help: "Watch a process.", section: "WATCHING",
                parse: { text throws(ValueError) in
                    guard let pid = Int(text) else { throw .rule("expected a process ID") }
                    return pid
                }, set: { $0.pid = $1 }),
        .text("debug-draw", valueName: "what", help: "Draw layout boxes.", visibility: .hidden,
              set: { $0.debug = $1 }),
        .text("secret-knob", valueName: "knob", help: "Not for users.", visibility: .secret,
              set: { $0.secret = $1 }),
    ] + OptionRow<Sample>.inverted("pty", help: "Run in a terminal of its own.") { $0.pty = $1 }

    static let show = CommandSpec<Sample>(path: ["x11hud", "show"], abstract: "Show the HUD.", options: rows,
                                          blank: { Sample() })

    static let run = CommandSpec<Sample>(
        path: ["x11hud", "run"], abstract: "Run a command.", options: rows,
        operands: .afterTerminator(name: "command", help: "The command.", set: { $0.operands = $1 }),
        blank: { Sample() },
        validate: { if $0.operands.isEmpty { throw UsageError("run: no command given") } })

    static let pause = CommandSpec<Sample>(
        path: ["x11hud", "notifications", "pause"], abstract: "Pause notifications.",
        options: [.text("for", valueName: "duration", help: "Resume after this long.", set: { $0.label = $1 })],
        operands: .positional([
            PositionalRow(name: "on|off|toggle|status", help: "What to do.", choices: ["on", "off", "toggle", "status"],
                          apply: { $0.words.append($1) }),
            PositionalRow(name: "id", help: "An id.", isOptional: true,
                          apply: { root, text throws(ValueError) in
                              guard Int(text) != nil else { throw .refused }
                              root.words.append(text)
                          }),
        ]),
        blank: { Sample() })
}

/// What a spec makes of `arguments`: the value, "help", "help-hidden", "version", or the error's description.
func outcome(_ spec: CommandSpec<Sample>, _ arguments: [String]) -> String {
    do {
        switch try CommandLineParser.parse(spec, arguments[...]) {
        case .command: return "command"
        case .help(_, let hidden): return hidden ? "help-hidden" : "help"
        case .version: return "version"
        }
    } catch {
        return "\(error)"
    }
}

func parsed(_ spec: CommandSpec<Sample>, _ arguments: [String]) throws -> Sample? {
    if case .command(let value) = try CommandLineParser.parse(spec, arguments[...]) { return value }
    return nil
}
