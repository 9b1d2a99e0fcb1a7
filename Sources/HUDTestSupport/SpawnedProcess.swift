import Foundation
import Glibc
import HUDLoop

/// A program started with `posix_spawn`, for `ChildProcess`: Foundation's `Process.run()` in Swift 6.3.1 reads past
/// the end of a `dirent` while it lists /proc/self/fd (swift-corelibs-foundation PR 5472), which ended full-suite
/// runs with SIGSEGV in a memmove once in a few runs. The same guarantees: the child gets only the three descriptors
/// it is given (every other one is closed from 3 up), an empty signal mask and default handlers.
public final class SpawnedProcess: @unchecked Sendable {
    public let processIdentifier: Int32
    private let lock = NSLock()
    // Guarded by `lock`: the status once the child has been reaped.
    private var reaped: Int32?

    /// Starts `executable` with `stdin`, `stdout` and `stderr` as its descriptors 0, 1 and 2.
    init(_ executable: String, _ arguments: [String], environment: [String: String]?, directory: String?,
         stdin: Int32, stdout: Int32, stderr: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        _ = Self.addCloseFrom(&actions, 3)
        if let directory { _ = Self.addChdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(SignalWatch.spawnWithDefaultSignals(&attributes)))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pairs = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp: [UnsafeMutablePointer<CChar>?]? = pairs.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let result = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw TestFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
    }

    // glibc 2.34's and 2.29's additions, which Swift's Glibc module does not declare.
    nonisolated(unsafe) private static let library = dlopen(nil, RTLD_NOW)
    private static let addCloseFrom = unsafeBitCast(dlsym(library, "posix_spawn_file_actions_addclosefrom_np")!,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    private static let addChdir = unsafeBitCast(dlsym(library, "posix_spawn_file_actions_addchdir_np")!,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

    /// Reaps the child if it has ended; returns its raw wait status then.
    private func poll() -> Int32? {
        lock.withLock {
            if let reaped { return reaped }
            var status: Int32 = 0
            if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { reaped = status }
            return reaped
        }
    }

    public var isRunning: Bool { poll() == nil }

    /// The exit status, or the number of the signal that ended it (as Foundation's `Process` says it).
    public var terminationStatus: Int32 {
        guard let status = poll() else { return -1 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    public func waitUntilExit() {
        while poll() == nil { usleep(2_000) }
    }
}
