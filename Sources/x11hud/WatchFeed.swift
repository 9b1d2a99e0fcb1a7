import Dispatch
import ProgressFeed
import Synchronization
import X11Platform

/// What one look at a watched thing found.
enum WatchLook {
    /// The latest figures; `moved` says whether anything changed since the last look.
    case progress(FeedUpdate, moved: Bool)
    /// The watch is over: a last update (the success or error icon) and the status x11hud then exits with.
    case finished(FeedUpdate, status: Int32)
}

/// Something a `WatchFeed` looks at on a timer: a process's open files, a growing file.
protocol WatchProbe: AnyObject {
    /// Looks once. Runs on the feed's queue only.
    func look() -> WatchLook
    /// A descriptor that becomes readable when the watched work ends (a pidfd), to look at once then.
    var endDescriptor: Int32? { get }
}

/// An input source that looks at a `WatchProbe` on a timer of its own and hands the HUD what it found, as
/// `StdinFeed` hands it lines: through `take()`, at most once per frame, so the HUD's one `FeedPolicy` applies.
///
/// It looks every `fastInterval` while the figures move (and for `patience` looks after, as writers pause between
/// bursts), then twice as seldom after each look that finds them still, down to once every `slowInterval`: a
/// stalled copy costs a wake-up every few seconds, not two a second. Each look still reports, so the details can
/// say `stalled`.
final class WatchFeed: Sendable {
    static let fastInterval = 0.5
    static let slowInterval = 4.0
    static let patience = 4

    private let mailbox = Mutex(InputMailbox())
    private let queue = DispatchQueue(label: "x11hud.watch")
    /// Used on `queue` only.
    private nonisolated(unsafe) let probe: any WatchProbe
    private nonisolated(unsafe) var interval = WatchFeed.fastInterval
    private nonisolated(unsafe) var stillLooks = 0
    private nonisolated(unsafe) var over = false
    private nonisolated(unsafe) var endSource: (any DispatchSourceRead)?
    private let deliver: @Sendable () -> Void
    private let finished: @Sendable (Int32) -> Void

    /// - Parameters:
    ///   - deliver: asks the main queue to look (`HUD.inputArrived()`).
    ///   - finished: the status to exit with once the HUD has hidden, called before the last update is handed on.
    init(probe: any WatchProbe, deliver: @escaping @Sendable () -> Void,
         finished: @escaping @Sendable (Int32) -> Void) {
        self.probe = probe
        self.deliver = deliver
        self.finished = finished
    }

    func start() {
        queue.async { [self] in
            if let fd = probe.endDescriptor {
                let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
                source.setEventHandler { [self] in tick(scheduled: false) }
                source.resume()
                endSource = source
            }
            tick()
        }
    }

    /// Looks, and unless the watch is over, looks again later; `scheduled` is false for an extra look (the end
    /// was signalled), which leaves the next scheduled one as it is.
    private func tick(scheduled: Bool = true) {
        guard !over else { return }
        switch probe.look() {
        case .progress(let update, let moved):
            stillLooks = moved ? 0 : stillLooks + 1
            interval = stillLooks <= Self.patience ? Self.fastInterval : min(interval * 2, Self.slowInterval)
            post(update)
            if scheduled { queue.asyncAfter(deadline: .now() + interval, qos: .utility) { [self] in tick() } }
        case .finished(let update, let status):
            over = true
            endSource?.cancel()
            finished(status)
            post(update)
        }
    }

    private func post(_ update: FeedUpdate) {
        var batch = FeedInbox()
        batch.take(update)
        if mailbox.withLock({ $0.post(batch) }) { deliver() }
    }
}

extension WatchFeed: HUDInputSource {
    func take() -> FeedInbox { mailbox.withLock { $0.take() } }
    func framesLook(_ on: Bool) -> Bool { mailbox.withLock { $0.framesLook(on) } }
}
