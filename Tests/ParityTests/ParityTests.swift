import Foundation
import HUDTestSupport
import Testing

/// What is written once above the seam (the show host, the resident, names, `list`, `hide`, the notification
/// server) is tested once: each body here runs on a private Xvfb and on a private headless sway with XWayland off,
/// so a platform whose copy drifts fails a test.
@Suite(.ownThreads, .serialized)
struct ParityTests {
    static let platforms = TestPlatform.allCases.filter(\.isAvailable)

    /// A client served by `x11hud serve` keeps its input rules: `--pulsate` stays a spinner when a number comes
    /// (list says indeterminate), and `--auto-close` hides it at 100, with the input still open.
    @Test(arguments: platforms)
    func aServedClientKeepsItsInputRules(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = try display.startResident()
        defer { resident.kill() }
        let input = Pipe()
        let client = try display.start(["--pulsate", "--auto-close", "--label", "Served"], input: input)
        defer { client.kill() }
        #expect(try display.waitForList { $0.contains { $0.label == "Served" && $0.pid == resident.pid } },
                "the resident never drew the client's HUD")
        input.fileHandleForWriting.write(Data("30\n#Halfway\n".utf8))
        #expect(try display.waitForList { $0.contains { $0.label == "Halfway" } }, "the label never arrived")
        #expect(try display.listed().first { $0.label == "Halfway" }?.mode == "indeterminate")
        input.fileHandleForWriting.write(Data("100\n".utf8))
        // Gone within 2 s of 100 (its fade included), though the input is still open.
        #expect(try display.waitForList(timeout: 2) { $0.isEmpty }, "--auto-close was ignored")
        // The client reads its producer's input to the end, then exits with the HUD's status.
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Sanitizer.upTo(3)))
        #expect(client.status == 0)
    }

    /// The display goes away under a HUD fed by a shell pipeline: one line, the input read to its end without a
    /// HUD, exit 74; the producer, still writing, ends with its own 0, never SIGPIPE's 141.
    @Test(arguments: platforms)
    func aProducerOutlivesItsDisplay(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let stop = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-stop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stop) }
        // No backtrace holds a crashed x11hud up: a reader dead by then ends the producer at once.
        display.set("SWIFT_BACKTRACE", "enable=no")
        display.set("STOP", stop.path)
        let shell = try display.shell("""
            (i=0; while [ ! -e "$STOP" ]; do i=$((i + 1)); echo $((i % 100)); sleep 0.05; done
             for i in $(seq 40); do echo 50; sleep 0.05; done) | x11hud --mode bar --label Copying
            echo "${PIPESTATUS[@]}"
            """)
        #expect(try display.waitForList { $0.contains { $0.label == "Copying" } }, "the bar never appeared")
        display.stop()
        #expect(FileManager.default.createFile(atPath: stop.path, contents: nil))
        #expect(shell.waitForExit(timeout: Sanitizer.upTo(10)), "the pipeline did not end")
        #expect(shell.stdout == "0 74\n", "statuses of producer and x11hud: \(shell.stdout) \(shell.stderr)")
        let lines = shell.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(shell.stderr)")
        let words = platform == .x11 ? "lost the connection to the X server" : "the Wayland compositor went away"
        #expect(shell.stderr.contains(words) && shell.stderr.contains("reading the input to its end"),
                "\(shell.stderr)")
    }

    /// `--id` names a HUD across processes: another process's `--id vol --progress 70%` changes it in place and
    /// exits 0, and the first process still ends with its HUD.
    @Test(arguments: platforms)
    func aNamedHUDIsChangedInPlaceByAnotherProcess(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let first = try display.start(["--id", "vol", "--mode", "bar", "--progress", "40%", "--label", "Volume",
                                       "--hide-after", "3"])
        defer { first.kill() }
        #expect(try display.waitForList { $0.map(\.id) == ["vol"] && $0.first?.pid == first.pid })
        let update = try display.run(["--id", "vol", "--progress", "70%"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try display.waitForList { $0.count == 1 && $0.first?.progress == 0.7 && $0.first?.label == "Volume" })
        #expect(first.waitForExit(timeout: Sanitizer.upTo(6)))
        #expect(first.status == 0)
    }

    /// HUDs of separate processes at the same place stack: a second process's HUD at the centre goes beside the
    /// first, not over it, and when the first ends the second takes the centre again.
    @Test(arguments: platforms)
    func twoProcessesAtTheCentreStack(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let first = try display.start(["--id", "one", "--label", "One"])
        defer { first.kill() }
        var single: TestDisplay.Box?
        // Still: the fade-in has ended when two screenshots in a row agree.
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            let box = try display.drawnBox()
            defer { single = box }
            return box != nil && box == single
        }
        let one = try #require(single, "the first HUD never appeared")
        let second = try display.start(["--label", "Two"])
        defer { second.kill() }
        var both = one
        let stacked = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            both = try display.drawnBox() ?? one
            return both.height >= 2 * one.height
        }
        #expect(stacked, "one HUD \(one), both \(both)")
        #expect(try display.run(["hide", "--id", "one"]).status == 0)
        #expect(first.waitForExit(timeout: Sanitizer.upTo(5)))
        var alone = both
        let centred = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            alone = try display.drawnBox() ?? both
            return abs(alone.centreY - one.centreY) <= 2 && alone.height < 2 * one.height
        }
        #expect(centred, "the second HUD stayed off-centre: \(alone) against \(one)")
    }

    /// A setting the platform cannot honour is said in one line, and the HUD shows anyway: blur on Wayland (no
    /// protocol for it); X11 blurs where a compositor does, and says nothing.
    @Test(arguments: platforms)
    func whatAPlatformCannotHonourIsOneLine(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let r = try display.run(["--bezel-style", "blur", "--label", "Blur", "--hide-after", "0.3"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        if platform == .wayland {
            #expect(lines == ["x11hud: warning: --bezel-style blur: Wayland has no protocol for blur behind a surface "
                + "yet; drawn solid"], "\(r.stderr)")
        } else {
            #expect(!r.stderr.contains("blur"), "\(r.stderr)")
        }
    }

    /// `--queue` waits while the name is another process's, then shows its own HUD by that name.
    @Test(arguments: platforms)
    func aQueuedHUDWaitsForTheName(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let first = try display.start(["--id", "job", "--label", "First", "--hide-after", "1.5"])
        defer { first.kill() }
        #expect(try display.waitForList { $0.contains { $0.label == "First" } })
        let second = try display.start(["--id", "job", "--queue", "--label", "Second", "--hide-after", "0.5"])
        defer { second.kill() }
        #expect(try display.waitForList { $0.contains { $0.label == "Second" } }, "the queued HUD never showed")
        #expect(!first.isRunning, "the queued HUD showed while the first held the name")
        #expect(second.waitForExit(timeout: Sanitizer.upTo(5)))
        #expect(second.status == 0)
    }

    /// `hide` reaches every HUD of every process: by name (its process exits 0), an unknown name is one line and
    /// status 1 naming the display, and `--all` takes the rest, unnamed ones included.
    @Test(arguments: platforms)
    func hideReachesEveryHUD(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let unnamed = try display.start(["--label", "A"])
        defer { unnamed.kill() }
        let named = try display.start(["--id", "b", "--label", "B"])
        defer { named.kill() }
        #expect(try display.waitForList { Set($0.map(\.label)) == ["A", "B"] })
        #expect(try display.run(["hide", "--id", "b"]).status == 0)
        #expect(named.waitForExit(timeout: Sanitizer.upTo(3)))
        let unknown = try display.run(["hide", "--id", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "x11hud: no HUD 'nope' is up on \(display.name)\n", "\(unknown.stderr)")
        #expect(try display.run(["hide", "--all"]).status == 0)
        #expect(unnamed.waitForExit(timeout: Sanitizer.upTo(3)))
        #expect(try display.listed().isEmpty)
    }

    /// Each notification of x11hud's server is a named HUD of the display: `list` shows it, `hide --id` closes it.
    @Test(arguments: platforms)
    func aNotificationIsANamedHUD(_ platform: TestPlatform) throws {
        try #require(SessionBus.isAvailable)
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let bus = try SessionBus()
        defer { bus.stop() }
        display.set("DBUS_SESSION_BUS_ADDRESS", bus.address)
        let server = try display.start(["notifications"])
        defer { server.kill() }
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) { try bus.hasOwner("org.freedesktop.Notifications") })
        let sent = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/notify-send"), ["Backup done", "316 MB"],
                                        environment: display.environment, timeout: 10)
        #expect(sent.status == 0, "\(sent.stderr)")
        var name: String?
        #expect(try display.waitForList { huds in
            name = huds.first { $0.label == "Backup done" }?.id
            return name != nil
        }, "the bubble was never listed")
        let id = try #require(name)
        #expect(id.hasPrefix("notification-"))
        #expect(try display.run(["hide", "--id", id]).status == 0)
        #expect(try display.waitForList { !$0.contains { $0.label == "Backup done" } })
        #expect(server.isRunning)
    }
}

/// Where no display can be had, every command says so in one line, in the words of the platform asked for, and
/// exits 69: not a usage error.
@Suite(.ownThreads)
struct NoDisplayTests {
    static func environment(wayland: String?, x11: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = wayland
        environment["DISPLAY"] = x11
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        return environment
    }

    @Test(arguments: [["list", "--backend", "wayland"], ["hide", "--all", "--backend", "wayland"],
                      ["--backend", "wayland", "--label", "x"], ["serve", "--backend", "wayland"]])
    func waylandAskedForWithoutACompositor(_ arguments: [String]) throws {
        let r = try ChildProcess.run(CLI.binary, arguments,
                                     environment: Self.environment(wayland: "/nonexistent/wayland-9", x11: nil))
        #expect(r.status == 69, "\(arguments): \(r)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Wayland compositor"), "\(r.stderr)")
    }

    @Test(arguments: [["list"], ["hide", "--all"], ["--label", "x"], ["serve"], ["notifications"]])
    func neitherVariableIsSet(_ arguments: [String]) throws {
        let r = try ChildProcess.run(CLI.binary, arguments, environment: Self.environment(wayland: nil, x11: nil))
        #expect(r.status == 69, "\(arguments): \(r)")
        #expect(r.stderr == "x11hud: no display: neither WAYLAND_DISPLAY nor DISPLAY is set, and no --display was "
                + "given\n", "\(r.stderr)")
    }

    /// `--over-window` names an X window: in a Wayland session without XWayland the line says so.
    @Test func anXWindowInAWaylandSessionWithoutXWayland() throws {
        let r = try ChildProcess.run(CLI.binary, ["--over-window", "active", "--label", "x"],
                                     environment: Self.environment(wayland: "wayland-1", x11: nil))
        #expect(r.status == 69, "\(r)")
        #expect(r.stderr.contains("--over-window needs X11 (XWayland)") && !r.stderr.contains("cannot open"),
                "\(r.stderr)")
    }
}
