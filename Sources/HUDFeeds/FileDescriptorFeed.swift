import Glibc
import HUDLoop
public import ProgressFeed
import Synchronization

/// The progress protocol read from a descriptor (standard input, a pipe, a file) through a `FeedReader`: polled by
/// the HUD's loop when attached to a HUD (`PolledInputSource`), else on a thread of its own.
///
/// The reader never draws and never waits for the screen: it parses every line as fast as the producer writes,
/// keeps the latest values, and asks for a look at most once at a time, which is the display link of MBProgressHUD
/// done with a pipe. The descriptor is read from the first `start(asking:)` (`HUD.attach`) to its end.
///
/// ```swift
/// hud.attach(FileDescriptorFeed(0))
/// ```
public final class FileDescriptorFeed: PolledInputSource {
    private let fd: Int32
    /// What is read into: by the one thread that polls, or the reading thread.
    private nonisolated(unsafe) let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024,
                                                                                 alignment: 16)
    private let reader: FeedReader
    /// Whether anything arrived, whether the end was read, and who waits for the end once the HUD is done with it.
    private struct State {
        var seenInput = false
        var atEnd = false
        /// The HUD is done: read on without looking, then call this at the end of the input.
        var drained: (@Sendable () -> Void)?
        /// What reads the input for its end meanwhile (`scanWhileDraining`).
        var scan: EndScan?
    }
    private let state = Mutex(State())
    /// Who reads: nobody yet, a thread of its own (`start(asking:)` first), or whoever polls (`startPolled` first).
    private enum Reading { case notYet, thread, polled }
    private let reading = Mutex(Reading.notYet)

    /// Reads `fd` (not closed here) with `parser`; see `FeedReader.init` for the rest.
    public init(_ fd: Int32 = 0, parser: FeedParser = FeedParser(), timeRemainingTitle: String? = nil,
                warn: (@Sendable (FeedWarning) -> Void)? = nil) {
        self.fd = fd
        reader = FeedReader(parser: parser, timeRemainingTitle: timeRemainingTitle, warn: warn)
    }

    deinit { buffer.deallocate() }

    /// Whether `fd` carries data worth reading without being asked: a pipe, a socket or a file. A terminal,
    /// /dev/null (what launchers and key bindings give) or a closed descriptor does not.
    public static func hasInput(fd: Int32 = 0) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFREG
    }

    /// Reads `fd` to its end and drops what it reads, but for `scan`'s look for the end. Blocks.
    public static func discard(_ fd: Int32, scanning scan: EndScan? = nil) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, 64 * 1024)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            scan?.push(UnsafeRawBufferPointer(start: buffer, count: n))
        }
    }

    /// Once the HUD is done, what is read and dropped goes through `scan` (the end the HUD did not show).
    public func scanWhileDraining(_ scan: EndScan) { state.withLock { $0.scan = scan } }

    // MARK: Never killing the producer

    /// The HUD is done with the input: it is read to its end and dropped, so the program writing into the pipe
    /// never dies of SIGPIPE because the HUD went away first, and `drained` is called then (on the reading thread,
    /// or on this one when the end was already read). Returns at once.
    ///
    /// When no input has arrived at all, the input is taken for no producer's (an idle pipe from a launcher or
    /// ssh) and `drained` is called at once, unless `evenIfIdle` (a zenity script's pipe is always its producer's).
    public func drain(evenIfIdle: Bool = false, then drained: @escaping @Sendable () -> Void) {
        let now = state.withLock { s in
            let now = s.atEnd || (!s.seenInput && !evenIfIdle)
            // Called once: at once, or by whoever reads the end.
            if !now { s.drained = drained }
            return now
        }
        if now { drained() }
    }

    // MARK: Reading

    private func readAll() {
        while true {
            if let (drained, scan) = state.withLock({ s in s.drained.map { ($0, s.scan) } }) {
                Self.discard(fd, scanning: scan)
                drained()
                return
            }
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { reader.readingFailed(String(cString: strerror(errno))) }
            guard n > 0 else { break }
            state.withLock { $0.seenInput = true }
            // A short read drained the pipe, so the producer's last write is whole.
            reader.push(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), drained: n < buffer.count)
        }
        ended()
    }

    // MARK: HUDInputSource

    /// Starts the reading thread on the first call (unless a poller already reads).
    public func start(asking ask: @escaping @Sendable () -> Void) {
        reader.start(asking: ask)
        let first = reading.withLock { r in
            defer { if r == .notYet { r = .thread } }
            return r == .notYet
        }
        // A queue of its own: the blocking read holds one thread and no other work waits behind it.
        if first { BlockingThread.start("x11hud.feed.fd\(fd)") { [self] in readAll() } }
    }

    public func take() -> FeedInbox { reader.take() }
    public func framesLook(_ on: Bool) -> Bool { reader.framesLook(on) }

    // MARK: PolledInputSource

    public var descriptor: Int32 { fd }

    public func startPolled(asking ask: @escaping @Sendable () -> Void) -> Bool {
        reader.start(asking: ask)
        // Input that moves from a forwarding client's thread to a HUD of its own (its owner went away) keeps its
        // thread: two readers would split its lines.
        return reading.withLock { r in
            if r == .notYet { r = .polled }
            return r == .polled
        }
    }

    public func readable() -> Bool {
        let n = read(fd, buffer.baseAddress, buffer.count)
        if n < 0, errno == EINTR || errno == EAGAIN { return true }
        if n < 0 { reader.readingFailed(String(cString: strerror(errno))) }
        guard n > 0 else {
            ended()
            return false
        }
        // Once the HUD is done the rest is read and dropped, as on the reading thread.
        let (draining, scan) = state.withLock { s in
            s.seenInput = true
            return (s.drained != nil, s.scan)
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
        if !draining { reader.push(bytes, drained: n < buffer.count) } else { scan?.push(bytes) }
        return true
    }

    private func ended() {
        reader.finish()
        let drained = state.withLock { s in
            s.atEnd = true
            return s.drained
        }
        drained?()
    }
}
