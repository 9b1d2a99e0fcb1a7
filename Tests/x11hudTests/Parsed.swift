import CommandOptions
import HUDCommandLine
@testable import x11hud

/// `arguments` read by `C`'s rows and checked as x11hud checks them; a request for help or the version is an error
/// here.
func parsed<C: Command>(_ type: C.Type, _ arguments: [String]) throws -> C {
    guard case .command(let command) = try CommandLineParser.parse(C.spec, arguments[...]) else {
        throw UsageError("not a command: \(arguments)")
    }
    return command
}

/// The options `C` shows in `--help`, each as its first name with dashes.
func shownOptions<C: Command>(_ type: C.Type) -> [String] {
    C.rows.filter { $0.visibility == .shown }.map { "--" + $0.names[0] }
}
