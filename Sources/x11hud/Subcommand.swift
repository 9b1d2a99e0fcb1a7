import CommandOptions
import HUDBase
import HUDScene

/// One of x11hud's commands as the parser, `--help`, the man page's SYNOPSIS and the shell completions know it.
///
/// `Subcommand.all` is the one list: the root command's `subcommands`, the words that are not the default
/// command's arguments, the SYNOPSIS (`--print-synopsis`, read by packaging/man.py), OTHER COMMANDS and the names
/// packaging/completions.py offers (`--print-commands`) all come from it, so a command added here is in each.
struct Subcommand: @unchecked Sendable {
    /// The word that selects it.
    let name: String
    /// The command; nil for zenity and yad, which are chosen before parsing (`ZenityCommand.select`)
    /// so that a script's options are never seen by the parser.
    let command: (any Command.Type)?
    /// Its forms in the SYNOPSIS, `<…>` marking what the user fills in.
    let synopsis: [String]
    /// How OTHER COMMANDS shows it, and what it says there; nil for the default command, whose options `--help`
    /// prints itself, and for a command listed with the one before it (yad, with zenity).
    let other: (usage: String, text: String)?

    /// A command of the parser's. The name is written here as well as in its spec's path (a test holds the two
    /// equal): reading it from the spec would build every command's rows, help texts and all, at every start, only
    /// to tell a subcommand's name from the default command's arguments.
    init(_ name: String, _ command: any Command.Type, synopsis: [String],
         other: (usage: String, text: String)?) {
        self.name = name
        self.command = command
        self.synopsis = synopsis
        self.other = other
    }

    /// zenity or yad.
    init(dialog name: String, synopsis: [String], other: (usage: String, text: String)?) {
        self.name = name
        self.command = nil
        self.synopsis = synopsis
        self.other = other
    }

    /// Every command, in the order `--help`, the SYNOPSIS and the completions list them; `show` is the default.
    static let all: [Subcommand] = [
        Subcommand("show", ShowCommand.self, synopsis: [
            "x11hud [show] [<options>]",
            "<producer> | x11hud [<options>]",
            "x11hud --watch-pid <pid> [--total <size>] [<options>]",
            "x11hud --watch-file <path> --total <size> [<options>]",
        ], other: nil),
        Subcommand("run", RunCommand.self, synopsis: ["x11hud run [<options>] -- <command> [<argument>…]"],
                   other: ("run -- COMMAND ...",
            "Run a command with the HUD up, its progress read from its output, then Done or Failed; exits with its "
                + "status ('x11hud run --help').")),
        Subcommand(dialog: "zenity", synopsis: ["x11hud zenity --progress [<zenity-options>]"], other: (
            "zenity, yad",
            "Run a script written for 'zenity --progress' or 'yad --progress' unchanged ('x11hud zenity --help').")),
        Subcommand(dialog: "yad", synopsis: ["x11hud yad --progress [<yad-options>]"], other: nil),
        Subcommand("render", RenderCommand.self, synopsis: ["x11hud render --out <file> [<options>]"], other: (
            "render", "Draw one frame to a PNG file, with no X server ('x11hud render --help').")),
        Subcommand("hide", HideCommand.self, synopsis: ["x11hud hide (--id <name> | --all)"], other: (
            "hide", "Hide a HUD shown by any x11hud process (--id NAME or --all).")),
        Subcommand("list", ListCommand.self, synopsis: ["x11hud list [--json]"], other: (
            "list", "List the HUDs up on the display (--json).")),
        Subcommand("serve", ServeCommand.self, synopsis: ["x11hud serve [--display <name>]"], other: (
            "serve", "Stay resident and draw every HUD of the display: each x11hud then starts as a light client "
                + "('x11hud serve --help').")),
        Subcommand("notifications", NotificationsCommand.self,
                   synopsis: [
                    "x11hud notifications [--replace] [<options>]",
                    "x11hud notifications (history [--json] | pop | close-all | count [<which>])",
                    "x11hud notifications pause (on | off | toggle | status) [--for <duration>]",
                    "x11hud notifications action <id> [<key>]",
                   ], other: ("notifications",
            "Be the session's notification server (notify-send, libnotify): every notification is a HUD; "
                + "history, pop, pause, close-all, count and action ask the running one.")),
    ]

    /// The words that select a command of the parser's.
    static var parsedNames: [String] { all.filter { $0.command != nil }.map(\.name) }

    /// The SYNOPSIS of `--help` and the man page, one form a line.
    static var synopsis: [String] { all.flatMap(\.synopsis) }

    /// The commands besides the default, for `x11hud --help`: the usage in a column, the text wrapped beside it.
    static var otherCommands: String {
        let column = 24, width = 78
        let rows = all.compactMap(\.other).map { other in
            let lines = wrap(other.text, width: width - column - 2)
            let first = "  " + other.usage.padded(to: column) + lines[0]
            return ([first] + lines.dropFirst().map { String(repeating: " ", count: column + 2) + $0 })
                .joined(separator: "\n")
        }
        return (["OTHER COMMANDS:"] + rows).joined(separator: "\n")
    }

    /// `--print-commands`, for packaging/completions.py: one command a line, its name and `parsed` or `dialog`
    /// (chosen before parsing, so the completion scripts swift-argument-parser writes do not know it).
    static var printed: String {
        all.map { $0.name + "\t" + ($0.command == nil ? "dialog" : "parsed") }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words.
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
