import Dispatch
import FoundationEssentials
import Glibc
import ProgressFeed
import Synchronization
import X11Platform

/// Reads the progress protocol from standard input on a thread of its own.
///
/// The reader never draws and never waits for the screen: it parses every line as fast as the producer writes,
/// keeps the latest values in an inbox, and asks the main queue to look at most once at a time, which is the
/// display link of MBProgressHUD done with a pipe.
final class StdinFeed: Sendable {
    private let fd: Int32
    private let parser: FeedParser
    /// What arrived, and who will look at it: one lock, so input can never be left waiting unseen.
    private struct Shared {
        var mailbox = InputMailbox()
        /// Some input has arrived.
        var seenInput = false
        /// The reader has seen the end of the input.
        var atEnd = false
        /// The HUD is gone: read on without looking, and exit with this status at the end of the input.
        var exitCode: Int32?
    }
    private let shared = Mutex(Shared())
    private let deliver: @Sendable () -> Void
    /// zenity's `--time-remaining`: the details become this text (the title) and the estimate under it.
    private let timeRemainingTitle: String?

    /// Lines longer than this are cut; the rest of such a line is dropped.
    static let maxLineLength = 64 * 1024

    /// No warnings about lines: `x11hud run`'s command writes for people, not to x11hud.
    private let quiet: Bool

    init(fd: Int32 = 0, parser: FeedParser, timeRemainingTitle: String? = nil, quiet: Bool = false,
         deliver: @escaping @Sendable () -> Void) {
        self.quiet = quiet
        self.fd = fd
        self.parser = parser
        self.timeRemainingTitle = timeRemainingTitle
        self.deliver = deliver
    }

    /// Whether standard input carries data worth reading without being asked: a pipe, a socket or a file. A
    /// terminal, /dev/null (what launchers and key bindings give) or a closed descriptor does not.
    static func hasInput(fd: Int32 = 0) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFREG
    }

    func start() {
        // A queue of its own: the blocking read holds one thread and no other work waits behind it.
        DispatchQueue(label: "x11hud.stdin").async { [self] in readAll() }
    }

    /// Everything that arrived since the last call.
    func take() -> FeedInbox {
        shared.withLock { $0.mailbox.take() }
    }

    /// Tells the reader whether the frame loop will look every frame. Returns true when input is waiting that no
    /// one will look at otherwise: the caller must look now.
    func framesLook(_ on: Bool) -> Bool {
        shared.withLock { $0.mailbox.framesLook(on) }
    }

    // MARK: Never killing the producer

    /// Ends the process with `code` once the input has ended, reading and discarding it until then, so that the
    /// program writing into the pipe never dies of SIGPIPE because the HUD went away first. Returns at once; the
    /// exit comes on the main queue, which must keep running (signals still end the process).
    ///
    /// When no input has arrived at all, the input is taken for no producer's (an idle pipe from a launcher or
    /// ssh) and the process exits at once, unless `evenIfIdle` (a zenity script's pipe is always its producer's).
    func drainThenExit(_ code: Int32, evenIfIdle: Bool = false) {
        let now = shared.withLock { s in
            s.exitCode = code
            return s.atEnd || (!s.seenInput && !evenIfIdle)
        }
        if now { DispatchQueue.main.async { Glibc.exit(code) } }
    }

    /// For a process that fails before any HUD or reader is up: reads `fd` to its end when it is a pipe or a file,
    /// then exits with `code`. Blocks.
    static func drainThenExit(_ code: Int32, fd: Int32 = 0) -> Never {
        if hasInput(fd: fd) { discard(fd) }
        Glibc.exit(code)
    }

    /// Reads `fd` to its end and drops what it reads.
    static func discard(_ fd: Int32) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, 64 * 1024)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
        }
    }

    // MARK: Reading

    private func readAll() {
        var splitter = LineSplitter(maxLineLength: Self.maxLineLength)
        var gate = WarningGate()
        var lineNumber = 0
        var eta = timeRemainingTitle.map { _ in TimeRemaining() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }

        func handle(_ line: UnsafeRawBufferPointer, _ truncated: Bool, into batch: inout FeedInbox) {
            lineNumber += 1
            if truncated { warn("line \(lineNumber) is longer than \(Self.maxLineLength) bytes; the rest was dropped") }
            switch parser.parse(line) {
            case .nothing: break
            // The flood's path: nothing more than taking the update unless an estimate is asked for.
            case .update(let u): if eta == nil { batch.take(u) } else { batch.take(withTimeRemaining(u)) }
            case .partial(let u, let w):
                batch.take(withTimeRemaining(u))
                warn("line \(lineNumber): \(w)")
            case .warning(let w): warn("line \(lineNumber): \(w)")
            }
        }
        func withTimeRemaining(_ update: FeedUpdate) -> FeedUpdate {
            guard let progress = update.progress, let title = timeRemainingTitle, eta != nil else { return update }
            let now = MonotonicClock.now
            let text = eta!.text(fraction: progress, at: now)
            var u = update
            u.details = [title, text].filter { !$0.isEmpty }.joined(separator: "\n")
            return u
        }
        func warn(_ message: String) {
            guard !quiet else { return }
            let now = MonotonicClock.now
            if let text = gate.admit(message, at: now) { X11HUDCommand.printError("stdin " + text) }
        }

        while true {
            if let code = shared.withLock({ $0.exitCode }) {
                Self.discard(fd)
                DispatchQueue.main.async { Glibc.exit(code) }
                return
            }
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { warn("reading stopped: \(String(cString: strerror(errno)))") }
            guard n > 0 else { break }
            shared.withLock { $0.seenInput = true }
            var batch = FeedInbox()
            splitter.push(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { handle($0, $1, into: &batch) }
            // A short read drained the pipe, so the producer's last write is whole: its `\r`-led figures now.
            if n < buffer.count {
                splitter.withUnfinishedLine { if let u = parser.parseUnfinished($0) { batch.take(u) } }
            }
            post(batch)
        }
        var last = FeedInbox()
        splitter.finish { handle($0, $1, into: &last) }
        if gate.pending > 0 { X11HUDCommand.printError("stdin: \(gate.pending) more warnings suppressed") }
        last.ended = true
        post(last)
        let code = shared.withLock { s in
            s.atEnd = true
            return s.exitCode
        }
        if let code { DispatchQueue.main.async { Glibc.exit(code) } }
    }

    private func post(_ batch: FeedInbox) {
        let ask = shared.withLock { $0.mailbox.post(batch) }
        if ask { deliver() }
    }
}

extension StdinFeed: HUDInputSource {}
