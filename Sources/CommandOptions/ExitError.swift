package import HUDBase
import Glibc
import ProgressFeed

/// Failures that end the program with a specific exit status.
package struct ExitError: Error, CustomStringConvertible {
    package var message: String
    package var code: Int32
    /// Piped standard input is read to its end before the exit (the display is missing): the program writing it
    /// goes on and ends with its own status.
    package var drainsInput = false
    package var description: String { message }

    package init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    package init(_ status: ExitStatus, _ message: String) {
        self.init(message: message, code: status.code)
    }

    /// Writes `x11hud: message` on stderr, with control characters from values and input made harmless.
    package static func printError(_ message: String) {
        // A terminal in raw mode (`run`'s command in a terminal of its own) does not return the carriage itself.
        var modes = termios()
        let raw = isatty(2) == 1 && tcgetattr(2, &modes) == 0 && modes.c_oflag & tcflag_t(OPOST) == 0
        let line = "x11hud: \(TerminalText.clean(message))" + (raw ? "\r\n" : "\n")
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
