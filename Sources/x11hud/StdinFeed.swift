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
        var inbox = FeedInbox()
        /// A look is already asked of the main queue.
        var lookAsked = false
        /// The frame loop looks every frame by itself: no need to ask.
        var framesLook = false
    }
    private let shared = Mutex(Shared())
    private let deliver: @Sendable () -> Void

    /// Lines longer than this are cut; the rest of such a line is dropped.
    static let maxLineLength = 64 * 1024

    init(fd: Int32 = 0, parser: FeedParser, deliver: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.parser = parser
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
        shared.withLock { s in
            s.lookAsked = false
            defer { s.inbox = FeedInbox() }
            return s.inbox
        }
    }

    /// Tells the reader whether the frame loop will look every frame. Returns true when input is waiting that no
    /// one will look at otherwise: the caller must look now.
    func framesLook(_ on: Bool) -> Bool {
        shared.withLock { s in
            s.framesLook = on
            return !on && !s.lookAsked && !s.inbox.isEmpty
        }
    }

    private func readAll() {
        var splitter = LineSplitter(maxLineLength: Self.maxLineLength)
        var gate = WarningGate()
        var lineNumber = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }

        func handle(_ line: UnsafeRawBufferPointer, _ truncated: Bool, into batch: inout FeedInbox) {
            lineNumber += 1
            if truncated { warn("line \(lineNumber) is longer than \(Self.maxLineLength) bytes; the rest was dropped") }
            switch parser.parse(line) {
            case .nothing: break
            case .update(let u): batch.take(u)
            case .partial(let u, let w):
                batch.take(u)
                warn("line \(lineNumber): \(w)")
            case .warning(let w): warn("line \(lineNumber): \(w)")
            }
        }
        func warn(_ message: String) {
            let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
            if let text = gate.admit(message, at: now) { X11HUDCommand.printError("stdin " + text) }
        }

        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { warn("reading stopped: \(String(cString: strerror(errno)))") }
            guard n > 0 else { break }
            var batch = FeedInbox()
            splitter.push(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { handle($0, $1, into: &batch) }
            post(batch)
        }
        var last = FeedInbox()
        splitter.finish { handle($0, $1, into: &last) }
        if gate.pending > 0 { X11HUDCommand.printError("stdin: \(gate.pending) more warnings suppressed") }
        last.ended = true
        post(last)
    }

    private func post(_ batch: FeedInbox) {
        let ask = shared.withLock { s in
            s.inbox.take(batch)
            guard !s.framesLook, !s.lookAsked else { return false }
            s.lookAsked = true
            return true
        }
        if ask { deliver() }
    }
}

extension StdinFeed: HUDInputSource {}
