import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Scripts written for `zenity --progress` and `yad --progress`, run with x11hud in their place on a private Xvfb:
/// the same exit statuses, and the producer never killed.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ZenityTests {
    /// Runs `script` with bash, with `zenity` and `yad` on PATH being symlinks to x11hud; returns its stdout.
    func bash(_ script: String, display: String, timeout: Double = 20) throws -> ChildProcess.Result {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-zenity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        for name in ["zenity", "yad"] {
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent(name),
                                                       withDestinationURL: HUDProcess.binary)
        }
        let prelude = "export PATH=\(bin.path):$PATH XDG_CONFIG_HOME=/nonexistent/x11hud-tests; unset GTK_THEME\n"
        return try Tools.run("/bin/bash", ["-c", prelude + script], display: display, timeout: timeout)
    }

    /// The layout zenity mode shows for `--text=LABEL`: a bar, the label and a button.
    func layout(label: String, button: String) -> HUDLayout {
        var style = HUDStyle.theme(.dark)
        style.markup = true
        return HUDLayout(content: HUDContent(mode: .bar, label: label, buttonTitle: button), style: style,
                         area: Rect(x: 0, y: 0, width: 1280, height: 720), measurer: HUDRenderer(scale: 1).text)
    }

    func click(_ frame: Rect, display: String) throws {
        try Tools.run("xdotool", ["mousemove", String(Int(frame.midX)), String(Int(frame.midY)), "click", "1"],
                      display: display)
    }

    @Test func theManualsScriptRunsThroughASymlinkNamedZenity() throws {
        let display = try server().display
        let r = try bash("""
            (
            echo "10"; sleep 0.2; echo "# Updating mail logs"; sleep 0.2; echo "20"; sleep 0.2
            echo "# Resetting cron jobs"; sleep 0.2; echo "50"; echo "This line will just be ignored"
            echo "75"; echo "# Rebooting system"; sleep 0.2; echo "100"; sleep 0.2
            ) | zenity --progress --title="Update System Logs" --text="Scanning mail logs..." --percentage=0 \\
                --auto-close
            echo "${PIPESTATUS[@]}"
            """, display: display)
        #expect(r.stdout == "0 0\n")
        #expect(r.stderr.isEmpty, "a zenity script gets no warnings: \(r.stderr)")
    }

    @Test(arguments: [["zenity", "--progress", "--auto-close"], ["--auto-close"],
                      ["yad", "--progress", "--auto-close"]])
    func aProducerWritingOnAfterOneHundredIsNotKilled(_ command: [String]) throws {
        let display = try server().display
        let r = try bash("""
            ( echo 50; sleep 0.2; echo 100; sleep 0.5; for i in $(seq 1 10000); do echo "log line $i"; done ) \\
                | \(HUDProcess.binary.path) \(command.joined(separator: " "))
            echo "${PIPESTATUS[@]}"
            """, display: display)
        #expect(r.stdout == "0 0\n", "PIPESTATUS \(r.stdout): the producer was killed")
    }

    @Test(arguments: [["zenity", "--progress", "--pulsate", "--auto-close"], ["--pulsate", "--auto-close"],
                      ["--auto-close"]])
    func anAptLogDoesNotEndTheHUD(_ arguments: [String]) throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(arguments, display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        producer.write("Reading package lists...\n(Reading database ... 45%\r(Reading database ... 100%\n")
        producer.write("Downloaded 100% of one file, 3 more\nSetting up foo (1.0) ...\n")
        // Fixed: nothing may happen (the lines must not end the HUD), and nothing shows they have been read.
        usleep(1_000_000)
        #expect(hud.waitForExit(timeout: 0.1) == nil, "a log line's 100% ended the HUD")
        #expect(try hud.visibleWindow(display: display) != nil)
        producer.close()
        #expect(hud.waitForExit(timeout: 3)?.status == 0)
        #expect(hud.errorOutput.isEmpty, "log lines are not warnings: \(hud.errorOutput)")
    }

    /// Issue 52 item 3: Cancel ends the dialog at once, as zenity's does, and the script's producer ends on its
    /// next write (SIGPIPE, 141), long before its 20 s are over; without the click it would run on to 100 %.
    @Test func cancelExitsOneAtOnceAndTheProducerEndsOnItsNextWrite() throws {
        let display = try server().display
        let frame = try #require(layout(label: "Working", button: "Cancel").button).frame
        // Once the HUD has come and settled, while the loop writes on.
        let clicker = Thread {
            let id = try? Tools.visibleWindow(["--class", "X11hud"], display: display, timeout: Expected.upTo(8))
            guard let id, !id.isEmpty, (try? WindowInfo.settled(id: id, display: display)) != nil else { return }
            try? click(frame, display: display)
        }
        clicker.start()
        let r = try bash("""
            for i in $(seq 1 100); do echo $i; sleep 0.2; done | zenity --progress --text=Working --auto-close
            echo "${PIPESTATUS[@]}"
            """, display: display, timeout: 30)
        #expect(r.stdout == "141 1\n", "PIPESTATUS \(r.stdout): the producer did not end on its next write")
    }

    @Test(arguments: [
        (["zenity", "--auto-kill"], "Cancel", "HUP"),
        (["yad", "--auto-kill", "--button=Stop:2"], "Stop", "HUP"),
        (["yad", "--kill-parent"], "Close", "TERM"),
    ])
    func theParentIsSignalledOnlyWhenAsked(_ options: [String], _ button: String, _ signal: String) throws {
        let display = try server().display
        let mark = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-sig-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: mark) }
        let frame = try #require(layout(label: "Working", button: button).button).frame
        // Once the HUD has come and settled, while perl writes on.
        let clicker = Thread {
            let id = try? Tools.visibleWindow(["--class", "X11hud"], display: display, timeout: Expected.upTo(8))
            guard let id, !id.isEmpty, (try? WindowInfo.settled(id: id, display: display)) != nil else { return }
            try? click(frame, display: display)
        }
        clicker.start()
        // The parent is perl, which writes progress and notes the signal (the test runner's children inherit
        // signals blocked, and a shell cannot trap what it inherits ignored).
        let perl = #"""
            use POSIX;
            my ($mark, @command) = @ARGV;
            sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGHUP, SIGTERM));
            sub note { open(my $f, ">", $mark); print $f "$_[0]\n"; close $f; POSIX::_exit(3) }
            $SIG{HUP} = \&note; $SIG{TERM} = \&note;
            $SIG{PIPE} = "IGNORE";
            open(my $hud, "|-", @command, "--progress", "--text=Working") or die;
            select($hud); $| = 1;
            for (1..80) { print $hud "10\n"; select(undef, undef, undef, 0.1) }
            POSIX::_exit(0);
            """#
        let r = try Tools.run("/usr/bin/perl", ["-e", perl, mark.path, HUDProcess.binary.path] + options,
                              display: display, timeout: 12)
        #expect((try? String(contentsOf: mark, encoding: .utf8)) == signal + "\n",
                "the parent got no SIG\(signal): \(r)")
        #expect(r.status == 3)
    }

    @Test(arguments: [("zenity", Int32(5)), ("yad", Int32(70))])
    func theTimeoutExitsWithItsStatus(_ program: String, _ status: Int32) throws {
        let display = try server().display
        let r = try bash("""
            ( echo 10; sleep 2; echo 20 ) | \(program) --progress --timeout=1 --text=Waiting
            echo "${PIPESTATUS[@]}"
            """, display: display)
        #expect(r.stdout == "0 \(status)\n")
    }

    @Test func aYadButtonExitsWithItsID() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["yad", "--progress", "--text=Working", "--button=OK:0", "--button=gtk-stop:3"],
                                 display: display, input: producer.pipe)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        try click(try #require(layout(label: "Working", button: "Stop").button).frame, display: display)
        producer.close()
        #expect(hud.waitForExit(timeout: 3)?.status == 3)
    }

    /// yad runs a button's command and stays; x11hud reaps each one it started, so pressing again and again leaves
    /// no zombie children behind.
    @Test func aYadButtonCommandIsReapedWhenItEnds() throws {
        let display = try server().display
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-button-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marks) }
        let producer = Producer()
        let hud = try HUDProcess(["yad", "--progress", "--text=Working", "--button=Mark:echo x >> \(marks.path)"],
                                 display: display, input: producer.pipe)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        let frame = try #require(layout(label: "Working", button: "Mark").button).frame
        func marked() -> Int { ((try? String(contentsOf: marks, encoding: .utf8)) ?? "").split(separator: "\n").count }
        // One press at a time: each after the last one's command has run.
        var ran = 0
        for press in 1...3 {
            try click(frame, display: display)
            ran = Tools.waitFor(timeout: Expected.upTo(3), marked, until: { $0 >= press })
        }
        #expect(ran == 3, "the button's command did not run three times")
        let reaped = Tools.waitUntil(timeout: 3) { Self.zombieChildren(of: hud.pid).isEmpty }
        #expect(reaped, "zombie children left: \(Self.zombieChildren(of: hud.pid))")
        #expect(hud.child.isRunning, "a command button must not end the HUD")
        producer.close()
        #expect(hud.waitForExit(timeout: 3)?.status == 0)
    }

    /// A button's command goes through the spawner `run` uses: a group of its own, and SIGTERM (which the HUD
    /// handles for itself) reaches it and ends it, after which it is reaped.
    @Test func aYadButtonCommandGetsSIGTERM() throws {
        let display = try server().display
        let pidFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("x11hud-button-pid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let producer = Producer()
        let hud = try HUDProcess(["yad", "--progress", "--text=Working",
                                  "--button=Wait:echo $$ > \(pidFile.path); exec sleep 30"],
                                 display: display, input: producer.pipe)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        try click(try #require(layout(label: "Working", button: "Wait").button).frame, display: display)
        var pid: Int32 = 0
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(3)) {
            pid = Int32(((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(
                in: .whitespacesAndNewlines)) ?? 0
            return pid > 0
        }, "the button's command did not run")
        #expect(getpgid(pid) == pid, "the command is not in a process group of its own")
        kill(pid, SIGTERM)
        let gone = Tools.waitUntil(timeout: Sanitizer.upTo(3)) { kill(pid, 0) != 0 && errno == ESRCH }
        #expect(gone, "the command outlived SIGTERM (or was not reaped)")
        #expect(hud.child.isRunning, "the command's end must not end the HUD")
        producer.close()
        #expect(hud.waitForExit(timeout: 3)?.status == 0)
    }

    /// The PIDs of `parent`'s children that have ended and were not waited for.
    static func zombieChildren(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] == "Z" && Int32(fields[1]) == parent
        }
    }

    @Test(arguments: [["--title=", "--auto-close"], ["--title", "", "--auto-close"], ["--title=\"\"", "--auto-close"]])
    func anEmptyTitleDoesNotSwallowTheNextOption(_ options: [String]) throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--progress"] + options, display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        producer.write("100\n")
        #expect(try Tools.waitUntil(timeout: 2) { try hud.visibleWindow(display: display) == nil },
                "--auto-close was not read")
        producer.close()
        #expect(hud.waitForExit(timeout: 2)?.status == 0)
    }

    @Test func whatX11hudRejectsIsAWarningAndTheScriptStillRuns() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["yad", "--progress", "--image=/etc/hostname", "--theme=bogus", "--bogus-flag",
                                  "--auto-close"], display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        producer.write("100\n")
        producer.close()
        #expect(hud.waitForExit(timeout: 3)?.status == 0)
        let warnings = hud.errorOutput.split(separator: "\n")
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.hasPrefix("x11hud: warning: ignored") }, "\(warnings)")
    }

    @Test func widthAndHeightMakeTheBezelAtLeastThatLarge() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--progress", "--width=400", "--height=150", "--text=Copying"], display: display,
                                 input: producer.pipe)
        let window = try WindowInfo(id: try hud.waitForWindow(display: display), display: display)
        // The window is the bezel and a point of antialiasing around it.
        #expect(window.width == 400 + 2 && window.height == 150 + 2)
        producer.close()
        _ = hud.waitForExit(timeout: 3)
    }

    // Issue 22 item 10: GLib sets a flag given any value, so `--pulsate=0` pulsates (the spinner's 77×77 bezel).
    @Test func yadsImageIsBesideTheBarAndPulsateZeroPulsates() throws {
        let display = try server().display
        let cases = [(["yad", "--progress", "--image=dialog-information", "--no-buttons"], 207, 77),
                     (["zenity", "--progress", "--pulsate=0", "--no-cancel", "--text="], 77, 77),
                     (["zenity", "--progress", "--no-cancel", "--text="], 160, 50)]
        for (arguments, width, height) in cases {
            let producer = Producer()
            let hud = try HUDProcess(arguments, display: display, input: producer.pipe)
            let window = try WindowInfo(id: try hud.waitForWindow(display: display), display: display)
            #expect(window.width == width + 2 && window.height == height + 2,
                    "\(arguments): \(window.width)×\(window.height)")
            producer.close()
            #expect(hud.waitForExit(timeout: 3)?.status == 0)
        }
    }

    @Test func timeRemainingAppearsInTheDetails() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["zenity", "--progress", "--time-remaining", "--no-cancel", "--text=Copying"],
                                 display: display, input: producer.pipe)
        let id = try hud.waitForWindow(display: display)
        producer.write("10\n")
        // The first value starts zenity's clock and shows no estimate; the second does (0:00:00 within a second).
        let before = try WindowInfo.settled(id: id, display: display).height
        producer.write("20\n")
        #expect(try Tools.waitUntil(timeout: 2) { try WindowInfo(id: id, display: display).height > before },
                "no estimate line appeared under the label")
        producer.close()
        _ = hud.waitForExit(timeout: 3)
    }
}
