import Glibc
import HUDLoop
import ProgressFeed
import Synchronization

/// Passes a command's stdout and stderr through to ours, byte for byte and as they come, and pushes the same bytes
/// into the `FeedReader` the HUD pulls from, so a command's output is cut into lines once and parsed with the very
/// parser standard input goes through, on this one thread.
///
/// Each stream is a stream of its own in the reader, so a line of stdout and a line of stderr never run into each
/// other. Passing through waits for our stdout and stderr (as a pipe would); the reader never makes the command
/// wait: it keeps only the latest values. A command in a terminal of its own (`PseudoTerminal`) has one stream,
/// its terminal's, passed through to our stdout.
final class OutputTee: Sendable {
    /// The read ends of the command's stdout and stderr pipes, or its terminal's master side.
    private let sources: [Int32]
    /// Where each source is passed through to: our stdout and stderr.
    private let sinks: [Int32] = [1, 2]
    /// The source its errors are read from: stderr, or the terminal, where they mix with the rest.
    private let errors: Int
    private let reader: FeedReader
    /// Written when the command has ended: what is left in the pipes is passed on, then the tee ends.
    private let wake: (read: Int32, write: Int32)
    private let reason = Mutex(FailureReason())
    /// The stream whose added output is kept out (`AddedOutput`), if any, and its filter (unused without one).
    private let filtered: Int?
    private let filter: Mutex<any OutputFilter>

    /// Takes ownership of the descriptors; with no `stderr`, `stdout` carries both (a terminal's master side).
    /// - Parameter added: what the command was asked to print (`QuietCommand`): read, not passed through.
    init(stdout: Int32, stderr: Int32?, reader: FeedReader, added: AddedOutput? = nil) throws(CommandFailure) {
        filtered = stderr == nil ? nil : added?.stream
        filter = Mutex(added?.filter() ?? RedrawFilter())
        sources = [stdout] + (stderr.map { [$0] } ?? [])
        errors = sources.count - 1
        self.reader = reader
        wake = try Pipes.make()
        for fd in sources + [wake.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Why the command failed, in its own words, as its stderr (or terminal) said so far (`FailureReason`).
    var failureReason: String? { reason.withLock { $0.text } }

    /// Whether its stderr (or terminal) said so far that it got an interrupt (`FailureReason.interrupted`).
    var saidInterrupted: Bool { reason.withLock { $0.interrupted } }

    /// Starts passing through; `whenDone` runs on the tee's thread once the command has ended and what it left in
    /// the pipes is through.
    func start(whenDone: @escaping @Sendable () -> Void) {
        // A thread of its own: the blocking writes to our stdout (a slow terminal) hold no other work up.
        BlockingThread.start("x11hud.run.tee") { [self] in
            pump()
            whenDone()
        }
    }

    /// The command has ended: pass on what it left in the pipes, then end. (Its children may keep the pipes open;
    /// what they write later is not waited for.)
    func commandEnded() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func pump() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        let count = sources.count
        var open = Array(repeating: true, count: count)
        var passing = open
        var closed = Array(repeating: false, count: count)
        var ended = false

        while !(ended && !open.contains(true)) {
            var fds = sources.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            for i in 0..<count where !open[i] { fds[i].fd = -1 }
            fds.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            // Once the command has ended, only what is already in the pipes is read.
            let ready = poll(&fds, nfds_t(fds.count), ended ? 0 : -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { break }
            if fds[count].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                if read(wake.read, &bytes, bytes.count) > 0 { ended = true }
            }
            if ended, fds.allSatisfy({ $0.revents == 0 }) {
                // Drained: the rest belongs to the command's children, who may keep the pipes open.
                open = Array(repeating: false, count: count)
            }
            for i in 0..<count where open[i] && fds[i].revents != 0 {
                let n = read(sources[i], buffer.baseAddress, buffer.count)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n > 0 else {
                    open[i] = false
                    continue
                }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                if passing[i] { passing[i] = pass(chunk, from: i, drained: n < buffer.count) }
                if i == errors { reason.withLock { $0.push(chunk) } }
                reader.push(chunk, stream: i, drained: n < buffer.count)
                if !passing[i] {
                    // Our own reader gone (`x11hud run -- yes | head -1`): as in a shell pipe, the command's next
                    // write fails (SIGPIPE), so a guest in a pipeline does not outlive it.
                    open[i] = false
                    close(sources[i])
                    closed[i] = true
                }
            }
        }
        if let filtered, passing[filtered] {
            filter.withLock { $0.rest() }.withUnsafeBytes { _ = Self.writeAll(sinks[filtered], $0) }
        }
        for (i, fd) in sources.enumerated() where !closed[i] { close(fd) }
        for fd in [wake.read, wake.write] { close(fd) }
    }

    /// Passes `chunk` of source `i` through, without the output we asked for; false when our reader is gone.
    private func pass(_ chunk: UnsafeRawBufferPointer, from i: Int, drained: Bool) -> Bool {
        guard i == filtered else { return Self.writeAll(sinks[i], chunk) }
        let kept = filter.withLock { $0.pass(chunk, drained: drained) }
        return kept.withUnsafeBytes { Self.writeAll(sinks[i], $0) }
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
