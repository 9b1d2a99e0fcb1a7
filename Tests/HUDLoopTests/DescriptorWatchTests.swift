import Foundation
import Glibc
import HUDLoop
import Testing

/// A watch served by Dispatch sources (a loop that is not running: a test's, or a library's in a program of its own)
/// whose descriptor is closed right after `cancel`, as every owner does (`sd_bus_flush_close_unref` after the bus
/// connection's watch is cancelled). Dispatch cancels asynchronously and keys its registrations by descriptor
/// number: a new descriptor given the same number before the cancellation ran was never watched, and a bus test's
/// second connection, on the first one's number, never saw the call made to it (a fresh-clone CI run, twice).
@MainActor struct DescriptorWatchTests {
    /// The watched pipe as the handler reaches it, made before the pipe is whole.
    @MainActor final class Box {
        weak var owner: Watched?
    }

    /// A pipe whose read end is watched; what the handler saw.
    @MainActor final class Watched {
        let read: Int32, write: Int32
        let watch: DescriptorWatch
        var calls = 0

        /// A new pipe, or the ends given.
        init(on loop: ManualLoop, ends: (read: Int32, write: Int32)? = nil) {
            var fds: [Int32] = [0, 0]
            if ends == nil { pipe(&fds) }
            (read, write) = ends ?? (fds[0], fds[1])
            let box = Box()
            watch = loop.watch(read) { box.owner?.drain() }
            box.owner = self
            watch.start()
        }

        func drain() {
            var byte: UInt8 = 0
            _ = Glibc.read(read, &byte, 1)
            calls += 1
        }

        func close() {
            watch.cancel()
            Glibc.close(read)
            Glibc.close(write)
        }
    }

    @Test func aNewDescriptorOnAClosedOnesNumberIsWatched() async throws {
        let loop = ManualLoop()
        let first = Watched(on: loop)
        let number = first.read
        first.watch.cancel()
        // Another pipe takes the number: dup2 closes the old read end and puts the new one there in one step, so no
        // other thread of the test run can take the number in between.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        #expect(dup2(fds[0], number) == number)
        close(fds[0])
        close(first.write)
        let second = Watched(on: loop, ends: (number, fds[1]))
        defer { second.close() }
        _ = write(second.write, "x", 1)
        let deadline = Date().addingTimeInterval(5)
        while second.calls == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(second.calls == 1, "the second descriptor's input was never reported")
    }
}
