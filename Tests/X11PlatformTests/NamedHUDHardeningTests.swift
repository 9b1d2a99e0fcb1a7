import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Scripts of another X client (python3-xlib) that forges what the named-HUD protocol reads (issue 21).
enum ForgingClient {
    @discardableResult
    static func run(_ script: String, _ arguments: [String], display: String, timeout: Double = 60) throws -> String {
        let prelude = """
            import sys
            from Xlib import display, X, Xatom
            from Xlib.protocol import event
            d = display.Display(sys.argv[1])
            root = d.screen().root
            def atom(name): return d.intern_atom(name)
            def own_window():
                return root.create_window(-1, -1, 1, 1, 0, X.CopyFromParent, X.InputOnly, X.CopyFromParent,
                                          override_redirect=1)
            def client_message(window, kind, values):
                values = values + [0] * (5 - len(values))
                e = event.ClientMessage(window=window, client_type=atom(kind), data=(32, values))
                window.send_event(e, event_mask=0)

            """
        let r = try Tools.run(RogueClient.python, ["-c", prelude + script, display] + arguments, display: display,
                              timeout: timeout)
        guard r.status == 0 else { throw TestFailure("the forging client failed: \(r.stderr)") }
        return r.stdout
    }

    /// Sets `_X11HUD_HUDS` to `count` made-up window ids (in appends that fit a request).
    static func forgeList(count: Int, display: String) throws {
        try run("""
            prop = atom('_X11HUD_HUDS')
            ids = list(range(0x3f00000, 0x3f00000 + int(sys.argv[2])))
            root.change_property(prop, Xatom.WINDOW, 32, [])
            for i in range(0, len(ids), 50000):
                root.change_property(prop, Xatom.WINDOW, 32, ids[i:i + 50000], mode=X.PropModeAppend)
            d.sync()
            """, [String(count)], display: display)
    }
}

/// Issue 21: the named-HUD protocol under hostile and heavy input, and other users on the same display.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable && RogueClient.isAvailable, "no Xvfb or python3-xlib"),
       .privateXServer, .ownThreads)
struct NamedHUDHardeningTests {
    static func listed(_ display: String) throws -> String {
        try Tools.run(HUDProcess.binary.path, ["list"], display: display).stdout
    }

    /// Item 2: a client streams 4,000 updates (4 MB of request lines) while the owner is stopped; once it runs
    /// again it reads them all, once, and ends on the final label.
    @Test func aStoppedOwnerReadsEveryRequestOnceAndEndsOnTheFinalLabel() throws {
        let display = try server().display
        let ownerInput = Producer(), clientInput = Producer()
        let owner = try HUDProcess(["--id", "big", "--label", "Owner"], display: display, input: ownerInput.pipe)
        defer { owner.kill() }
        _ = try owner.waitForWindow(display: display)
        let client = try HUDProcess(["--id", "big", "--label", "Client"], display: display, input: clientInput.pipe)
        defer { client.kill() }
        #expect(try Tools.waitUntil(timeout: 5) { try Self.listed(display).contains("Client") })
        kill(owner.pid, SIGSTOP)
        let padding = String(repeating: "x", count: 1000)
        for i in 1...3999 {
            clientInput.write("{\"label\":\"Update \(i)\",\"details\":\"\(padding)\"}\n")
            if i % 4 == 0 { usleep(500) }
        }
        clientInput.write("{\"label\":\"Final label\",\"details\":\"end\"}\n")
        // Fixed: the point is the owner staying stopped while the client sends (nothing shows what it has sent).
        usleep(500_000)
        kill(owner.pid, SIGCONT)
        let arrived = try Tools.waitUntil(timeout: 10) { try Self.listed(display).contains("Final label") }
        let last = try Self.listed(display)
        #expect(arrived, "the final label never arrived: \(last.prefix(200))")
        // Read once: nothing older comes back later (watched for half a second, every look).
        let after = try Tools.waitForSteady(still: 0.5, timeout: Expected.upTo(3)) { try Self.listed(display) }
        #expect(after.steady && after.value.contains("Final label"), "\(after.value.prefix(200))")
        clientInput.close()
        #expect(client.waitForExit(timeout: 10)?.status == 0, "\(client.errorOutput)")
        #expect(!client.errorOutput.contains("did not answer"), "the client showed its own HUD: \(client.errorOutput)")
        #expect(try NamedHUDTests.hudWindows(display).count <= 1)
        ownerInput.close()
        #expect(owner.waitForExit(timeout: 10)?.status == 0)
    }

    /// Item 3: the owner is killed after the client's input has ended: the client has nothing to show and ends.
    @Test func aClientWhoseInputHasEndedDoesNotTakeOverFromAKilledOwner() throws {
        let display = try server().display
        let ownerInput = Producer(), clientInput = Producer()
        let owner = try HUDProcess(["--id", "left", "--label", "Owner", "--min-show", "30"], display: display,
                                   input: ownerInput.pipe)
        defer { owner.kill() }
        _ = try owner.waitForWindow(display: display)
        let client = try HUDProcess(["--id", "left"], display: display, input: clientInput.pipe)
        defer { client.kill() }
        clientInput.write("#Client\n50\n")
        #expect(try Tools.waitUntil(timeout: 5) { try Self.listed(display).contains("Client") })
        clientInput.close()
        // Fixed: the client must have read the end of its input before the owner goes, and nothing shows it has.
        usleep(500_000)
        owner.kill()
        let exit = client.waitForExit(timeout: 5)
        #expect(exit?.status == 0, "the client stayed behind: \(exit.map { "\($0.status)" } ?? "running")")
        #expect(try NamedHUDTests.hudWindows(display).isEmpty, "a HUD window was left")
    }

    /// Item 4: a 1 MB label sent as a request is refused like a 1 MB stdin line (the 64 KiB line limit).
    @Test func aForgedOneMegabyteLabelIsRefusedAsALongStdinLineIs() throws {
        let display = try server().display
        let input = Producer()
        let owner = try HUDProcess(["--id", "mem", "--label", "Owner"], display: display, input: input.pipe)
        defer { owner.kill() }
        let window = try owner.waitForWindow(display: display)
        try ForgingClient.run("""
            w = own_window()
            line = b'{"label":"' + b'y' * 1000000 + b'"}\\n'
            prop = atom('_X11HUD_REQUEST')
            for i in range(0, len(line), 200000):
                w.change_property(prop, atom('UTF8_STRING'), 8, line[i:i + 200000], mode=X.PropModeAppend)
            client_message(d.create_resource_object('window', int(sys.argv[2])), '_X11HUD_REQUEST', [w.id, 1, 7])
            d.sync()
            """, [window], display: display)
        // Fixed: nothing may happen (the label must not be taken), and nothing shows the request was read.
        usleep(800_000)
        let listed = try Self.listed(display)
        #expect(owner.child.isRunning && listed.count < 70_000 && listed.contains("Owner"),
                "the label was taken: \(listed.count) bytes")
        input.close()
        #expect(owner.waitForExit(timeout: 5)?.status == 0)
    }

    /// Item 5: a forged list of 262,144 entries: `list` stays quick, a short HUD goes on time and is listed.
    @Test func aForgedListOfAQuarterMillionEntriesCostsBoundedWork() throws {
        let display = try server().display
        try ForgingClient.forgeList(count: 262_144, display: display)
        let hud = try HUDProcess(["--label", "Short", "--hide-after", "0.5"], display: display)
        _ = try hud.waitForWindow(display: display)
        let started = Date()
        let listed = try Self.listed(display)
        #expect(Date().timeIntervalSince(started) < 2, "list took \(Date().timeIntervalSince(started)) s")
        #expect(listed.contains("Short"), "the HUD is not listed: \(listed.prefix(200))")
        let exit = hud.waitForExit(timeout: 5)
        #expect(exit?.status == 0 && (exit?.seconds ?? 99) < 4, "a 0.5 s HUD took \(exit?.seconds ?? -1) s")
    }

    /// Item 5: a list of the wrong type (a STRING) does not hide new HUDs from `list`, nor print BadMatch.
    @Test func aListOfTheWrongTypeIsReplaced() throws {
        let display = try server().display
        try ForgingClient.run("""
            root.change_property(atom('_X11HUD_HUDS'), Xatom.STRING, 8, b'not a list')
            d.sync()
            """, [], display: display)
        let hud = try HUDProcess(["--label", "Typed", "--hide-after", "1"], display: display)
        _ = try hud.waitForWindow(display: display)
        #expect(try Self.listed(display).contains("Typed"))
        #expect(hud.waitForExit(timeout: 5)?.status == 0)
        #expect(!hud.errorOutput.contains("BadMatch"), "\(hud.errorOutput)")
    }

    /// Item 6: another window's description claims a height of 5000 pixels: a real HUD stacked with it stays
    /// inside the monitor.
    @Test func aForgedHeightDoesNotPushAHUDOffTheMonitor() throws {
        let display = try server().display
        let first = try HUDProcess(["--label", "First"], display: display)
        defer { first.kill() }
        let firstWindow = try first.waitForWindow(display: display)
        try ForgingClient.run("""
            w = d.create_resource_object('window', int(sys.argv[2]))
            import json
            state = json.loads(w.get_full_property(atom('_X11HUD_STATE'), X.AnyPropertyType).value)
            state['height'] = 5000
            w.change_property(atom('_X11HUD_STATE'), atom('UTF8_STRING'), 8, json.dumps(state).encode())
            d.sync()
            """, [firstWindow], display: display)
        let second = try HUDProcess(["--label", "Second"], display: display)
        defer { second.kill() }
        let info = try WindowInfo.settled(id: try second.waitForWindow(display: display), display: display)
        let listed = try Tools.run(HUDProcess.binary.path, ["list", "--json"], display: display).stdout
        // The window reaches a pixel or two past the bezel (its antialiased edge); unclamped it went to y 2854.
        #expect(info.y >= 0 && info.y + info.height <= 723,
                "the HUD went to y \(info.y) (height \(info.height)): \(listed)")
    }

    /// Item 7a: replies with guessed serials, sent to every window as if from the owner, do not cancel another
    /// user's `run --id` job.
    @Test func forgedRepliesDoNotCancelARunJob() throws {
        let display = try server().display
        let input = Producer()
        let owner = try HUDProcess(["--id", "job", "--label", "Owner"], display: display, input: input.pipe)
        defer { owner.kill() }
        _ = try owner.waitForWindow(display: display)
        let job = try HUDProcess(["run", "--id", "job", "--label", "Sleeping", "--", "sleep", "2"], display: display)
        defer { job.kill() }
        #expect(try Tools.waitUntil(timeout: 5) { try Self.listed(display).contains("Sleeping") })
        try ForgingClient.run("""
            owner = d.get_selection_owner(atom('_X11HUD_ID_%d_job' % int(sys.argv[2])))
            for child in root.query_tree().children:
                for serial in range(1, 40):
                    client_message(child, '_X11HUD_REPLY', [2, 1, serial, owner.id if owner else 0])
            d.sync()
            """, [String(getuid())], display: display)
        let exit = job.waitForExit(timeout: 10)
        #expect(exit?.status == 0, "the job ended with \(exit.map { "\($0.status)" } ?? "nothing"): \(job.errorOutput)")
        #expect(!job.errorOutput.contains("did not answer"), "the job showed its own HUD: \(job.errorOutput)")
        input.close()
    }

    /// Item 7b: a click another client makes up (XSendEvent) on the Cancel button does not cancel the job.
    @Test func aSyntheticClickOnCancelIsIgnored() throws {
        let display = try server().display
        let job = try HUDProcess(["run", "--button", "Cancel", "--", "sleep", "2"], display: display)
        defer { job.kill() }
        let window = try job.waitForWindow(display: display)
        let info = try WindowInfo.settled(id: window, display: display)
        try ForgingClient.run("""
            w = d.create_resource_object('window', int(sys.argv[2]))
            width, height, x0, y0 = [int(v) for v in sys.argv[3:7]]
            for y in range(2, height, 6):
                for x in range(2, width, 6):
                    for kind, mask in ((event.ButtonPress, X.ButtonPressMask),
                                       (event.ButtonRelease, X.ButtonReleaseMask)):
                        e = kind(time=X.CurrentTime, root=root, window=w, same_screen=1, child=X.NONE, root_x=x0 + x,
                                 root_y=y0 + y, event_x=x, event_y=y, state=0, detail=1)
                        w.send_event(e, event_mask=mask)
            d.sync()
            """, [window, String(info.width), String(info.height), String(info.x), String(info.y)], display: display)
        let exit = job.waitForExit(timeout: 10)
        #expect(exit?.status == 0, "the job ended with \(exit.map { "\($0.status)" } ?? "nothing")")
    }

    /// Item 8: `run -- yes | head -1` ends, as the shell pipe `yes | head -1` does.
    @Test func aRunWhoseReaderHasGoneEnds() throws {
        let display = try server().display
        let r = try Tools.run("/bin/sh", ["-c", "'\(HUDProcess.binary.path)' run -- yes | head -1"], display: display,
                              timeout: 15)
        #expect(r.status == 0 && r.stdout == "y\n", "status \(r.status), \(r.stdout.prefix(20)): \(r.stderr)")
    }

    /// Item 7c: another user's client (here `nobody`, as `xhost +si:localuser:nobody` would let in) owns this user's
    /// name, with a forged `_X11HUD_UID`: nothing is forwarded to it, and x11hud shows its own HUD at once.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root to start a client as another user"))
    func anotherUsersWindowHoldingOurNameIsNotForwardedTo() throws {
        let display = try server().display
        let script = """
            import sys
            from Xlib import display, X, Xatom
            d = display.Display(sys.argv[1])
            root = d.screen().root
            w = root.create_window(-1, -1, 1, 1, 0, X.CopyFromParent, X.InputOnly, X.CopyFromParent)
            w.change_property(d.intern_atom('_X11HUD_UID'), Xatom.CARDINAL, 32, [int(sys.argv[2])])
            w.set_selection_owner(d.intern_atom('_X11HUD_ID_%s_backup' % sys.argv[2]), X.CurrentTime)
            d.sync()
            print('owned', flush=True)
            sys.stdin.read()
            """
        let input = Pipe(), output = Pipe()
        let squatter = try ChildProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), [
            "--reuid=65534", "--regid=65534", "--clear-groups", RogueClient.python, "-c", script, display,
            String(getuid()),
        ], environment: ChildProcess.environment(display: display), input: input, output: .pipe(output))
        defer { squatter.kill() }
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(said.hasPrefix("owned"), "the other user's client did not start: \(said)")
        let hud = try HUDProcess(["--id", "backup", "--label", "Mine", "--hide-after", "0.5"], display: display)
        let exit = hud.waitForExit(timeout: 5)
        #expect(exit?.status == 0 && (exit?.seconds ?? 99) < 2.5, "exit \(String(describing: exit))")
        #expect(!hud.errorOutput.contains("did not answer"), "it forwarded to the other user: \(hud.errorOutput)")
    }
}
