import HUDLoop
public import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool, which has one thread per core
/// (two on CI) and which Swift Testing's own work and every other suite's async tests share. A test that waits
/// synchronously (a child process's exit, `Tools.waitUntil`, a pipe read) holds its thread: on the pool, two such
/// tests stall every other suite of the run (pure suites that take milliseconds alone took minutes in a full run).
/// Nonisolated tests only: a test on the main actor runs there whatever its suite says, and must not block at all.
public struct OwnThreads: SuiteTrait, TestScoping {
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// Runs the suite's nonisolated tests (and what they start in task groups) on threads of their own.
    public static var ownThreads: Self { OwnThreads() }
}

/// A task executor that runs each job on a thread that nothing else waits for (`BlockingThread`): a job that blocks
/// holds up only its own task.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        BlockingThread.start("x11hud.test") { job.runSynchronously(on: executor) }
    }
}
