import HUDBase
import HUDLoop
public import ProgressFeed
import Synchronization

/// A warning about the input, already rate-limited (`WarningGate`): text for a person, without naming the input.
public enum FeedWarning: Hashable, Sendable {
    /// About a line or the reading: `line 3: …`, `line 9 is longer than 65536 bytes; the rest was dropped`,
    /// `reading stopped: …`.
    case input(String)
    /// This many warnings were held back and not reported by the end of the input.
    case suppressed(Int)
}

/// The progress protocol from bytes pushed in: cut into lines once, each line parsed (`FeedParser`), the latest
/// values kept in an `InputMailbox` that a HUD pulls at most once per frame. Standard input, a descriptor
/// (`FileDescriptorFeed`) and a command's output (`CommandFeed`) all go through it; a program can push bytes itself.
///
/// Pushing never waits for the screen: a producer writing a million lines a second costs one update per frame.
/// Several streams (a command's stdout and stderr) each keep their unfinished line to themselves, so a line of one
/// never runs into a line of the other. Call `push` and `finish` from one thread at a time.
public final class FeedReader: HUDInputSource {
    /// Lines longer than this are cut; the rest of such a line is dropped.
    public static let maxLineLength = 64 * 1024

    /// Seconds on the monotonic clock, for the warning rate limit and `--time-remaining`.
    public static let uptime: @Sendable () -> Double = { MonotonicClock.now }

    private struct Scan {
        var splitters: [LineSplitter]
        var lines: Lines
        var finished = false
    }
    /// What reading lines keeps, apart from the splitters (so both can change in one pass).
    private struct Lines {
        var gate = WarningGate()
        var lineNumber = 0
        var eta: TimeRemaining?
        /// The last `total_bytes` a line gave: a later line of bytes alone is a fraction of it, as its details say.
        var bytesTotal: Int64?

        mutating func withKnownTotal(_ u: FeedUpdate) -> FeedUpdate {
            if let all = u.bytesTotal { bytesTotal = all > 0 ? all : nil }
            guard u.progress == nil, u.bytesTotal == nil, let done = u.bytesDone, let all = bytesTotal else { return u }
            var u = u
            u.progress = min(Double(done) / Double(all), 1)
            return u
        }
    }
    private let scan: Mutex<Scan>
    private let link = MailboxLink()
    private let parser: FeedParser
    private let timeRemainingTitle: String?
    private let clock: @Sendable () -> Double
    private let warn: (@Sendable (FeedWarning) -> Void)?
    private let skipsWhenUnread: Bool
    /// Input no one has taken for this long means no one is reading (a HUD not shown yet, waiting for its name, or
    /// gone): see `skipsWhenUnread`.
    static let unreadAfter = 0.25

    /// - Parameters:
    ///   - streams: how many byte streams are pushed (`push(_:stream:drained:)` numbers them from 0).
    ///   - timeRemainingTitle: zenity's `--time-remaining`: the details become this text and the estimate under it.
    ///   - clock: monotonic seconds (tests pass their own).
    ///   - warn: called for lines that try to be protocol and fail, rate-limited; nil: no warnings (a command's
    ///     output is written for people, not for the HUD).
    ///   - skipsWhenUnread: while no one has taken the input for `unreadAfter` seconds, only the last complete
    ///     line of each push (and the line begun after it) is read: the newest lines say where the job is now, and
    ///     the writer (a command whose output is passed through) is never slowed by lines no one will see.
    public init(parser: FeedParser = FeedParser(), streams: Int = 1, timeRemainingTitle: String? = nil,
                clock: @escaping @Sendable () -> Double = FeedReader.uptime, skipsWhenUnread: Bool = false,
                warn: (@Sendable (FeedWarning) -> Void)? = nil) {
        self.skipsWhenUnread = skipsWhenUnread
        self.parser = parser
        self.timeRemainingTitle = timeRemainingTitle
        self.clock = clock
        self.warn = warn
        let splitter = Self.splitter(for: parser)
        let splitters = Array(repeating: splitter, count: max(1, streams))
        scan = Mutex(Scan(splitters: splitters, lines: Lines(eta: timeRemainingTitle.map { _ in TimeRemaining() })))
    }

    /// Reads `bytes` of `stream`. `drained` says the producer's write is whole (a short read emptied the pipe):
    /// the line it has begun and not ended is read too, since rsync, curl, wget and dd start each redraw with `\r`
    /// rather than end it, and their latest figures are then on screen when drawn, not one redraw late.
    public func push(_ bytes: UnsafeRawBufferPointer, stream: Int = 0, drained: Bool = true) {
        var bytes = bytes
        let now = clock()
        if skipsWhenUnread, let since = link.waitingSince, now - since >= Self.unreadAfter,
           let last = Self.lastLineStart(bytes) {
            bytes = UnsafeRawBufferPointer(rebasing: bytes[last...])
            scan.withLock { $0.splitters[stream] = Self.splitter(for: parser) }
        }
        let batch = scan.withLock { s -> FeedInbox in
            var batch = FeedInbox()
            guard !s.finished else { return batch }
            s.splitters[stream].push(bytes) { line, truncated in handle(line, truncated, &s.lines, into: &batch) }
            if drained {
                s.splitters[stream].withUnfinishedLine { if let u = parser.parseUnfinished($0) { batch.take(u) } }
            }
            return batch
        }
        if !batch.isEmpty { link.post(batch, at: now) }
    }

    /// Lines as the parser reads them: a tool's redraws by backspace (7-Zip) are lines of their own, except for
    /// zenity's rules, which cut at line ends only, as zenity does.
    private static func splitter(for parser: FeedParser) -> LineSplitter {
        LineSplitter(maxLineLength: maxLineLength, breaksOnBackspace: parser.zenityRules == nil)
    }

    /// Where the last complete line of `bytes` starts, when an earlier one ends in it.
    private static func lastLineStart(_ bytes: UnsafeRawBufferPointer) -> Int? {
        func isEnd(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        guard let end = bytes.lastIndex(where: isEnd) else { return nil }
        guard let start = bytes[..<end].lastIndex(where: isEnd) else { return nil }
        return start + 1
    }

    /// Posts an update of the program's own, after the lines read so far (a Cancel in progress).
    public func post(_ update: FeedUpdate) {
        var batch = FeedInbox()
        batch.take(update)
        link.post(batch, at: clock())
    }

    /// Reports that reading failed (rate-limited like the line warnings).
    public func readingFailed(_ reason: String) {
        let text = scan.withLock { s in s.lines.gate.admit("reading stopped: \(reason)", at: clock()) }
        if let text { warn?(.input(text)) }
    }

    /// The input has ended: the lines not ended are read, and the end is handed on once. Without `last` the inbox
    /// says `ended` (which hides a HUD whose policy says so); with it, `last` is the end as the HUD should show it
    /// (an icon, a label, when to hide), after every line. Later pushes and calls are ignored.
    public func finish(showing last: FeedUpdate? = nil) {
        let result = scan.withLock { s -> (FeedInbox, Int)? in
            guard !s.finished else { return nil }
            s.finished = true
            var batch = FeedInbox()
            for i in s.splitters.indices {
                s.splitters[i].finish { line, truncated in handle(line, truncated, &s.lines, into: &batch) }
            }
            if let last { batch.take(last) } else { batch.ended = true }
            return (batch, s.lines.gate.pending)
        }
        guard let (batch, pending) = result else { return }
        if pending > 0 { warn?(.suppressed(pending)) }
        link.post(batch, at: clock())
    }

    /// Whether `finish` was called.
    public var isFinished: Bool { scan.withLock { $0.finished } }

    private func handle(_ line: UnsafeRawBufferPointer, _ truncated: Bool, _ s: inout Lines,
                        into batch: inout FeedInbox) {
        s.lineNumber += 1
        if truncated {
            note("line \(s.lineNumber) is longer than \(Self.maxLineLength) bytes; the rest was dropped", &s)
        }
        switch parser.parse(line) {
        case .nothing: break
        // The flood's path: nothing more than taking the update unless an estimate is asked for.
        case .update(let u):
            let u = s.withKnownTotal(u)
            if s.eta == nil { batch.take(u) } else { batch.take(withTimeRemaining(u, &s)) }
        case .partial(let u, let w):
            batch.take(withTimeRemaining(s.withKnownTotal(u), &s))
            note("line \(s.lineNumber): \(w)", &s)
        case .warning(let w): note("line \(s.lineNumber): \(w)", &s)
        }
    }

    private func withTimeRemaining(_ update: FeedUpdate, _ s: inout Lines) -> FeedUpdate {
        guard let progress = update.progress, let title = timeRemainingTitle, s.eta != nil else { return update }
        let text = s.eta!.text(fraction: progress, at: clock())
        var u = update
        u.details = [title, text].filter { !$0.isEmpty }.joined(separator: "\n")
        return u
    }

    private func note(_ message: String, _ s: inout Lines) {
        guard let warn else { return }
        if let text = s.gate.admit(message, at: clock()) { warn(.input(text)) }
    }

    // MARK: HUDInputSource

    /// Nothing to start: bytes come from whoever pushes them.
    public func start(asking ask: @escaping @Sendable () -> Void) { _ = link.connect(ask) }
    public func take() -> FeedInbox { link.take() }
    public func framesLook(_ on: Bool) -> Bool { link.framesLook(on) }
}
