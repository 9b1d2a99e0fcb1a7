import CommandOptions
import HUDBase
import HUDCommandLine
import Glibc
import HUDFeeds
import HUDRender
import HUDScene
import ProgressFeed

/// `x11hud`: a heads-up display for X11, after MBProgressHUD.
@main
enum X11HUDCommand {
    static let abstract = "Show a heads-up display (spinner, progress, icon, labels) as an overlay on X11 or Wayland."

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
            if MainActor.assumeIsolated({ ShowHost.drawsOwnHUD(arguments) }) { ShowHost.prepareOwnHUD() }
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

    /// Writes `x11hud: message` on stderr (`ExitError.printError`).
    static func printError(_ message: String) { ExitError.printError(message) }
}
