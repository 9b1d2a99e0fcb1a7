public import Foundation

/// The built `x11hud` (and the other products), which sit next to the test bundle in the build directory
/// (`.build/<config>/x11hudPackageTests.xctest`), whatever the scratch path.
public enum BuildProducts {
    public static func url(_ product: String) -> URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent(product)
    }
}

/// The `x11hud` command line, run to its end.
public enum CLI {
    public static var binary: URL { BuildProducts.url("x11hud") }

    /// Runs `x11hud` with `arguments`, in the test runner's environment unless `environment` is given.
    public static func run(_ arguments: [String], environment: [String: String]? = nil,
                           timeout: Double = 30) throws -> ChildProcess.Result {
        try ChildProcess.run(binary, arguments, environment: environment, timeout: timeout)
    }
}

/// The real `x11hud` binary from the build directory, running on a private display.
public final class HUDProcess {
    public static var binary: URL { CLI.binary }

    public let child: ChildProcess

    /// - Parameters:
    ///   - input: what the HUD reads on stdin; /dev/null (read as "no input") unless given.
    ///   - output: where its stdout goes; /dev/null unless given.
    ///   - directory: its working directory; the test runner's unless given.
    ///   - environment: variables set on top of the tests' own (`Sanitizer.withoutQuarantine`).
    public init(_ arguments: [String], display: String?, input: Pipe? = nil, output: Pipe? = nil,
                directory: URL? = nil, environment extra: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw TestFailure("no x11hud binary at \(Self.binary.path); build it before the tests")
        }
        var environment = ChildProcess.environment(display: display)
        // The developer's own config file and GTK theme must not change what the tests see.
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        // Kept text images (at most 64 small files) go to a directory of the tests' own, not the user's cache.
        environment["XDG_CACHE_HOME"] = "/tmp/x11hud-tests-cache-\(getuid())"
        environment["GTK_THEME"] = nil
        environment.merge(extra) { $1 }
        child = try ChildProcess(Self.binary, arguments, environment: environment, input: input,
                                 output: output.map { .pipe($0) } ?? .discard, directory: directory)
    }

    public var process: SpawnedProcess { child.process }
    public var started: Date { child.started }
    public var pid: Int32 { child.pid }

    /// Ends it with SIGKILL and waits for that.
    public func kill() { child.kill() }

    /// The exit status and the seconds since start at which it came, or nil if still running after `timeout`.
    public func waitForExit(timeout: Double) -> (status: Int32, seconds: Double)? {
        guard child.waitForExit(timeout: timeout) else { return nil }
        return (child.status, Date().timeIntervalSince(child.started))
    }

    /// What the process wrote to stderr (call after it exited).
    public var errorOutput: String { child.stderr }

    /// The id of the process's mapped window, found by its `_NET_WM_PID`.
    public func visibleWindow(display: String) throws -> String? {
        let r = try Tools.run("xdotool", ["search", "--onlyvisible", "--pid", String(pid)], display: display)
        return r.stdout.split(separator: "\n").first.map(String.init)
    }

    /// Waits up to `timeout` for the window to be mapped with its first frame (the HUD maps a 1×1, still
    /// transparent window first, and sizes it to the bezel a moment later).
    public func waitForWindow(display: String, timeout: Double = Sanitizer.upTo(5)) throws -> String {
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
    public func usage() throws -> (ticks: Int, wakeups: [String: Int]) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        let ticks = Int(fields[11])! + Int(fields[12])!
        var wakeups: [String: Int] = [:]
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            // ThreadSanitizer's own background thread (named like the process) wakes ten times a second.
            let comm = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)
            if Sanitizer.name == "thread", task != String(pid), comm == "x11hud\n" { continue }
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
    public static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }
}

extension CLI {
    /// The binary as `make release` links it, copied into `dir`: the text libraries are loaded on first use, not at
    /// start (a debug build links them for its own convenience, which would hide what a test of a process's
    /// mappings looks for).
    public static func lazyBinary(in dir: URL) throws -> URL {
        let binary = dir.appendingPathComponent("x11hud-lazy")
        try FileManager.default.copyItem(at: CLI.binary, to: binary)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let lazy = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                        [root.appendingPathComponent("packaging/lazy-text-stack.sh").path, binary.path])
        guard lazy.status == 0 else { throw TestFailure("lazy-text-stack.sh: \(lazy.stderr)") }
        return binary
    }

    /// The text stack beyond cairo, as mapped files: Pango and its libraries, fontconfig's caches, font files.
    public static let beyondCairo = ["libpango", "libharfbuzz", "libglib", "fontconfig/", ".ttf", ".otf", ".cache-"]

    /// Every file process `pid` has mapped.
    public static func mappedFiles(_ pid: Int32) throws -> Set<String> {
        // Read to the end: /proc files have no size, and a one-read helper gets only the first page.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else {
            throw TestFailure("no process \(pid)")
        }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { $0.hasPrefix("/") })
    }
}
