import CommandOptions
import HUDBase
import Glibc
import HUDFeeds
import HUDScene
import ProgressFeed
import HUDLoop

/// What the live command reads the HUD's input from: standard input (`FileDescriptorFeed`), or the output of the
/// command `x11hud run` runs (`CommandFeed`). Ending the process is the command line's decision: these say when.
protocol LiveFeed: HUDInputSource {
    /// The HUD has ended with `code`: exit once the input is done with (never killing the program that writes it).
    func drainThenExit(_ code: Int32, evenIfIdle: Bool)
}

extension FileDescriptorFeed: LiveFeed {
    func drainThenExit(_ code: Int32, evenIfIdle: Bool) {
        drain(evenIfIdle: evenIfIdle) {
            SystemLoop.main.send {
                ShowHost.pipedEnd?.tell()
                Glibc.exit(code)
            }
        }
    }

    /// Standard input as x11hud reads it: its warnings on stderr as `stdin line 3: …`.
    static func standardInput(parser: FeedParser, timeRemainingTitle: String?) -> FileDescriptorFeed {
        FileDescriptorFeed(0, parser: parser, timeRemainingTitle: timeRemainingTitle) { warning in
            switch warning {
            case .input(let text): X11HUDCommand.printError("stdin " + text)
            case .suppressed(let count): X11HUDCommand.printError("stdin: \(count) more warnings suppressed")
            }
        }
    }

    /// For a process that fails before any HUD or reader is up: reads `fd` to its end when it is a pipe or a file,
    /// then exits with `code`. Blocks.
    static func drainThenExit(_ code: Int32, fd: Int32 = 0) -> Never {
        if hasInput(fd: fd) { discard(fd) }
        Glibc.exit(code)
    }
}

extension CommandFeed: LiveFeed {
    /// The HUD has ended (`code` 1: Cancel on the named HUD this one drives): exit once the command has ended and
    /// its output is through, with its status.
    func drainThenExit(_ code: Int32, evenIfIdle: Bool) {
        let cancelled = code == ExitStatus.cancelled.code
        if cancelled { cancel() }
        // The HUD has ended: it showed the command's end if that came first (or was asked for with Cancel).
        exitWhenFinished(endShown: cancelled || hasFinished)
    }

    /// Exits with the command's status once it has ended and its output is through, its end told as `RunCommand`
    /// says (`JobEnd`).
    func exitWhenFinished(endShown: Bool) {
        whenFinished { [self] outcome in
            SystemLoop.main.send { [self] in
                killLeftovers()
                RunCommand.jobEnd?.tell(outcome, endShown: endShown)
                Glibc.exit(outcome.status)
            }
        }
    }
}
