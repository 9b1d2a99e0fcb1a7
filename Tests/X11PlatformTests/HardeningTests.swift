import Foundation
import HUDTestSupport
import Testing

/// Another X client, written with python3-xlib, that does to the server what a hostile or careless client might.
enum RogueClient {
    static let python = "/usr/bin/python3"
    static var isAvailable: Bool {
        (try? Tools.run(python, ["-c", "import Xlib.display"], display: nil).status) == 0
    }

    /// Destroys `window` (a decimal id) as another client.
    static func destroy(window: String, display: String) throws {
        let script = """
            import sys
            from Xlib import display
            d = display.Display(sys.argv[1])
            d.create_resource_object('window', int(sys.argv[2])).destroy()
            d.sync()
            """
        let r = try Tools.run(python, ["-c", script, display, window], display: display)
        guard r.status == 0 else { throw TestFailure("destroying the window failed: \(r.stderr)") }
    }

    /// Grabs the server, writes `line` into the standard input of process `pid` (which forwards it and then waits
    /// for its round trip, held by the grab), kills `owner`'s client under the grab, and lets go: the forwarding
    /// process gets the owner's DestroyNotify while it waits for the reply, not while it polls.
    static func killDuringRoundTrip(owner: String, writing line: String, toStandardInputOf pid: Int32,
                                    display: String) throws {
        let script = """
            import sys, time
            from Xlib import display
            d = display.Display(sys.argv[1])
            d.grab_server()
            d.sync()
            with open('/proc/%s/fd/0' % sys.argv[3], 'w') as f:
                f.write(sys.argv[4])
            # Fixed: time for the reader to read the line and the client to send it and block on its reply.
            time.sleep(0.3)
            d.create_resource_object('window', int(sys.argv[2], 0)).kill_client()
            d.sync()
            d.ungrab_server()
            d.sync()
            """
        let r = try Tools.run(python, ["-c", script, display, owner, String(pid), line], display: display)
        guard r.status == 0 else { throw TestFailure("killing the owner under a grab failed: \(r.stderr)") }
    }

    /// Frees the GCs among the few resource ids allocated after `window` by the same client: every later frame
    /// then fails with BadGC, an X error that repeats without end. (Ids that are not GCs only give this script
    /// errors of its own.)
    static func freeGCs(after window: String, display: String) throws {
        let script = """
            import sys
            from Xlib import display
            d = display.Display(sys.argv[1])
            d.set_error_handler(lambda *a: None)
            for i in range(1, 8):
                d.create_resource_object('gc', int(sys.argv[2]) + i).free()
            d.sync()
            """
        try Tools.run(python, ["-c", script, display, window], display: display)
    }

    /// Grabs the server (no other client is served) until the returned pipe is closed.
    static func grabServer(display: String) throws -> (ChildProcess, Pipe) {
        let script = """
            import sys
            from Xlib import display
            d = display.Display(sys.argv[1])
            d.grab_server()
            d.sync()
            print("grabbed", flush=True)
            sys.stdin.read()
            """
        let input = Pipe(), output = Pipe()
        let process = try ChildProcess(URL(fileURLWithPath: python), ["-c", script, display], input: input,
                                       output: .pipe(output))
        let line = output.fileHandleForReading.availableData
        guard String(decoding: line, as: UTF8.self).hasPrefix("grabbed") else {
            throw TestFailure("the grabbing client did not grab")
        }
        return (process, input)
    }
}

/// A TCP listener on port 6000 + N that accepts X connections and never says a word.
final class SilentServer {
    let process: ChildProcess
    let number: Int

    init() throws {
        let script = """
            import os, socket
            for n in range(431, 531):
                s = socket.socket()
                try:
                    s.bind(("127.0.0.1", 6000 + n))
                    break
                except OSError:
                    s.close()
            s.listen(8)
            # One write, then stdout closed: the test closes its end once it has the number (a second write,
            # as print makes for the newline, would die of EPIPE and take the listener with it).
            os.write(1, b"%d\\n" % n)
            os.close(1)
            held = []
            while True:
                held.append(s.accept()[0])
            """
        let out = Pipe()
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script], output: .pipe(out))
        let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let n = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure("the silent listener found no free port")
        }
        number = n
    }

    deinit { process.kill() }
}

/// Issue 11: faults of the X server, of other clients, of the descriptors and of the input never crash, hang or
/// leave a window behind.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable && RogueClient.isAvailable, "no Xvfb or python3-xlib"),
       .privateXServer, .ownThreads)
struct HardeningTests {
    @Test func aHideOfTenToTheEighteenSecondsOnStdinNeitherCrashesNorHides() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--mode", "annular"], display: display, input: producer.pipe)
        producer.write("{\"hide\":1e18}\n")
        // Up and still for half a second after the zoom-in: a hide would unmap it, a crash destroy it.
        let info = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        #expect(info.isViewable && hud.process.isRunning, "x11hud ended on a huge hide value")
        producer.close()
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        #expect(hud.errorOutput.contains("clamped"), "\(hud.errorOutput)")
    }

    /// `2>&-` and `0<&-`, as launchers and key-binding daemons start programs: the X connection must not become
    /// "stderr" (warnings written into the protocol) or "stdin" (X replies read as progress).
    @Test(arguments: ["2>&-", "0<&-", "0<&- 1>&- 2>&-"])
    func closedStandardDescriptorsAreHarmless(_ redirection: String) throws {
        let display = try server().display
        // An unknown monitor makes a warning on stderr while the connection is open.
        let command = "exec '\(HUDProcess.binary.path)' --monitor nosuch --label Closed --hide-after 0.6 \(redirection)"
        let started = Date()
        let r = try Tools.run("/bin/sh", ["-c", command], display: display, timeout: 10)
        #expect(r.status == 0, "status \(r.status): \(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func aServerThatNeverAnswersTimesOutWith69NamingTheDisplay() throws {
        let silent = try SilentServer()
        let name = "127.0.0.1:\(silent.number)"
        let started = Date()
        let hud = try HUDProcess(["--display", name, "--hide-after", "1"], display: nil)
        // The listener must outlive the wait (its deinit closes the port).
        let exit = try withExtendedLifetime(silent) {
            try #require(hud.waitForExit(timeout: 15), "x11hud hung on a silent server")
        }
        #expect(exit.status == 69)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds > 4.5 && seconds < 7, "gave up after \(seconds) s; 5 s is documented")
        let output = hud.errorOutput
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains("5 seconds"), "\(output)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalEndsTheProcessPromptlyWhileAnotherClientGrabsTheServer(_ signal: Int32) throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let window = try hud.waitForWindow(display: display)
        let (grabber, release) = try RogueClient.grabServer(display: display)
        defer { grabber.kill() }
        let sent = Date()
        kill(hud.pid, signal)
        let exit = try #require(hud.waitForExit(timeout: 3), "x11hud waited for the grabbed server")
        let elapsed = Date().timeIntervalSince(sent)
        #expect(exit.status == 128 + signal)
        // 50 ms is the deadline; the rest is this machine's scheduling and the 5 ms polling of the wait.
        #expect(elapsed < 0.2, "took \(elapsed) s")
        try release.fileHandleForWriting.close()
        _ = grabber.waitForExit(timeout: 10)
        // Once the server serves again it removes the window of the closed connection.
        let gone = try Tools.waitUntil(timeout: 2) {
            try Tools.run("xwininfo", ["-id", window], display: display).status != 0
        }
        #expect(gone, "the window outlived its process")
    }

    @Test func theWindowDestroyedByAnotherClientEndsTheHUDWith74() throws {
        let display = try server().display
        // The spinner draws 12 times a second: each frame would fail on the missing window.
        let hud = try HUDProcess(["--mode", "indeterminate", "--label", "Working"], display: display)
        let window = try hud.waitForWindow(display: display)
        let destroyed = Date()
        try RogueClient.destroy(window: window, display: display)
        let exit = try #require(hud.waitForExit(timeout: 3), "an invisible x11hud kept running")
        #expect(exit.status == 74)
        #expect(Date().timeIntervalSince(destroyed) < 1)
        let output = hud.errorOutput
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("destroyed by another X client on \(display)"), "\(output)")
    }

    @Test func oneOfTwoHUDWindowsOfAProcessDestroyedEndsItWith74() throws {
        let display = try server().display
        let example = try ChildProcess(BuildProducts.url("hud-example"), [],
                                       environment: ChildProcess.environment(display: display), output: .discard)
        defer { example.kill() }
        var windows: [String] = []
        _ = try Tools.waitUntil(timeout: 3) {
            windows = try Tools.run("xdotool", ["search", "--onlyvisible", "--pid", String(example.pid)],
                                    display: display).stdout.split(separator: "\n").map(String.init)
            return windows.count == 2
        }
        try #require(windows.count == 2, "the example's two HUDs were not both up")
        try RogueClient.destroy(window: windows[1], display: display)
        #expect(example.waitForExit(timeout: 1), "a process with a HUD window destroyed kept running")
        #expect(example.status == 74)
        let output = example.stderr
        #expect(output.contains("destroyed by another X client"), "\(output)")
    }

    @Test func aForwardingClientWhoseOwnerIsKilledStaysQuietAndTakesOver() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "q", "--label", "Owner"], display: display)
        _ = try owner.waitForWindow(display: display)
        let input = Pipe()
        let client = try HUDProcess(["--id", "q", "--label", "Client"], display: display, input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("10%\n".utf8))
        // Once the owner shows what the client forwarded.
        #expect(try Tools.waitUntil(timeout: Expected.upTo(5)) {
            try NamedHUDHardeningTests.listed(display).contains("Client")
        })
        kill(owner.pid, SIGKILL)
        _ = owner.waitForExit(timeout: 2)
        // Lines sent towards the dead owner's window fail on the server; those errors are not the client's window.
        for p in [20, 30, 40] {
            try input.fileHandleForWriting.write(contentsOf: Data("\(p)%\n".utf8))
            usleep(50_000)
        }
        // Its own window, found by its PID (the X server may give it the dead owner's id: ids are reused).
        _ = try client.waitForWindow(display: display)
        #expect(client.process.isRunning, "the client ended when the owner's window went away")
        try input.fileHandleForWriting.close()
        let exit = try #require(client.waitForExit(timeout: 3))
        #expect(exit.status == 0)
        let lines = client.errorOutput.split(separator: "\n").filter { $0.hasPrefix("x11hud:") }
        #expect(lines.isEmpty, "\(lines)")
    }

    /// The owner's end arrives while the client waits in the round trip of a forwarded line (the server is grabbed
    /// meanwhile, so the client's request waits behind the kill): Xlib reads the DestroyNotify into its queue during
    /// that wait and the socket stays quiet after it. The client must still find it and take over.
    @Test func anOwnersEndReadDuringAForwardedLinesRoundTripStillHandsOverTheName() throws {
        try #require(RogueClient.isAvailable, "python3-xlib is missing")
        let display = try server().display
        let owner = try HUDProcess(["--id", "g", "--label", "Owner"], display: display)
        let ownerWindow = try owner.waitForWindow(display: display)
        let input = Pipe()
        let client = try HUDProcess(["--id", "g", "--label", "Client"], display: display, input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("10%\n".utf8))
        #expect(try Tools.waitUntil(timeout: Expected.upTo(5)) {
            try NamedHUDHardeningTests.listed(display).contains("Client")
        })
        try RogueClient.killDuringRoundTrip(owner: ownerWindow, writing: "20%\n", toStandardInputOf: client.pid,
                                            display: display)
        _ = owner.waitForExit(timeout: 2)
        // Nothing more reaches the client's socket: no further line, no event.
        _ = try client.waitForWindow(display: display)
        #expect(client.process.isRunning)
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: 3)?.status == 0)
    }

    @Test func aRepeatingXErrorIsLoggedAtMostThreeTimesInFiveSeconds() throws {
        let display = try server().display
        let hud = try HUDProcess(["--mode", "indeterminate", "--label", "Working"], display: display)
        let window = try hud.waitForWindow(display: display)
        try RogueClient.freeGCs(after: window, display: display)
        usleep(3_000_000)  // Fixed: the measure is what is logged over some 36 failing frames.
        #expect(hud.process.isRunning)
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
        let output = hud.errorOutput
        // Only x11hud's own lines: under `make harden`, the sanitizer's symbolizer (a child sharing stderr) may
        // complain when the signal's 50 ms deadline cuts its exit-time leak check short.
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("x11hud:") }
        // Three in the first five seconds; any later line would carry the count of those held back.
        #expect(lines.count >= 1 && lines.count <= 3, "\(output)")
        #expect(lines.allSatisfy { $0.hasPrefix("x11hud: X error Bad") }, "\(output)")
        #expect(lines.contains { $0.contains("BadGC") }, "\(output)")
    }
}
