public import Foundation
import Glibc

/// The one way the tests run another program (x11hud, hud-example, the X tools): stdin is /dev/null unless given,
/// never the test runner's own (a pipe a HUD would then read); stdout and stderr are read by threads of their own
/// while the program runs, so a program that writes more than a pipe holds (64 KiB) never blocks on it; the
/// sanitizers' settings of `make harden` reach the program also when the test gives it an environment of its own;
/// and a program still running when its `ChildProcess` goes away is killed.
public final class ChildProcess {
    /// What a program that ran to its end said, and how it ended.
    public struct Result: Sendable {
        /// The exit status, or the number of the signal that ended it.
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Where the program's standard output goes.
    public enum Output {
        /// Read into `stdout`.
        case collect
        /// /dev/null.
        case discard
        /// A pipe the test reads itself.
        case pipe(Pipe)
    }

    public let process: SpawnedProcess
    /// When the program was started, to time what it does.
    public let started: Date
    private let output: StreamReader?
    private let errors: StreamReader

    /// Starts `executable`.
    /// - Parameters:
    ///   - environment: the whole environment of the program; nil: the test runner's.
    ///   - input: what the program reads on stdin; /dev/null unless given.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                input: Pipe? = nil, output: Output = .collect, directory: URL? = nil) throws {
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(devNull) }
        let out = Pipe(), err = Pipe()
        let stdoutFD: Int32
        switch output {
        case .collect: stdoutFD = out.fileHandleForWriting.fileDescriptor
        case .discard: stdoutFD = devNull
        case .pipe(let pipe): stdoutFD = pipe.fileHandleForWriting.fileDescriptor
        }
        started = Date()
        process = try SpawnedProcess(executable.path, arguments,
                                     environment: environment.map(Self.withSanitizerSettings),
                                     directory: directory?.path,
                                     stdin: input?.fileHandleForReading.fileDescriptor ?? devNull,
                                     stdout: stdoutFD, stderr: err.fileHandleForWriting.fileDescriptor)
        // The child holds its own copies: the test keeps only its ends, so readers see the end of the output.
        try? out.fileHandleForWriting.close()
        try? err.fileHandleForWriting.close()
        if case .pipe(let pipe) = output { try? pipe.fileHandleForWriting.close() }
        try? input?.fileHandleForReading.close()
        if case .collect = output { self.output = StreamReader(out) } else { self.output = nil }
        errors = StreamReader(err)
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `executable` to its end, killing it after `timeout` seconds.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           directory: URL? = nil, timeout: Double = 30) throws -> Result {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory)
        if !child.waitForExit(timeout: timeout) { child.kill() }
        return Result(status: child.process.terminationStatus, stdout: child.stdout, stderr: child.stderr)
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    /// The exit status; only once the program has ended.
    public var status: Int32 { process.terminationStatus }

    /// Whether the program ended within `timeout` seconds.
    public func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// Ends the program with SIGKILL and waits for it: children of the test runner inherit its blocked signals,
    /// SIGTERM among them.
    public func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Everything the program wrote to stdout (`.collect` only), once it and every process that shares its stdout
    /// have closed it.
    public var stdout: String { output?.text ?? "" }
    /// Everything the program wrote to stderr, once it and every process that shares its stderr have closed it.
    public var stderr: String { errors.text }

    /// The environment for a program on `display`: the test runner's without its DISPLAY, plus the given one, and
    /// without a Wayland compositor (which x11hud would show on instead, when the tests run in a Wayland session).
    public static func environment(display: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["WAYLAND_DISPLAY"] = nil
        return env
    }

    /// Under `make harden` the sanitizers' settings (suppressions, where reports go) reach every child.
    private static func withSanitizerSettings(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        for (key, value) in ProcessInfo.processInfo.environment where key.hasSuffix("SAN_OPTIONS") {
            environment[key] = environment[key] ?? value
        }
        return environment
    }
}

/// Reads a pipe to its end on a thread of its own (not a Dispatch worker: a test may keep many programs running,
/// and blocked workers would starve the pool Swift Testing runs on).
private final class StreamReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the thread before it signals `done`, read only after waiting for that.
    private var result = ""

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            result = String(decoding: Self.readToEnd(handle.fileDescriptor), as: UTF8.self)
            done.signal()
        }.start()
    }

    /// The bytes up to the end of `fd`: read(2) directly, where FileHandle's `readDataToEndOfFile` traps on a read
    /// error (seen once on a loaded machine, taking the whole test process down); an error ends what is read.
    private static func readToEnd(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes += chunk[..<n]
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    var text: String {
        done.wait()
        done.signal()
        return result
    }
}
