import Foundation
import HUDRender
import HUDScene

/// The real `x11hud` binary from the build directory, run on a private display.
final class HUDProcess {
    /// Next to the test bundle (`.build/<config>/x11hudPackageTests.xctest`), whatever the scratch path.
    static var binary: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("x11hud")
    }

    let process = Process()
    let started: Date
    private let errors = Pipe()

    /// - Parameters:
    ///   - input: what the HUD reads on stdin; /dev/null (read as "no input") unless given.
    ///   - output: where its stdout goes; /dev/null unless given.
    init(_ arguments: [String], display: String?, input: Pipe? = nil, output: Pipe? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw TestFailure("no x11hud binary at \(Self.binary.path); build it before the tests")
        }
        process.executableURL = Self.binary
        process.arguments = arguments
        var environment = Tools.environment(display: display)
        // The developer's own config file and GTK theme must not change what the tests see.
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["GTK_THEME"] = nil
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        // Never the test runner's own stdin, which may be a pipe the HUD would then read.
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardError = errors
        started = Date()
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }

    /// The exit status and the seconds since start at which it came, or nil if still running after `timeout`.
    func waitForExit(timeout: Double) -> (status: Int32, seconds: Double)? {
        guard Tools.waitForExit(process, timeout: timeout) else { return nil }
        return (process.terminationStatus, Date().timeIntervalSince(started))
    }

    /// What the process wrote to stderr (call after it exited).
    var errorOutput: String { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    /// The id of the process's mapped window, found by its `_NET_WM_PID`.
    func visibleWindow(display: String) throws -> String? {
        let r = try Tools.run("xdotool", ["search", "--onlyvisible", "--pid", String(pid)], display: display)
        return r.output.split(separator: "\n").first.map(String.init)
    }

    /// Waits up to `timeout` for the window to be mapped with its first frame (the HUD maps a 1×1, still
    /// transparent window first, and sizes it to the bezel a moment later).
    func waitForWindow(display: String, timeout: Double = 5) throws -> String {
        var found: String?
        _ = try Tools.waitUntil(timeout: timeout) {
            found = try visibleWindow(display: display)
            guard let id = found else { return false }
            return try WindowInfo(id: id, display: display).width > 1
        }
        guard let found else { throw TestFailure("x11hud mapped no window within \(timeout) s") }
        return found
    }

    /// CPU time (user + system, in clock ticks) of the process, and voluntary context switches (wake-ups from sleep)
    /// per thread: `dispatchMain()` ends the main thread on Linux, so the main queue runs on a worker thread.
    func usage() throws -> (ticks: Int, wakeups: [String: Int]) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        let ticks = Int(fields[11])! + Int(fields[12])!
        var wakeups: [String: Int] = [:]
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            // ThreadSanitizer's own background thread (named like the process) wakes ten times a second.
            let comm = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)
            if Expected.sanitizer == "thread", task != String(pid), comm == "x11hud\n" { continue }
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches") }),
                  let count = Int(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces))
            else { continue }
            wakeups[task] = count
        }
        return (ticks, wakeups)
    }

    /// Wake-ups between two `usage()` samples, over the threads alive at the second (a thread that ended in
    /// between is not counted; one that started counts in full).
    static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }
}

/// What `xwininfo` says about a window.
struct WindowInfo {
    var x = 0, y = 0, width = 0, height = 0, depth = 0
    var overrideRedirect = false
    /// A bounding shape is set (`Window shape extents` is listed).
    var shaped = false

    init(id: String, display: String) throws {
        let r = try Tools.run("xwininfo", ["-shape", "-id", id], display: display)
        guard r.status == 0 else { throw TestFailure("xwininfo failed: \(r.error)") }
        for line in r.output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            func value() -> Int { Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) ?? -1 }
            if line.hasPrefix("Absolute upper-left X:") { x = value() }
            if line.hasPrefix("Absolute upper-left Y:") { y = value() }
            if line.hasPrefix("Width:") { width = value() }
            if line.hasPrefix("Height:") { height = value() }
            if line.hasPrefix("Depth:") { depth = value() }
            if line.hasPrefix("Override Redirect State:") { overrideRedirect = line.hasSuffix("yes") }
            if line.hasPrefix("Window shape extents:") { shaped = true }
        }
    }
}

/// A screenshot of the whole root window, as the user sees it.
func screenshot(display: String) throws -> Canvas {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("x11hud-test-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try Tools.run("import", ["-window", "root", path], display: display)
    guard r.status == 0 else { throw TestFailure("import failed: \(r.error)") }
    return try Canvas.readPNG(from: path)
}

extension RGBA {
    /// Within `tolerance` per channel (0...1) of `other`, ignoring alpha.
    func isClose(to other: RGBA, tolerance: Double = 0.04) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance
    }
    var isBlack: Bool { red < 0.03 && green < 0.03 && blue < 0.03 }
}
