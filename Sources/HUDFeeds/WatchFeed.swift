import HUDLoop
public import ProgressFeed
import Synchronization

/// How a watch ended.
public enum WatchEnd: Hashable, Sendable {
    /// The watched process exited 0, or the watched file reached its total.
    case completed
    /// The watched process ended and its exit status could not be read: so it is not called done. What it was at,
    /// in one line (`cp ended at 24 MB of 52 MB of big.iso; its exit status cannot be read (…)…`).
    case incomplete(String)
    /// The watched process exited with a status other than 0, or a signal ended it: `status` is what a shell would
    /// report (128 + N for signal N), `message` one line (`rsync ended early at …: killed by signal 9 (Killed)`).
    case failed(status: Int32, message: String)
    /// The watched file was deleted, or stopped being a regular file, before it was complete.
    case fileLost
}

/// What one look at a watched thing found.
enum WatchLook {
    /// The latest figures; `moved` says whether anything changed since the last look.
    case progress(FeedUpdate, moved: Bool)
    /// The watch is over: a last update (the success or error icon) and how it ended.
    case finished(FeedUpdate, end: WatchEnd)
}

/// Something a `WatchFeed` looks at on a timer: a process's open files, a growing file.
protocol WatchProbe: AnyObject {
    /// Looks once. Runs on the feed's loop only.
    func look() -> WatchLook
    /// A descriptor that becomes readable when the watched work ends (a pidfd), to look at once then.
    var endDescriptor: Int32? { get }
    /// Calls `body` (on any thread) when the end is known from elsewhere (a process's exit status), to look then.
    func whenEnded(_ body: @escaping @Sendable () -> Void)
}

extension WatchProbe {
    func whenEnded(_ body: @escaping @Sendable () -> Void) {}
}

/// An input source that looks at work already running on a timer of the loop and hands the HUD what it found, as
/// `FileDescriptorFeed` hands it lines: through `take()`, at most once per frame. `ProcessWatch` and `FileWatch`
/// are its two kinds.
///
/// It looks every `fastInterval` while the figures move (and for `patience` looks after, as writers pause between
/// bursts), then twice as seldom after each look that finds them still, down to once every `slowInterval`: a
/// stalled copy costs a wake-up every few seconds, not two a second. The details turn `stalled` on the HUD's own
/// clock (`TransferDetails.stallsAt`), between looks as between a producer's lines.
///
/// The looks run on the loop: each is a few reads of /proc or a `stat` (microseconds), and what it finds is only
/// of use to the HUD, which runs there too; a main thread held up by the X server loses nothing it could show.
///
/// `@unchecked Sendable`: the probe and the look schedule are used on the loop only.
public class WatchFeed: HUDInputSource, @unchecked Sendable {
    static let fastInterval = 0.5
    static let slowInterval = 4.0
    static let patience = 4
    /// How long the success icon stays before the HUD hides, once the watched work is over.
    public static let successHold = 1.0
    /// How long the last figures stay under the info icon when a watched process ended before its total.
    public static let incompleteHold = 3.0

    private let link = MailboxLink()
    private let loop: any EventLoop
    private let probe: any WatchProbe
    private var interval = WatchFeed.fastInterval
    private var stillLooks = 0
    private var over = false
    private var endWatch: DescriptorWatch?
    private let onEnd: (@Sendable (WatchEnd) -> Void)?

    /// - Parameter onEnd: how the watch ended, called (on the loop) before the last update is handed on.
    init(probe: any WatchProbe, onEnd: (@Sendable (WatchEnd) -> Void)?, loop: any EventLoop = SystemLoop.main) {
        self.probe = probe
        self.onEnd = onEnd
        self.loop = loop
    }

    /// Looks, and unless the watch is over, looks again later; `scheduled` is false for an extra look (the end
    /// was signalled), which leaves the next scheduled one as it is.
    @MainActor private func tick(scheduled: Bool = true) {
        guard !over else { return }
        switch probe.look() {
        case .progress(let update, let moved):
            stillLooks = moved ? 0 : stillLooks + 1
            interval = stillLooks <= Self.patience ? Self.fastInterval : min(interval * 2, Self.slowInterval)
            post(update)
            if scheduled { loop.schedule(after: interval) { [self] in tick() } }
        case .finished(let update, let end):
            over = true
            endWatch?.cancel()
            endWatch = nil
            onEnd?(end)
            post(update)
        }
    }

    private func post(_ update: FeedUpdate) {
        var batch = FeedInbox()
        batch.take(update)
        link.post(batch)
    }

    // MARK: HUDInputSource

    /// Starts looking on the first call.
    public func start(asking ask: @escaping @Sendable () -> Void) {
        guard link.connect(ask) else { return }
        loop.send { [self] in begin() }
    }

    @MainActor private func begin() {
        probe.whenEnded { [loop] in loop.send { [weak self] in self?.tick(scheduled: false) } }
        if let fd = probe.endDescriptor {
            let watch = loop.watch(fd) { [weak self] in
                // Once: the descriptor stays readable once the work has ended.
                self?.endWatch?.cancel()
                self?.endWatch = nil
                self?.tick(scheduled: false)
            }
            endWatch = watch
            watch.start()
        }
        tick()
    }

    public func take() -> FeedInbox { link.take() }
    public func framesLook(_ on: Bool) -> Bool { link.framesLook(on) }
}

/// The progress of a running process, as the `progress` tool shows it: the position in the largest file it reads
/// (with a `total`, the size of the largest it writes), labelled with its command name, the file in the details;
/// at its end, the success icon only when it exits 0 (`ProcessProbe`).
///
/// ```swift
/// hud.attach(try ProcessWatch(pid: pid))
/// ```
public final class ProcessWatch: WatchFeed, @unchecked Sendable {
    /// Watches the process whose `/proc` directory `files` holds open.
    /// - Parameter noTotal: called once (on the loop) with the command and file names when, without a
    ///   `total`, the process is seen writing a file and reading none with a size: its bytes and rate are shown,
    ///   and only a total would give a fraction.
    public init(_ files: ProcessFiles, total: Int64? = nil, texts: WatchTexts = WatchTexts(),
                noTotal: (@Sendable (_ command: String, _ file: String) -> Void)? = nil,
                onEnd: (@Sendable (WatchEnd) -> Void)? = nil) {
        super.init(probe: ProcessProbe(files: files, total: total, texts: texts, noTotal: noTotal), onEnd: onEnd)
    }

    /// - Throws: `WatchError` when there is no such process or its open files may not be read.
    public convenience init(pid: Int32, total: Int64? = nil, texts: WatchTexts = WatchTexts(),
                            onEnd: (@Sendable (WatchEnd) -> Void)? = nil) throws(WatchError) {
        self.init(try ProcessFiles(pid: pid), total: total, texts: texts, onEnd: onEnd)
    }
}

/// A file growing towards `total` bytes (a download another program writes): waited for while missing, success at
/// the total, the error icon and `WatchEnd.fileLost` when it is deleted first.
public final class FileWatch: WatchFeed, @unchecked Sendable {
    public init(path: String, total: Int64, texts: WatchTexts = WatchTexts(),
                onEnd: (@Sendable (WatchEnd) -> Void)? = nil) {
        super.init(probe: FileProbe(path: path, total: total, texts: texts), onEnd: onEnd)
    }
}
