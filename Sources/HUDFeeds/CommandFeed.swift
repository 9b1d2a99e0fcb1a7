import Glibc
import HUDBase
import HUDLoop
public import ProgressFeed
import Synchronization

/// A command run with its output read for progress (`x11hud run`): started at once in a process group of its own
/// (`CommandJob`), its stdout and stderr passed through to ours as they come and read in the same pass as the
/// progress protocol (`OutputTee` into a `FeedReader`), then its end handed on once, as one last update: the icon,
/// the label, the details and when to hide (`RunOutcome`).
///
/// ```swift
/// hud.attach(try CommandFeed(["rsync", "-a", "--info=progress2", "src/", "dst/"]))
/// ```
///
/// The program decides when to exit: `whenFinished` says when the command has ended and its output is through, and
/// with which status.
public final class CommandFeed: HUDInputSource {
    private let job: CommandJob
    private let tee: OutputTee
    /// The command's own terminal, when it runs in one.
    private let pseudoTerminal: PseudoTerminal?
    private let reader: FeedReader
    private let started = FeedReader.uptime()
    /// The parts of the outcome known from the start (labels, grace).
    private let template: RunOutcome
    private let stop = Mutex(RunOutcome.Stop.none)
    /// SIGINT came to this process and was passed on.
    private let interruptPassedOn = Atomic(false)
    /// Left once the tee has passed everything through (the command has ended by then).
    private let teeDone = Latch()
    /// What a backup tool that prints no progress has read of its sources (`QuietCommand`), when it is one.
    private let sourceReading: SourceReading?

    /// Starts `argv` (no shell: a name is looked up in `PATH`) with our standard input and terminal, or in a
    /// terminal of its own.
    /// - Parameters:
    ///   - parser: how its output is read; by default as standard input is, tools' progress lines included.
    ///   - doneLabel, failLabel: the label at the end, for status 0 and otherwise.
    ///   - grace: a command that succeeds within this many seconds hides at once at the end (it showed nothing).
    ///   - terminal: run it in a pseudo-terminal of its own (`PseudoTerminal`, as `script` does), its output
    ///     copied to our stdout, so that a tool that draws its progress only on a terminal draws it; else pipes.
    /// - Throws: `CommandFailure` when the command cannot be started.
    public init(_ argv: [String], parser: FeedParser = FeedParser(), doneLabel: String = "Done",
                failLabel: String = "Failed", grace: Double = 0, terminal: Bool = false) throws(CommandFailure) {
        precondition(!argv.isEmpty, "CommandFeed needs a command")
        // A backup tool that prints no progress as it is run (issue 52): how to have it anyway.
        let quiet = parser.scanPercentages
            ? QuietCommand(argv, environment: ProcessEnvironment.variables, terminal: terminal)?.reading : nil
        if terminal {
            let pty = try PseudoTerminal()
            pseudoTerminal = pty
            reader = FeedReader(parser: parser, streams: 1, skipsWhenUnread: true)
            tee = try OutputTee(stdout: pty.master, stderr: nil, reader: reader)
            // borg draws what it was asked for on its terminal, as it would with the option typed.
            var asked = argv
            if case .asked(let argv, _, _)? = quiet { asked = argv }
            job = try CommandJob.start(asked, in: pty)
        } else {
            let out = try Pipes.make(), err: (read: Int32, write: Int32)
            do { err = try Pipes.make() } catch {
                for fd in [out.read, out.write] { close(fd) }
                throw error
            }
            pseudoTerminal = nil
            reader = FeedReader(parser: parser, streams: 2, skipsWhenUnread: true)
            var run = (argv: argv, adding: [String: String](), added: AddedOutput?.none)
            if case .asked(let asked, let adding, let added)? = quiet { run = (asked, adding, added) }
            tee = try OutputTee(stdout: out.read, stderr: err.read, reader: reader, added: run.added)
            job = try CommandJob.start(run.argv, stdout: out.write, stderr: err.write, adding: run.adding)
        }
        var template = RunOutcome(end: .exited(0))
        template.command = argv[0]
        template.doneLabel = doneLabel
        template.failLabel = failLabel
        template.grace = grace
        self.template = template
        if case .sources(let sources, let measure)? = quiet {
            sourceReading = SourceReading(sources, measure: measure, pid: job.pid, total: parser.total?.bytes,
                                          post: reader.post)
        } else {
            sourceReading = nil
        }
        tee.start { [self] in
            sourceReading?.stop(succeeded: job.end == .exited(0))
            pseudoTerminal?.outputDone()
            // The output is through and the command has ended: its end, once, after its last lines.
            reader.finish(showing: outcome.update)
            teeDone.open()
        }
        job.whenEnded { [tee] _ in tee.commandEnded() }
    }

    /// The command's process id, which is also its process group's.
    public var pid: Int32 { job.pid }

    /// How it ended, what stopped it and why it failed in its own words, as known now.
    public var outcome: RunOutcome {
        var o = template
        o.end = job.end ?? .exited(0)
        o.stop = stop.withLock { $0 }
        o.reason = tee.failureReason
        o.interrupted = interruptPassedOn.load(ordering: .sequentiallyConsistent) || pseudoTerminal?.interrupted == true
            || tee.saidInterrupted
        o.seconds = FeedReader.uptime() - started
        return o
    }

    // MARK: Stopping the command

    /// Cancel: stops the command's group (SIGTERM, SIGKILL after 5 s); the HUD says so until it has ended, and the
    /// outcome's status is 130.
    public func cancel() {
        let first = stop.withLock { s in
            guard s == .none, job.end == nil else { return false }
            s = .cancelled
            return true
        }
        guard first else { return }
        job.stop(with: SIGTERM)
        reader.post(FeedUpdate(label: "Cancelling…", button: ""))
    }

    /// What `passOn(_:)` did.
    public enum PassedSignal: Hashable, Sendable {
        /// The command had already ended: nothing to wait for.
        case commandEnded
        /// The first signal passed on: the command's group is stopping.
        case stopping
        /// Passed on again, while stopping.
        case again
    }

    /// A signal came to this process (SIGINT, SIGTERM, SIGHUP): passed on to the command's group (and SIGKILL 5 s
    /// later); the outcome, with the command's own status, hides at once after SIGTERM and SIGHUP, and after
    /// SIGINT shows how the command took the interrupt (`RunOutcome.isCancelled`). Safe from any thread.
    @discardableResult
    public func passOn(_ signal: Int32) -> PassedSignal {
        let first = stop.withLock { s in
            defer { if s == .none { s = .signalled } }
            return s == .none
        }
        if job.end != nil { return .commandEnded }
        if signal == SIGINT { interruptPassedOn.store(true, ordering: .sequentiallyConsistent) }
        job.stop(with: signal)
        return first ? .stopping : .again
    }

    /// What is left of a group we stopped (children that ignored the signal) gets SIGKILL, so nothing we were asked
    /// to stop outlives us. Call it just before exiting.
    public func killLeftovers() { job.killLeftovers() }

    // MARK: The end

    /// Runs `body` (on another thread) once the command has ended and its output is through; at once if it has.
    public func whenFinished(_ body: @escaping @Sendable (RunOutcome) -> Void) {
        job.whenEnded { [self] _ in
            teeDone.whenOpen { [self] in body(outcome) }
        }
    }

    /// Whether the command has ended and its output is through: its end has been handed to the HUD.
    public var hasFinished: Bool { teeDone.wait(seconds: 0) }

    /// Waits until the command has ended and its output is through, and returns how it ended.
    public func waitUntilFinished() -> RunOutcome {
        let ended = Latch()
        job.whenEnded { _ in ended.open() }
        ended.wait()
        teeDone.wait()
        return outcome
    }

    // MARK: HUDInputSource

    /// The command runs from `init`; this only says whom to ask.
    public func start(asking ask: @escaping @Sendable () -> Void) { reader.start(asking: ask) }
    public func take() -> FeedInbox { reader.take() }
    public func framesLook(_ on: Bool) -> Bool { reader.framesLook(on) }
}
