import Foundation

/// The X command-line tools the tests look with, run against an explicit display (never the environment's).
public enum Tools {
    /// Runs `tool` (looked up in /usr/bin unless a path) with DISPLAY set to `display`, killing it after `timeout`
    /// seconds.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String], display: String?,
                           timeout: Double = 10) throws -> ChildProcess.Result {
        try ChildProcess.run(url(tool), arguments, environment: ChildProcess.environment(display: display),
                             timeout: timeout)
    }

    /// Starts an X client that runs until it is killed (`kill()`, or when the returned value goes away).
    public static func start(_ tool: String, _ arguments: [String], display: String) throws -> ChildProcess {
        try ChildProcess(url(tool), arguments, environment: ChildProcess.environment(display: display),
                         output: .discard)
    }

    private static func url(_ tool: String) -> URL {
        URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/\(tool)")
    }

    /// Moves the pointer to (x, y) and returns the id (decimal, as xdotool prints it) of the window that then takes
    /// pointer input there.
    public static func windowUnderPointer(x: Double, y: Double, display: String) throws -> String {
        try run("xdotool", ["mousemove", String(Int(x)), String(Int(y))], display: display)
        let shell = try run("xdotool", ["getmouselocation", "--shell"], display: display).stdout
        return shell.split(separator: "\n").first { $0.hasPrefix("WINDOW=") }.map { String($0.dropFirst(7)) } ?? ""
    }

    /// The id (decimal) of the first visible window `xdotool search --onlyvisible SEARCH…` finds (`--class xlogo`,
    /// `--classname library`), once there is one; empty after `timeout` seconds without.
    public static func visibleWindow(_ search: [String], display: String, timeout: Double = 5) throws -> String {
        var found = ""
        _ = try waitUntil(timeout: timeout) {
            found = try run("xdotool", ["search", "--onlyvisible"] + search, display: display).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            return !found.isEmpty
        }
        return found
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes.
    public static func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try condition() { return true }
            usleep(20_000)
        } while Date() < deadline
        return try condition()
    }
}
