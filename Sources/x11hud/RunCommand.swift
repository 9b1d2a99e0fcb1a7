import CommandOptions
import HUDBase
import HUDCommandLine
import Glibc
import HUDFeeds
import HUDScene
import ProgressFeed
import HUDLoop
import HUDShow

/// `x11hud run [HUD options] -- COMMAND [ARGS…]`: runs a command with the HUD up, its progress read from its output.
struct RunCommand: Command {
    static let spec = makeSpec(
        ["x11hud", "run"],
        abstract: "Run a command with the HUD up, showing the progress it prints, then how it ended.",
        discussion: discussion,
        usage: "x11hud run [<HUD options>] [--done-label <text>] [--fail-label <text>] [--pty|--no-pty] -- <command> "
            + "[<argument> ...]")

    static let operands = Operands<RunCommand>.afterTerminator(
        name: "command", help: "The command and its arguments, after --.") { $0.command = $1 }

    static let discussion = """
        COMMAND is run directly (no shell; a name is looked up in PATH). When x11hud's standard output is a \
        terminal, COMMAND gets a terminal of its own (as with script(1)) whose output is copied to it byte for \
        byte, so tools that draw progress only on a terminal (restic, pv, apt) draw it; the real terminal is \
        in raw mode meanwhile (restored when COMMAND ends) so that what is typed, Ctrl-C and Ctrl-Z included, \
        reaches COMMAND as its own, and window size changes are passed on. Otherwise (cron, a launcher, a \
        pipe) COMMAND has x11hud's standard input and terminal, and its stdout and stderr pass through to \
        x11hud's unchanged. --pty and --no-pty force either. Either way its output is read for progress as \
        standard input is by the default command: percentages, #labels, JSON lines, and the progress lines of \
        rsync, curl, pv, wget, restic, borg, rclone, duplicity and apt. The spinner shows at once (or after \
        --grace).

        When COMMAND ends, the HUD shows the success icon and "Done" for status 0, or the error icon, \
        "Failed" and COMMAND's own reason (the first error its JSON log or its stderr reports, else its last \
        stderr line, without timestamps and log levels), then hides, and x11hud exits with COMMAND's \
        status (128+N when signal N ended it; 127 when it is not found, 126 when it cannot be executed). \
        The button (--button Cancel) sends SIGTERM to COMMAND's process group, SIGKILL 5 s later if it is \
        still there, and x11hud exits \(ExitStatus.signalled(by: SIGINT)). SIGINT, SIGTERM and SIGHUP to \
        x11hud are passed on the same way. After an interrupt (Ctrl-C typed in COMMAND's terminal, SIGINT to \
        x11hud, or one COMMAND says it got), any end but status 0 shows the warning icon and "Cancelled", and \
        the status is still COMMAND's.
        """

    var show = ShowCommand()
    var doneLabel = "Done"
    var failLabel = "Failed"
    var pty: Bool?
    var command: [String] = []

    static let rows: [OptionRow<RunCommand>] = .group(ShowCommand.rows) { c, body throws(ValueError) in
        try body(&c.show)
    } + [
        .text("done-label", valueName: "text", help: "The label when the command succeeds.", defaultValue: "Done") {
            $0.doneLabel = $1 ?? "Done"
        },
        .text("fail-label", valueName: "text", help: "The label when the command fails.", defaultValue: "Failed") {
            $0.failLabel = $1 ?? "Failed"
        },
    ] + OptionRow.inverted("pty", help: """
        Run the command in a terminal of its own, its output copied to x11hud's (default: when x11hud's standard \
        output is a terminal).
        """) { $0.pty = $1 }

    mutating func validate() throws {
        try show.validate()
        guard show.hud.printout == nil else { return }
        if command.isEmpty { throw UsageError("run: no command given (x11hud run [options] -- COMMAND ...)") }
        if show.watch.isWatching {
            // Those watch work another program started; run's input is its own command's output.
            throw UsageError("run: --watch-pid and --watch-file watch work already running; run starts its own")
        }
    }

    func run() throws {
        var command = self
        try command.show.hud.loadFiles()
        if let printout = command.show.hud.printout { return print(printout) }
        if let failure = MainActor.assumeIsolated({ command.start() }) { throw failure }
    }

    /// Starts the command, then the HUD; never returns, or returns why the command could not start.
    @MainActor private func start() -> ExitError? {
        // A reader of our output that went away must not end us: the command goes on, and so does its HUD.
        signal(SIGPIPE, SIG_IGN)
        var rules = DialogRules()
        let feed: CommandFeed
        do {
            feed = try makeFeed(rules: rules)
        } catch {
            return ExitError(message: "run: \(error)", code: error.shellStatus ?? ExitStatus.internalError.code)
        }
        passSignals(to: feed)
        let end = JobEnd(self)
        Self.jobEnd = end
        feed.whenFinished { end.record($0) }
        rules.buttonAction = { feed.cancel() }
        // The command runs whatever happens to the HUD: without one, its output still passes through.
        do throws(ExitError) {
            let session = try Platform.open(show.backend, display: show.display, needsX11: show.x11Only)
            session.whenLost(saying: "") { Self.goOnWithoutHUD(feed) }
            var show = show
            if let choice = show.overWindow {
                do { show.target(try session.window(choice)) } catch {
                    throw ExitError(error.status, error.message)
                }
            }
            let host = ShowHost(command: show, session: session, rules: rules, feed: feed)
            try host.start()
            withExtendedLifetime(host) { SystemLoop.main.run() }
        } catch {
            X11HUDCommand.printError("warning: \(error.message); running '\(command[0])' without a HUD")
            feed.exitWhenFinished(endShown: false)
        }
        SystemLoop.main.run()
    }

    /// The command started in a terminal of its own when x11hud's output is a terminal (or `--pty`), else with
    /// pipes; a terminal that cannot be had (no /dev/ptmx) gives pipes and one warning unless `--pty` asked for it.
    private func makeFeed(rules: DialogRules) throws(CommandFailure) -> CommandFeed {
        let terminal = pty ?? (isatty(1) == 1)
        func feed(terminal: Bool) throws(CommandFailure) -> CommandFeed {
            try CommandFeed(command, parser: show.feedParser(rules: rules), doneLabel: doneLabel,
                            failLabel: failLabel, grace: show.grace?.value ?? 0, terminal: terminal)
        }
        do {
            return try feed(terminal: terminal)
        } catch {
            guard terminal, pty == nil, case .system = error else { throw error }
            X11HUDCommand.printError("warning: no terminal for '\(command[0])' (\(error)); running it with pipes")
            return try feed(terminal: false)
        }
    }

    /// The display went away (or the HUD's window with it): no HUD any more, but the command goes on, its output
    /// passed through, and x11hud exits with its status. Runs on the main thread, which it keeps: nothing else needs
    /// it now.
    private nonisolated static func goOnWithoutHUD(_ feed: CommandFeed) -> Never {
        X11HUDCommand.printError("warning: '\(feed.outcome.command)' goes on without a HUD")
        let outcome = feed.waitUntilFinished()
        feed.killLeftovers()
        MainActor.assumeIsolated { jobEnd?.tell(outcome, endShown: false) }
        _exit(outcome.status)
    }

    /// SIGINT, SIGTERM and SIGHUP go to the command's group instead of ending x11hud at once (the display session's
    /// own handling is not installed here).
    @MainActor private func passSignals(to feed: CommandFeed) {
        Self.signals = SignalWatch(signals: [SIGINT, SIGTERM, SIGHUP], offMain: Self.passOn(to: feed))
    }

    /// Made outside the main actor: it runs on the signal watch's thread.
    private nonisolated static func passOn(to feed: CommandFeed) -> @Sendable (Int32) -> Void {
        { number in
            switch feed.passOn(number) {
            case .commandEnded:
                // Already ended, showing how: no need to linger.
                feed.drainThenExit(0, evenIfIdle: true)
            case .stopping:
                // The main thread may be stuck on an X server that is stopped or grabbed, so this is the loop's
                // one timer off the main thread: end anyway, a moment after the command has.
                feed.whenFinished { outcome in
                    ExitDeadline.exit(after: 2, status: outcome.status) { feed.killLeftovers() }
                }
            case .again:
                break
            }
        }
    }

    /// Kept for the life of the process.
    @MainActor private static var signals: SignalWatch?
    /// What is done with the command's end besides showing it: set once it has started.
    @MainActor static var jobEnd: JobEnd?
}
