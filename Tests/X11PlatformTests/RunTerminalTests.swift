import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 30 item 3: `x11hud run` in a terminal gives its command a terminal of its own. x11hud runs inside a real
/// outer terminal (a pty made by python3's `pty` module, as a terminal emulator would), on a private Xvfb, running
/// real pv and restic.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct RunTerminalTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-pty-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// The outer terminal: runs `sh -c SCRIPT` on a new pty of 50 rows and 132 columns with its modes as `stty -g`
    /// says in `dir/before` and `dir/after` around it, copies the pty's output to its stdout and its own stdin to
    /// the pty (as typed), resizes the pty to 40 × 100 on SIGUSR1, and exits with the script's status.
    static let terminal = """
        import fcntl, os, pty, select, signal, struct, sys, termios
        script, here = sys.argv[1], sys.argv[2]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 132, 0, 0))
            wrapped = 'stty -g > "$0/before"; ' + script + '\\ns=$?; stty -g > "$0/after"; exit $s'
            os.execvp("sh", ["sh", "-c", wrapped, here])
        smaller = struct.pack("HHHH", 40, 100, 0, 0)
        signal.signal(signal.SIGUSR1, lambda *_: fcntl.ioctl(fd, termios.TIOCSWINSZ, smaller))
        watched = [fd, 0]
        while True:
            try:
                ready = select.select(watched, [], [])[0]
            except InterruptedError:
                continue
            if fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                os.write(1, data)
            if 0 in ready:
                typed = os.read(0, 1024)
                if typed:
                    os.write(fd, typed)
                else:
                    watched = [fd]
        sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """

    /// The outer terminal running `script`, with x11hud's path in `$X11HUD`.
    final class Outer {
        let child: ChildProcess
        let typed = Pipe()
        let output = Pipe()
        private let collected = Collected()

        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var bytes = Data()
        }

        init(_ script: String, dir: URL, display: String, environment extra: [String: String] = [:]) throws {
            let driver = dir.appendingPathComponent("terminal.py")
            try RunTerminalTests.terminal.write(to: driver, atomically: true, encoding: .utf8)
            var environment = ChildProcess.environment(display: display)
            environment["X11HUD"] = HUDProcess.binary.path
            environment.merge(extra) { $1 }
            child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", driver.path, script, dir.path],
                                     environment: environment, input: typed, output: .pipe(output))
            let collected = collected
            output.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                collected.lock.withLock { collected.bytes.append(data) }
            }
        }

        /// What the outer terminal showed so far.
        var text: String { String(decoding: collected.lock.withLock { collected.bytes }, as: UTF8.self) }

        func type(_ text: String) { typed.fileHandleForWriting.write(Data(text.utf8)) }

        /// Waits until the terminal has shown `part`.
        func waitFor(_ part: String, timeout: Double = 8) -> Bool {
            Tools.waitUntil(timeout: Expected.upTo(timeout)) { text.contains(part) }
        }

        /// The status, once it has ended (killed after `timeout`).
        func end(timeout: Double = 10) -> Int32? {
            let ended = child.waitForExit(timeout: Expected.upTo(timeout))
            if !ended { child.kill() }
            output.fileHandleForReading.readabilityHandler = nil
            return ended ? child.status : nil
        }
    }

    func modes() throws -> (before: String, after: String) {
        (try String(contentsOf: dir.appendingPathComponent("before"), encoding: .utf8),
         try String(contentsOf: dir.appendingPathComponent("after"), encoding: .utf8))
    }

    /// A file of `megabytes` of random bytes (restic stores zeros once).
    func data(_ name: String, megabytes: Int) throws -> URL {
        let url = dir.appendingPathComponent(name)
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        try random.readData(ofLength: megabytes << 20).write(to: url)
        return url
    }

    /// The ring of a HUD labelled `label` with one line of details.
    static func ring() throws -> Rect { try WatchTests.ring(label: "Copying", details: "data") }

    /// Three readings of the ring, each higher than the last.
    func risingRing(display: String) throws -> [Double] {
        let ring = try Self.ring()
        let timeout = Expected.upTo(6)
        var seen = [try ringCoverage(display: display, around: ring, timeout: timeout) { $0 > 0.03 }]
        for _ in 0..<2 {
            let last = seen.last!
            seen.append(try ringCoverage(display: display, around: ring, timeout: timeout) { $0 > last + 0.08 })
        }
        return seen
    }

    @Test func pvDrawsItsProgressOnTheTerminalAndTheHUDFollowsIt() throws {
        let display = try server().display
        let big = try data("big.bin", megabytes: 24)
        defer { try? FileManager.default.removeItem(at: dir) }
        // pv draws its bar only when its stderr is a terminal; its data goes to /dev/null.
        let outer = try Outer("\"$X11HUD\" run --label Copying --details data -- sh -c 'pv -L 6m \"$1\" > /dev/null' "
            + "sh \(big.path)", dir: dir, display: display)
        let seen = try risingRing(display: display)
        #expect(seen[2] > seen[1] + 0.08 && seen[1] > seen[0] + 0.08, "the ring did not rise: \(seen)")
        #expect(outer.end() == 0, "\(outer.text)")
        // pv's own bar, redrawn with carriage returns, as pv draws it on a terminal.
        let shown = outer.text
        #expect(shown.contains("MiB/s") && shown.contains("ETA") && shown.contains("\r"), "\(shown)")
        let (before, after) = try modes()
        #expect(!before.isEmpty && before == after)
    }

    @Test func ctrlCEndsTheToolAsItsOwnAndX11hudWith130() throws {
        let display = try server().display
        let big = try data("big.bin", megabytes: 24)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outer = try Outer("\"$X11HUD\" run -- sh -c 'pv -L 2m \"$1\" > /dev/null' sh \(big.path)", dir: dir,
                              display: display)
        #expect(outer.waitFor("ETA"), "pv drew nothing: \(outer.text)")
        outer.type("\u{3}")
        #expect(outer.end() == 130, "\(outer.text)")
        let (before, after) = try modes()
        #expect(!before.isEmpty && before == after, "the terminal's modes were not given back")
        #expect(try Tools.run("pgrep", ["-f", big.path], display: nil).stdout.isEmpty, "pv was left behind")
    }

    /// Ctrl-Z in an interactive bash: the command stops (its own group is stopped: the SIGTSTP its terminal sends
    /// an orphaned group is dropped), x11hud stops with it so bash reports the job stopped, and `fg` goes on with both.
    @Test func ctrlZStopsTheJobAndFgGoesOn() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let outer = try Outer("bash --norc --noprofile -i", dir: dir, display: display)
        #expect(outer.waitFor("bash-"), "no prompt: \(outer.text)")
        // The quotes keep the words out of the echo of the line typed.
        outer.type("\"$X11HUD\" run -- sh -c 'echo st\"\"arted; sleep 2; echo fin\"\"ished'\n")
        #expect(outer.waitFor("started"), "\(outer.text)")
        outer.type("\u{1A}")
        #expect(outer.waitFor("Stopped"), "bash saw no stopped job: \(outer.text)")
        #expect(!outer.text.contains("finished"), "the command went on while stopped")
        outer.type("fg; echo status=$?\n")
        #expect(outer.waitFor("status=0"), "\(outer.text)")
        #expect(outer.text.contains("finished"))
        outer.type("exit\n")
        #expect(outer.end() == 0, "\(outer.text)")
    }

    @Test func theTerminalsSizeIsCopiedAndItsChangesPassedOn() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let outer = try Outer("\"$X11HUD\" run -- sh -c 'stty size; trap \"stty size; exit 5\" WINCH; echo ready; "
            + "while :; do sleep 0.05; done'", dir: dir, display: display)
        #expect(outer.waitFor("ready"), "\(outer.text)")
        #expect(outer.text.contains("50 132"), "\(outer.text)")
        kill(outer.child.pid, SIGUSR1)
        #expect(outer.end() == 5, "\(outer.text)")
        #expect(outer.text.contains("40 100"), "\(outer.text)")
        let (before, after) = try modes()
        #expect(!before.isEmpty && before == after)
    }

    /// What the command's stdout is: `--pty` gives a terminal even through pipes, `--no-pty` pipes even in a terminal.
    @Test func ptyAndNoPtyForceEither() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let probe = "sh -c '[ -t 1 ] && echo is-a-tty || echo is-a-pipe'"
        let outer = try Outer("\"$X11HUD\" run -- \(probe); \"$X11HUD\" run --no-pty -- \(probe)", dir: dir,
                              display: display)
        #expect(outer.end() == 0)
        let lines = outer.text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("is-a-") }
        #expect(lines == ["is-a-tty", "is-a-pipe"], "\(outer.text)")
        let output = Pipe()
        let piped = try HUDProcess(["run", "--pty", "--", "sh", "-c", "[ -t 1 ] && echo is-a-tty"], display: display,
                                   output: output)
        #expect(piped.waitForExit(timeout: Expected.upTo(8))?.status == 0)
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .contains("is-a-tty"))
    }

    /// restic draws its status line only on a terminal: a real backup of 40 MB of random data made here, limited to
    /// 10 MB/s by restic's own --limit-upload, shows it on the terminal and moves the HUD's ring.
    @Test func resticBackupInATerminalShowsItsStatusAndMovesTheRing() throws {
        let display = try server().display
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        _ = try data("source/random.bin", megabytes: 40)
        let repo = dir.appendingPathComponent("repo").path
        let password = ["RESTIC_PASSWORD": "x11hud"]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(password) { $1 }
        let initialised = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/restic"), ["-r", repo, "init"],
                                               environment: environment)
        try #require(initialised.status == 0, "\(initialised.stderr)")
        let outer = try Outer("\"$X11HUD\" run --label Copying --details data -- restic -r \(repo) backup "
            + "--limit-upload 10240 \(source.path)", dir: dir, display: display, environment: password)
        let seen = try risingRing(display: display)
        #expect(seen[2] > seen[1] + 0.08 && seen[1] > seen[0] + 0.08, "the ring did not rise: \(seen)")
        #expect(outer.end(timeout: 20) == 0, "\(outer.text)")
        let shown = outer.text
        // restic's live status line (`ESC[2K[0:01] 0 files 24.111 MiB, total 1 files 40.000 MiB, 0 errors`), which
        // it draws only on a terminal, and its summary.
        #expect(shown.contains("\u{1B}[2K[0:0") && shown.contains(" MiB, total 1 files 40.000 MiB"), "\(shown)")
        #expect(shown.contains("snapshot") && shown.contains("saved"), "\(shown)")
        let (before, after) = try modes()
        #expect(!before.isEmpty && before == after)
    }
}
