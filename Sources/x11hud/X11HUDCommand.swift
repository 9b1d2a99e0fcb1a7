import X11Display
import HUDBase
import ArgumentParser
import FoundationEssentials
import Glibc
import HUDFeeds
import HUDRender
import HUDScene
import ProgressFeed
import X11Platform

/// `x11hud`: a heads-up display for X11, after MBProgressHUD.
@main
struct X11HUDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "x11hud",
        abstract: "Show a heads-up display (spinner, progress, icon, labels) as an overlay on X11.",
        discussion: "Exit status:\n" + ExitStatus.helpTable,
        version: x11hudVersion,
        subcommands: Subcommand.parsed,
        defaultSubcommand: ShowCommand.self
    )

    /// Parses and runs, turning every error into one line on stderr and a documented exit status.
    static func main() {
        // Before anything opens a descriptor: a closed stderr must not become the X connection.
        StandardDescriptors.openMissing()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let zenity = ZenityCommand.select(argv0: CommandLine.arguments.first ?? "", arguments: arguments) {
            ZenityCommand.main(program: zenity.program, arguments: zenity.arguments)
        }
        // For packaging/man.py: the words the man page shares with --help and the README.
        if arguments == ["--print-synopsis"] {
            print(Subcommand.synopsis.joined(separator: "\n"))
            Glibc.exit(0)
        }
        // For packaging/completions.py: every command's name, and which the parser does not know.
        if arguments == ["--print-commands"] {
            print(Subcommand.printed)
            Glibc.exit(0)
        }
        // For packaging/completions.py: the options of `x11hud zenity` and `x11hud yad`, chosen before parsing.
        if arguments.count == 2, arguments[0] == "--print-dialog-options",
           let program = ZenityLineRules.Program(rawValue: arguments[1]) {
            print(ZenityOptions.completions(for: program).joined(separator: " "))
            Glibc.exit(0)
        }
        if arguments == ["--print-input-protocol"] {
            print(Documentation.inputProtocolDump, terminator: "")
            Glibc.exit(0)
        }
        if arguments == ["--version"] {
            // What package scripts and bug reports ask: answered before the parser builds its argument sets.
            print(x11hudVersion)
            Glibc.exit(0)
        }
        if ["--help", "-h", "help"].contains(arguments.first), arguments.count == 1 {
            // The default command is what most readers came for: its options, then the other commands.
            print("SYNOPSIS:\n" + Subcommand.synopsis.map { "  " + $0 }.joined(separator: "\n") + "\n")
            print(helpMessage(for: ShowCommand.self).replacing("x11hud show", with: "x11hud [show]"))
            print(Subcommand.otherCommands)
            print("\nExit status:\n" + ExitStatus.helpTable)
            Glibc.exit(0)
        }
        do {
            let split = splittingEmptyValues(arguments)
            let direct = showsDirectly(split)
            // What a resident x11hud reads to show this invocation's HUD, if one runs (`x11hud serve`).
            MainActor.assumeIsolated { Resident.arguments = split }
            // A HUD of our own will draw: loading the text stack (about 6 ms) overlaps parsing and the X set-up.
            // Unless a resident may draw it (a client never maps the text libraries): ShowCommand.start looks first.
            if direct, !split.contains(where: { $0 == "--id" || $0.hasPrefix("--id=") }),
               MainActor.assumeIsolated({ Resident.isBypassed }) {
                TextStack.loadForOwnHUD()
            }
            // ArgumentParser reads what the fast parser leaves: help, errors, the commands that start no HUD.
            var command = try FastParser.command(split) ?? parsedByArgumentParser(split)
            try command.run()
        } catch let error as ExitError {
            if error.drainsInput {
                printError(error.message)
                FileDescriptorFeed.drainThenExit(error.code)
            }
            fail(error.message, code: error.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            fail(oneLine(message(for: error)), code: code.rawValue)
        }
    }

    /// Whether these arguments are the default command's own, with nothing the root command answers (a subcommand
    /// name, help, version, completion scripts): then the root's parser, which builds the default command's argument
    /// set once more to look for pass-through arguments, is skipped (issue 12: start-up before the map).
    static func showsDirectly(_ arguments: [String]) -> Bool {
        if let first = arguments.first, Subcommand.parsedNames.contains(first) { return false }
        return !arguments.contains { $0.hasPrefix("--") ? rootFlags.contains($0.prefix { $0 != "=" }) : $0 == "-h" }
    }

    /// The command ArgumentParser reads from `arguments` (after `splittingEmptyValues`).
    static func parsedByArgumentParser(_ arguments: [String]) throws -> any ParsableCommand {
        try showsDirectly(arguments) ? ShowCommand.parseAsRoot(arguments) : parseAsRoot(arguments)
    }

    private static let rootFlags: Set<Substring> = [
        "--help", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// `--title=` becomes `--title ""`: ArgumentParser would otherwise take the next argument as the value,
    /// swallowing the option after an empty `--title=""`.
    static func splittingEmptyValues(_ arguments: [String]) -> [String] {
        arguments.flatMap { arg -> [String] in
            guard arg.hasPrefix("--"), arg.count > 3, arg.firstIndex(of: "=") == arg.index(before: arg.endIndex) else {
                return [arg]
            }
            return [String(arg.dropLast()), ""]
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        if !message.isEmpty { printError(message) }
        Glibc.exit(code)
    }

    /// Writes `x11hud: message` on stderr, with control characters from values and input made harmless.
    static func printError(_ message: String) {
        // A terminal in raw mode (`run`'s command in a terminal of its own) does not return the carriage itself.
        var modes = termios()
        let raw = isatty(2) == 1 && tcgetattr(2, &modes) == 0 && modes.c_oflag & tcflag_t(OPOST) == 0
        let line = "x11hud: \(TerminalText.clean(message))" + (raw ? "\r\n" : "\n")
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// ArgumentParser lists choices on lines of their own; a script's log wants one line.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        let choices = lines.filter { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        let text = lines.filter { !$0.hasPrefix("- ") }.joined(separator: " ")
        return choices.isEmpty ? text : text + " " + choices.joined(separator: ", ")
    }
}

/// Failures that end the program with a specific exit status.
struct ExitError: Error, CustomStringConvertible {
    var message: String
    var code: Int32
    /// Piped standard input is read to its end before the exit (the display is missing): the program writing it
    /// goes on and ends with its own status.
    var drainsInput = false
    var description: String { message }

    init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    init(_ status: ExitStatus, _ message: String) {
        self.init(message: message, code: status.code)
    }
}
