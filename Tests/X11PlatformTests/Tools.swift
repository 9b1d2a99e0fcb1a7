import Foundation

/// The X command-line tools the tests look with, run against an explicit display (never the environment's).
enum Tools {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `tool` (looked up in /usr/bin) with DISPLAY set to `display`, killing it after `timeout` seconds.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], display: String?, timeout: Double = 10) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/\(tool)")
        process.arguments = arguments
        process.environment = environment(display: display)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting, so a chatty tool cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        if !waitForExit(process, timeout: timeout) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        group.wait()
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      error: String(decoding: errData, as: UTF8.self))
    }

    /// The environment for a child: ours without DISPLAY, plus the given one.
    static func environment(display: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        return env
    }

    /// Whether `process` ended within `timeout` seconds.
    static func waitForExit(_ process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// Starts an X client that runs until `stop` is called on what this returns.
    static func start(_ tool: String, _ arguments: [String], display: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.environment = environment(display: display)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Ends a client from `start`. SIGKILL: children of the test runner inherit its blocked signals, SIGTERM among
    /// them.
    static func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Moves the pointer to (x, y) and returns the id (decimal, as xdotool prints it) of the window that then takes
    /// pointer input there.
    static func windowUnderPointer(x: Double, y: Double, display: String) throws -> String {
        try run("xdotool", ["mousemove", String(Int(x)), String(Int(y))], display: display)
        let shell = try run("xdotool", ["getmouselocation", "--shell"], display: display).output
        return shell.split(separator: "\n").first { $0.hasPrefix("WINDOW=") }.map { String($0.dropFirst(7)) } ?? ""
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes.
    static func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try condition() { return true }
            usleep(20_000)
        } while Date() < deadline
        return try condition()
    }
}
