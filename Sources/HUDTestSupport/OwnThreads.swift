import Foundation
import HUDLoop
public import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool, a few at a time.
///
/// The pool has one thread per core (two on CI), and Swift Testing's own work and every other suite's async tests
/// share it. A test that waits synchronously (a child process's exit, `Tools.waitUntil`, a pipe read) holds its
/// thread: on the pool, two such tests stalled every other suite of the run (pure suites that take milliseconds
/// alone took minutes in a full run). On threads of their own they hold up nothing else; and since what those
/// tests wait for (X servers, x11hud processes) needs the machine's cores, at most `width` of them run at once, in
/// the whole process: unbounded, a full run started every X suite together and programs that start in
/// milliseconds took over 30 s.
///
/// Nonisolated tests only: a test on the main actor runs there whatever its suite says, and must not block at all.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    /// Test cases of such suites running at once: as many as the cores, as many as Swift's cooperative pool ran
    /// before these had threads of their own. One more (tried) loaded a 2-core machine so that timed checks of other
    /// suites failed in a fresh-clone run.
    static let width = ProcessInfo.processInfo.activeProcessorCount
    static let slots = Slots(width)

    public var isRecursive: Bool { true }

    /// The suite (to set the executor for everything in it) and each test case (to take a slot).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? self : nil
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else {
            return try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
        }
        await Self.slots.take()
        do { try await function() } catch {
            await Self.slots.give()
            throw error
        }
        await Self.slots.give()
    }
}

extension Trait where Self == OwnThreads {
    /// Runs the suite's nonisolated tests (and what they start in task groups) on threads of their own, at most a
    /// few test cases at a time across every such suite.
    public static var ownThreads: Self { OwnThreads() }
}

/// A counting semaphore that suspends instead of blocking.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
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
