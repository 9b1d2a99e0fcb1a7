import X11Display
import HUDBase
import HUDCommandLine
import FoundationEssentials
import Glibc
import HUDFeeds
import HUDRender
import HUDScene
import ProgressFeed
import X11Platform

/// `x11hud`: a heads-up display for X11, after MBProgressHUD.
@main
enum X11HUDCommand {
    static let abstract = "Show a heads-up display (spinner, progress, icon, labels) as an overlay on X11."

    /// Reads the command line, runs its command, and turns every error into one line on stderr and a documented
    /// exit status.
    static func main() {
        // Before anything opens a descriptor: a closed stderr must not become the X connection.
        StandardDescriptors.openMissing()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let zenity = ZenityCommand.select(argv0: CommandLine.arguments.first ?? "", arguments: arguments) {
            ZenityCommand.main(program: zenity.program, arguments: zenity.arguments)
        }
        do {
            if let printout = try CommandTree.printout(for: arguments) {
                print(printout, terminator: printout.hasSuffix("\n") ? "" : "\n")
                Glibc.exit(0)
            }
            // A HUD of our own will draw: loading the text stack (about 6 ms) overlaps parsing and the X set-up.
            // Unless a resident may draw it (a client never maps the text libraries): ShowCommand.start looks first.
            if CommandTree.showsDirectly(arguments),
               !arguments.contains(where: { $0 == "--id" || $0.hasPrefix("--id=") }),
               MainActor.assumeIsolated({ Resident.isBypassed }) {
                TextStack.loadForOwnHUD()
            }
            switch try CommandTree.read(arguments) {
            case .command(let command):
                try command.run()
            case .text(let text):
                print(text)
            }
        } catch let error as ExitError {
            if error.drainsInput {
                printError(error.message)
                FileDescriptorFeed.drainThenExit(error.code)
            }
            fail(error.message, code: error.code)
        } catch {
            fail(CommandTree.message(for: error), code: ExitStatus.usage.code)
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
