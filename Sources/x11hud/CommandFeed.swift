import Dispatch
import Glibc
import ProgressFeed
import Synchronization
import X11Platform

/// The input of `x11hud run`'s HUD: its command's output, read by a `StdinFeed` from the pipe `OutputTee` copies
/// its lines into (so it is parsed exactly as standard input is), then the end of the command as one more update:
/// the icon, the label, the details and when to hide (`RunOutcome`).
///
/// It also says when x11hud exits: once the command has ended and its output has been passed through, whatever
/// ended the HUD first (the end of the command, `--hide-after`, `x11hud hide`), with the command's status.
final class CommandFeed: Sendable {
    private let job: CommandJob
    private let tee: OutputTee
    private let feedFD: Int32
    private let started = MonotonicClock.now
    /// The parts of the outcome known from the start (labels, grace).
    private let template: RunOutcome

    private struct State {
        var reader: StdinFeed?
        var deliver: (@Sendable () -> Void)?
        /// Updates of our own for the HUD, ahead of the command's (the Cancel in progress).
        var extra = FeedInbox()
        var stop = RunOutcome.Stop.none
        var exitAsked = false
    }
    private let state = Mutex(State())
    /// Left once the tee has passed everything through and closed the feed.
    private let teeDone = DispatchGroup()

    /// Takes ownership of `feed`, the read end of the pipe `tee` writes lines into.
    init(job: CommandJob, tee: OutputTee, feed: Int32, template: RunOutcome) {
        self.job = job
        self.tee = tee
        feedFD = feed
        self.template = template
        teeDone.enter()
        tee.start { [teeDone] in teeDone.leave() }
        job.whenEnded { [tee] _ in tee.commandEnded() }
    }

    /// Makes the reader, which parses lines with `parser` and calls `deliver` when input is waiting.
    func connect(parser: FeedParser, deliver: @escaping @Sendable () -> Void) -> Self {
        let reader = StdinFeed(fd: feedFD, parser: parser, quiet: true, deliver: deliver)
        state.withLock {
            $0.reader = reader
            $0.deliver = deliver
        }
        return self
    }

    // MARK: Stopping the command

    /// Cancel: stops the command's group (SIGTERM, SIGKILL after 5 s); the HUD says so until it has ended.
    func cancel() {
        let (first, deliver) = state.withLock { s -> (Bool, (@Sendable () -> Void)?) in
            guard s.stop == .none, job.end == nil else { return (false, nil) }
            s.stop = .cancelled
            s.extra.label = "Cancelling…"
            s.extra.button = ""
            return (true, s.deliver)
        }
        guard first else { return }
        job.stop(with: SIGTERM)
        deliver?()
    }

    /// SIGINT, SIGTERM or SIGHUP came to x11hud: passed on to the command's group (SIGKILL after 5 s); x11hud ends
    /// right after it, with its status. Called on the signal queue.
    func passOn(_ signal: Int32) {
        let first = state.withLock { s in
            defer { if s.stop == .none { s.stop = .signalled } }
            return s.stop == .none
        }
        if job.end != nil {
            // Already ended, showing how: no need to linger.
            DispatchQueue.main.async { [self] in exitNow() }
            return
        }
        job.stop(with: signal)
        guard first else { return }
        // The main queue may be stuck on an X server that is stopped or grabbed: end anyway, a moment after the
        // command has.
        job.whenEnded { [self] _ in
            teeDone.notify(queue: .global()) { [self] in
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [self] in
                    job.killLeftovers()
                    _exit(outcome.status)
                }
            }
        }
    }

    /// The X server went away (or the HUD's window with it): no HUD any more, but the command goes on, its output
    /// passed through, and x11hud exits with its status. Runs on the main thread, which it keeps: nothing else needs
    /// it now.
    func hudLost() -> Never {
        X11HUDCommand.printError("warning: '\(template.command)' goes on without a HUD")
        tee.abandonFeed()
        let ended = DispatchSemaphore(value: 0)
        job.whenEnded { _ in ended.signal() }
        ended.wait()
        teeDone.wait()
        job.killLeftovers()
        _exit(outcome.status)
    }

    // MARK: Ending

    private var outcome: RunOutcome {
        var o = template
        o.end = job.end ?? .exited(0)
        o.stop = state.withLock { $0.stop }
        o.lastErrorLine = tee.lastErrorLine
        o.seconds = MonotonicClock.now - started
        return o
    }

    private func exitNow() -> Never {
        job.killLeftovers()
        exit(outcome.status)
    }
}

extension CommandFeed: LiveFeed {
    func take() -> FeedInbox {
        guard let reader = state.withLock({ $0.reader }) else { return FeedInbox() }
        var inbox = state.withLock { s in
            defer { s.extra = FeedInbox() }
            return s.extra
        }
        let read = reader.take()
        inbox.take(read.update)
        // The output has ended only once the command has (`OutputTee`): show how, instead of hiding at once.
        if read.ended { inbox.take(outcome.update) }
        return inbox
    }

    func framesLook(_ on: Bool) -> Bool {
        let (reader, waiting) = state.withLock { ($0.reader, !$0.extra.isEmpty) }
        return (reader?.framesLook(on) ?? false) || (waiting && !on)
    }

    func start() {
        state.withLock { $0.reader }?.start()
    }

    /// The HUD has ended (`code` 1: Cancel on the named HUD this one drives): exit once the command has ended and
    /// its output is through, with its status.
    func drainThenExit(_ code: Int32, evenIfIdle: Bool) {
        let first = state.withLock { s in
            defer { s.exitAsked = true }
            return !s.exitAsked
        }
        guard first else { return }
        tee.abandonFeed()
        if code == ExitStatus.cancelled.code { cancel() }
        job.whenEnded { [self] _ in
            teeDone.notify(queue: .main) { [self] in exitNow() }
        }
    }
}
