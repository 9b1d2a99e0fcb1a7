import Foundation

/// Runs the built `x11hud` binary, which sits next to the test bundle in the build directory.
enum CLI {
    static var binary: URL {
        let dir = Bundle.main.executableURL!.deletingLastPathComponent()
        return dir.appendingPathComponent("x11hud")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil,
                    timeout: Double = 30) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if var environment {
            // Under `make harden` the sanitizers' settings (suppressions, where reports go) reach every child.
            for (key, value) in ProcessInfo.processInfo.environment where key.hasSuffix("SAN_OPTIONS") {
                environment[key] = environment[key] ?? value
            }
            process.environment = environment
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read while the child runs: a child that writes more than a pipe holds (64 KiB) would otherwise block
        // forever on a full pipe that is only read after it exits.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        let o = String(decoding: outData, as: UTF8.self)
        let e = String(decoding: errData, as: UTF8.self)
        return Result(status: process.terminationStatus, stdout: o, stderr: e)
    }
}
