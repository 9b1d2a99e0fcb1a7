import Dispatch
import Glibc
import Synchronization

/// Passes a command's stdout and stderr through to ours, byte for byte and as they come, and copies their complete
/// lines into one pipe that `StdinFeed` reads, so `x11hud run` scans them with the very parser (and the same
/// wake-ups) that standard input goes through.
///
/// One thread polls both pipes. Each stream keeps its unfinished line to itself until its `\n` or `\r`, and only
/// this thread writes the feed pipe, so a line of stdout and a line of stderr never run into each other there.
/// Passing through waits for our stdout and stderr (as a pipe would); the feed never makes the command wait: while
/// the HUD is not reading, its lines are held in a bounded `FeedBacklog`.
final class OutputTee: Sendable {
    /// The read ends of the command's stdout and stderr pipes.
    private let sources: [Int32]
    /// Where each source is passed through to: our stdout and stderr.
    private let sinks: [Int32] = [1, 2]
    /// The write end of the pipe `StdinFeed` reads.
    private let feed: Int32
    /// Written when the command has ended: what is left in the pipes is passed on, then the feed ends.
    private let wake: (read: Int32, write: Int32)
    private let tail = Mutex(StderrTail())
    private let abandoned = Mutex(false)
    /// A line not ended after this many bytes goes to the feed anyway (StdinFeed cuts it there too).
    private static let maxPending = StdinFeed.maxLineLength

    /// Takes ownership of the descriptors.
    init(stdout: Int32, stderr: Int32, feed: Int32) throws(SystemFailure) {
        sources = [stdout, stderr]
        self.feed = feed
        wake = try Pipes.make()
        // The feed too: the command's output must never wait for the HUD.
        for fd in sources + [wake.read, feed] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// The last non-empty line of the command's stderr, without escape sequences.
    var lastErrorLine: String? { tail.withLock { $0.line } }

    func start(whenDone: @escaping @Sendable () -> Void) {
        // A thread of its own: the blocking writes to our stdout (a slow terminal) hold no other work up.
        DispatchQueue(label: "x11hud.run.tee").async { [self] in
            pump()
            whenDone()
        }
    }

    /// The command has ended: pass on what it left in the pipes, then end the feed. (Its children may keep the pipes
    /// open; what they write later is not waited for.)
    func commandEnded() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// The HUD is gone: nothing needs the feed any more, so what is held for it is dropped.
    func abandonFeed() {
        abandoned.withLock { $0 = true }
        var byte: UInt8 = 0
        _ = write(wake.write, &byte, 1)
    }

    private func pump() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var open = [true, true]
        var passing = [true, true]
        var pending: [[UInt8]] = [[], []]
        var backlog = FeedBacklog()
        var feeding = true
        var ended = false

        /// Puts into the feed what it takes now, without waiting.
        func feedSome() {
            while feeding, !backlog.isEmpty {
                let n = backlog.bytes.withUnsafeBytes { write(feed, $0.baseAddress, $0.count) }
                if n > 0 {
                    backlog.written(n)
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    // Full (EAGAIN), or its reader gone: the next POLLOUT, or never.
                    if n < 0, errno != EAGAIN { feeding = false }
                    return
                }
            }
        }

        while true {
            if abandoned.withLock({ $0 }) { feeding = false }
            if !feeding { backlog.removeAll() }
            if ended, !open.contains(true), backlog.isEmpty { break }
            var fds = sources.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            for i in 0..<2 where !open[i] { fds[i].fd = -1 }
            fds.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            fds.append(pollfd(fd: backlog.isEmpty ? -1 : feed, events: Int16(POLLOUT), revents: 0))
            // Once the command has ended, only what is already in the pipes is read.
            let ready = poll(&fds, nfds_t(fds.count), ended && open.contains(true) ? 0 : -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { break }
            if fds[2].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                let n = read(wake.read, &bytes, bytes.count)
                if n > 0, bytes[0..<n].contains(1) { ended = true }
            }
            if ended, open.contains(true), fds[0].revents == 0, fds[1].revents == 0, fds[2].revents == 0 {
                // Drained: the rest belongs to the command's children, who may keep the pipes open.
                open = [false, false]
            }
            for i in 0..<2 where open[i] && fds[i].revents != 0 {
                let n = read(sources[i], buffer.baseAddress, buffer.count)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n > 0 else {
                    open[i] = false
                    continue
                }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                // Our own reader gone (`x11hud run … | head`): the command goes on, its output is still scanned.
                if passing[i] { passing[i] = Self.writeAll(sinks[i], chunk) }
                if i == 1 { tail.withLock { $0.push(chunk) } }
                pending[i].append(contentsOf: chunk)
                // Whole lines only, so that a line of stdout and one of stderr never run into each other.
                let lineEnd = pending[i].lastIndex(where: FeedBacklog.isLineEnd).map { $0 + 1 }
                if let end = lineEnd ?? (pending[i].count > Self.maxPending ? pending[i].count : nil) {
                    backlog.append(pending[i][..<end])
                    pending[i].removeFirst(end)
                }
            }
            if ended, !open.contains(true) {
                // The last lines without a line end are lines too.
                for i in 0..<2 where !pending[i].isEmpty {
                    backlog.append(pending[i][...] + [UInt8(ascii: "\n")])
                    pending[i] = []
                }
            }
            feedSome()
        }
        // The feed ends only now, once the command has: its end is then known to whoever reads the end of the feed.
        for fd in sources + [feed, wake.read, wake.write] { close(fd) }
    }

    /// Writes every byte, waiting while `fd` is full (also when someone made it non-blocking). Returns false when
    /// the other side is gone.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n >= 0 {
                done += n
            } else if errno == EAGAIN {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, -1)
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }
}

/// A system call that failed, with what it was for.
struct SystemFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

enum Pipes {
    /// A pipe whose ends are closed on exec, so the command inherits only the ends it is given.
    static func make() throws(SystemFailure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        // pipe2 is not in Swift's Glibc module; no other thread spawns while `run` makes its pipes.
        guard pipe(&fds) == 0 else { throw SystemFailure(call: "pipe", code: errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
