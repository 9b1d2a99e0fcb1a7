import ArgumentParser
import FoundationEssentials
import Glibc
import HUDScene

/// `x11hud`: a heads-up display for X11, after MBProgressHUD.
@main
struct X11HUDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "x11hud",
        abstract: "Show a heads-up display (spinner, progress, icon, labels) as an overlay on X11.",
        discussion: """
            Exit status: 0 done, 1 cancelled with the button, 64 bad usage, 69 display unavailable,
            73 output file not writable, 74 X server lost, 78 bad config file, 128+N killed by signal N.
            """,
        version: "0.1.0",
        subcommands: [ShowCommand.self, RenderCommand.self, HideCommand.self, ListCommand.self],
        defaultSubcommand: ShowCommand.self
    )

    /// Parses and runs, turning every error into one line on stderr and a documented exit status.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ExitError {
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

    static func fail(_ message: String, code: Int32) -> Never {
        if !message.isEmpty { printError(message) }
        Glibc.exit(code)
    }

    static func printError(_ message: String) {
        let line = "x11hud: \(message)\n"
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
    var description: String { message }

    /// EX_CONFIG: the config file is unusable.
    static let configCode: Int32 = 78

    /// EX_CANTCREAT: an output file cannot be written.
    static func cannotCreate(_ message: String) -> ExitError { ExitError(message: message, code: 73) }
}
