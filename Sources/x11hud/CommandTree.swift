import CommandOptions
import HUDBase
import HUDCommandLine
import HUDDialogs
import ProgressFeed

/// x11hud's commands as one tree: what reads a command line into a command, and what `--help`, the man page
/// (`--print-command-table`) and the shell completions (`--generate-completion-script`) are made from. Each option
/// is declared once, in its command's or group's rows.
enum CommandTree {
    /// What a command line asks for: a command to run, or a text to print (a help, the version).
    enum Outcome {
        case command(any Command)
        case text(String)
    }

    /// The command `arguments` (after `x11hud`) ask for: a subcommand by its name, else the default command.
    static func read(_ arguments: [String]) throws -> Outcome {
        let rest = arguments[...]
        if rest.first == "help" { return .text(try help(for: Array(rest.dropFirst()))) }
        if let first = rest.first, let type = command(named: first) {
            if type == NotificationsCommand.self, let word = rest.dropFirst().first,
               let control = NotificationsControl.subcommands.first(where: { $0.words.last == word }) {
                return try control.read(rest.dropFirst(2))
            }
            return try type.read(rest.dropFirst())
        }
        return try read(ShowCommand.self, rest)
    }

    /// `arguments` read by `C`'s rows.
    static func read<C: Command>(_ type: C.Type, _ arguments: ArraySlice<String>) throws -> Outcome {
        switch try CommandLineParser.parse(C.spec, arguments) {
        case .command(let command): return .command(command)
        case .help(_, let hidden): return .text(HelpText.render(info(C.self), showHidden: hidden))
        case .version: return .text(x11hudVersion)
        }
    }

    /// The parser's command of that name (not zenity's or yad's, which are chosen before parsing).
    static func command(named name: String) -> (any Command.Type)? {
        Subcommand.all.first { $0.name == name }?.command
    }

    /// What `--help` shows for `C`: the notification server's lists its subcommands.
    static func info<C: Command>(_ type: C.Type) -> CommandInfo {
        var info = C.spec.info
        if type == NotificationsCommand.self {
            info.subcommands = NotificationsControl.subcommands.map { $0.helpInfo }
        }
        return info
    }

    /// The whole tree, for the man page and the completions: the default command's options are the root's.
    static var root: CommandInfo {
        var root = info(ShowCommand.self)
        root.path = ["x11hud"]
        root.abstract = X11HUDCommand.abstract
        root.discussion = "Exit status:\n" + ExitStatus.helpTable
        // The default command's options are its own: `show` is listed with them.
        root.options = []
        root.usage = "x11hud <subcommand>"
        root.subcommands = Subcommand.all.compactMap { $0.command?.helpInfo }
        return root
    }

    /// The tree the completion scripts are written from: the parser's commands, and zenity and yad (chosen before
    /// parsing) with the options they take.
    static var completionRoot: CommandInfo {
        var tree = root
        for program in [ZenityLineRules.Program.zenity, .yad] {
            var dialog = CommandInfo(path: ["x11hud", program.rawValue], abstract: "", discussion: "", usage: "",
                                     options: [], positionals: [], terminator: nil, subcommands: [])
            // --help and --version are every command's, added by the scripts.
            let options = ZenityOptions.completions(for: program).filter { $0 != "--help" && $0 != "--version" }
            dialog.options = options.map { option in
                OptionInfo(names: [String(option.drop { $0 == "-" }.prefix { $0 != "=" })],
                           valueName: option.contains("=") ? "value" : nil, help: "", choices: [],
                           completion: .none, visibility: .shown, section: nil)
            }
            tree.subcommands.append(dialog)
        }
        // `x11hud help COMMAND`.
        tree.subcommands.append(CommandInfo(path: ["x11hud", "help"], abstract: "Show a command's help.",
                                            positionals: [PositionalInfo(name: "command", help: "",
                                                                         choices: Subcommand.parsedNames,
                                                                         isOptional: true)]))
        return tree
    }

    /// The commands and what each does, for `x11hud help` with a word that is no command's.
    static var commandList: CommandInfo {
        var list = CommandInfo(path: ["x11hud"], abstract: X11HUDCommand.abstract,
                               discussion: "Exit status:\n" + ExitStatus.helpTable, usage: "x11hud <subcommand>")
        list.subcommands = Subcommand.all.compactMap(\.command).map { command in
            var info = command.helpInfo
            if command is ShowCommand.Type { info.path = ["x11hud", "show (default)"] }
            return info
        }
        return list
    }

    /// `x11hud help [command [subcommand]]`.
    static func help(for words: [String]) throws -> String {
        guard let first = words.first else { return rootHelp }
        guard let type = command(named: first) else { return HelpText.render(commandList) }
        if type == NotificationsCommand.self, words.count > 1 {
            guard let control = NotificationsControl.subcommands.first(where: { $0.words.last == words[1] })
            else { throw CommandLineError.unexpectedArgument(words[1]) }
            return HelpText.render(control.helpInfo)
        }
        return HelpText.render(type.helpInfo)
    }

    /// `x11hud --help`: the default command is what most readers came for, its options, then the other commands.
    static var rootHelp: String {
        "SYNOPSIS:\n" + Subcommand.synopsis.map { "  " + $0 }.joined(separator: "\n") + "\n\n"
            + HelpText.render(info(ShowCommand.self)).replacing("x11hud show", with: "x11hud [show]") + "\n"
            + Subcommand.otherCommands + "\n\nExit status:\n" + ExitStatus.helpTable
    }

    /// What the options answered before any command is read print: help, the version, and the tables that the
    /// man page and the completion scripts are made from. Nil for any other command line.
    static func printout(for arguments: [String]) throws -> String? {
        let completion = "--generate-completion-script"
        if let first = arguments.first, first == completion || first.hasPrefix(completion + "="), arguments.count <= 2 {
            let shell = arguments.count == 2 ? arguments[1] : String(arguments[0].drop { $0 != "=" }.dropFirst())
            guard let shell = CompletionScript.Shell(rawValue: shell) else {
                throw UsageError("Can't generate completion scripts for '\(shell)'. Please use "
                    + "--generate-completion-script=<shell> with one of: "
                    + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: " "))
            }
            return CompletionScript.render(completionRoot, shell: shell, defaultSubcommand: "show")
        }
        switch arguments {
        case ["--help"], ["-h"], ["help"]: return rootHelp
        case ["--version"]: return x11hudVersion
        // For packaging/man.py: the words the man page shares with --help and the README.
        case ["--print-synopsis"]: return Subcommand.synopsis.joined(separator: "\n")
        case ["--print-commands"]: return Subcommand.printed
        case ["--print-input-protocol"]: return Documentation.inputProtocolDump
        // For packaging/man.py: every command, option and value, as JSON.
        case ["--print-command-table"]: return root.json
        default: break
        }
        // For the completion scripts: the options of `x11hud zenity` and `x11hud yad`, chosen before parsing.
        if arguments.count == 2, arguments[0] == "--print-dialog-options",
           let program = ZenityLineRules.Program(rawValue: arguments[1]) {
            return ZenityOptions.completions(for: program).joined(separator: " ")
        }
        return nil
    }

    /// Whether these arguments are the default command's (no subcommand's name, no help), for loading the text
    /// stack early.
    static func showsDirectly(_ arguments: [String]) -> Bool {
        if let first = arguments.first, first == "help" || command(named: first) != nil { return false }
        return !arguments.contains { $0 == "--help" || $0 == "-h" || $0 == "--version" }
    }

    /// The one line an error of the command line is.
    static func message(for error: any Error) -> String {
        "\(error)"
    }
}

extension CommandInfo {
    /// The tree as JSON, for packaging/man.py.
    var json: String {
        JSONWriter.text(self, sortedKeys: true) ?? "{}"
    }
}
