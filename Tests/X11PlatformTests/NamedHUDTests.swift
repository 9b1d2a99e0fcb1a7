import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Many HUDs on one desktop: named HUDs updated in place from other processes, stacking, hide, list and queue.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb"), .privateXServer, .ownThreads)
struct NamedHUDTests {
    /// The ids of the mapped HUD windows on the display.
    static func hudWindows(_ display: String) throws -> [String] {
        try Tools.run("xdotool", ["search", "--onlyvisible", "--class", "X11hud"], display: display).stdout
            .split(separator: "\n").map(String.init)
    }

    /// Runs `body` on a display of its own: the suite's carries the registry entries of HUDs killed by the tests
    /// before (see `aHUDWhoseWindowIdOnceBelongedToAKilledHUDStacksAsTheNewest`).
    static func onDisplayOfItsOwn(_ body: (String) throws -> Void) throws {
        let x = try XvfbServer()
        defer { x.stop() }
        try body(x.display)
    }

    static func list(_ display: String) throws -> [[String]] {
        let r = try Tools.run(HUDProcess.binary.path, ["list"], display: display)
        return r.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test func tenInvocationsWithinASecondGiveOneWindowShowingTheLast() throws {
        let display = try server().display
        var clients: [HUDProcess] = []
        for v in 1...10 {
            let p = try HUDProcess(["--id", "vol", "--mode", "bar", "--progress", "\(v * 10)%",
                                    "--label", "Volume \(v * 10)%", "--hide-after", "1.5"], display: display)
            clients.append(p)
            // As a key repeats: each press's process has handed its values over before the next starts. (Started
            // 60 ms apart but not waited for, two processes can reach the server in either order on a loaded
            // machine, and then "the last" is not the last started.)
            if v == 1 {
                _ = try p.waitForWindow(display: display)
            } else {
                #expect(p.waitForExit(timeout: 3)?.status == 0, "a forwarding client did not exit 0: \(p.errorOutput)")
            }
        }
        #expect(try Self.hudWindows(display).count == 1)
        // The last client has handed its values over; the owner publishes them on its next turn.
        var listed: [[String]] = []
        _ = try Tools.waitUntil(timeout: 2) {
            listed = try Self.list(display)
            return listed.first?[3] == "Volume 100%"
        }
        #expect(listed.count == 1 && listed[0][0] == "vol" && listed[0][3] == "Volume 100%", "\(listed)")
        #expect(clients[0].waitForExit(timeout: 5)?.status == 0)
    }

    @Test func aSpinnerNamedByAClientReachesTheHUD() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "job", "--label", "Working"], display: display)
        _ = try owner.waitForWindow(display: display)
        let client = try HUDProcess([
            "--id", "job", "--label", "Still working", "--spinner", "pacman-progress",
        ], display: display)
        #expect(client.waitForExit(timeout: 3)?.status == 0, "\(client.errorOutput)")
        var listed = ""
        for _ in 0..<20 {
            listed = try Tools.run(HUDProcess.binary.path, ["list", "--json"], display: display).stdout
            if listed.contains("\"spinner\":\"pacman-progress\"") { break }
            usleep(50_000)
        }
        #expect(listed.contains("\"spinner\":\"pacman-progress\"") && listed.contains("Still working"), "\(listed)")
    }

    /// A label travels to another process's HUD as a JSON line: quotes, backslashes, a slash, a tab and non-ASCII
    /// arrive as they were given.
    @Test func aLabelThatJSONMustEscapeReachesTheHUDAsItWasGiven() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "esc", "--label", "Working"], display: display)
        _ = try owner.waitForWindow(display: display)
        let label = "say \"hi\" \\ back\\slash a/b\tcafé 日本 🚀"
        let client = try HUDProcess(["--id", "esc", "--label", label], display: display)
        #expect(client.waitForExit(timeout: 3)?.status == 0, "\(client.errorOutput)")
        var labels: [String] = []
        _ = try Tools.waitUntil(timeout: 2) {
            let listed = try Tools.run(HUDProcess.binary.path, ["list", "--json"], display: display).stdout
            let objects = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
            labels = objects.compactMap { $0["label"] as? String }
            return labels == [label]
        }
        #expect(labels == [label])
    }

    /// Each HUD slides (0.3 s) when the stack changes: a place is read once it has stayed the same for longer than
    /// a whole slide (`WindowInfo.settled`), so a frame drawn late mid-slide is not taken for the end. On a display
    /// of its own: HUDs killed by the tests before would decide the order (see the next test).
    @Test func twoHUDsAtTheCentreStackAndTheLowerSlidesUpWhenTheUpperHides() throws {
        try Self.onDisplayOfItsOwn { display in try stackAndSlide(display) }
    }

    func stackAndSlide(_ display: String) throws {
        let upper = try HUDProcess(["--id", "a", "--label", "Upper"], display: display)
        let upperWindow = try upper.waitForWindow(display: display)
        let alone = try WindowInfo.settled(id: upperWindow, display: display)
        let lower = try HUDProcess(["--id", "b", "--label", "Lower", "--details", "two lines\nof details"],
                                   display: display)
        let lowerWindow = try lower.waitForWindow(display: display)
        // The upper HUD makes room: it slides up by half the lower bezel and the gap.
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) {
            try WindowInfo(id: upperWindow, display: display).y < alone.y
        }
        let u = try WindowInfo.settled(id: upperWindow, display: display)
        let l = try WindowInfo.settled(id: lowerWindow, display: display)
        #expect(u.y < alone.y, "the upper HUD did not make room: \(alone.y) → \(u.y)")
        #expect(u.y + u.height <= l.y, "bezels overlap: upper \(u.y)+\(u.height), lower \(l.y)")
        let hidden = try Tools.run(HUDProcess.binary.path, ["hide", "--id", "a"], display: display)
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(upper.waitForExit(timeout: Expected.upTo(3))?.status == 0)
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) { try WindowInfo(id: lowerWindow, display: display).y < l.y }
        let settled = try WindowInfo.settled(id: lowerWindow, display: display).y
        // Alone, it is centred again: the whole column was centred, so it moves up by half the upper bezel and gap.
        #expect(settled < l.y && abs((settled + l.height / 2) - 360) <= 3, "lower settled at \(settled)")
        lower.kill()
    }

    /// The newer HUD goes below the older, also when the older's neighbour was killed: the X server gives a new
    /// client the resource ids of one that has gone, so the newer HUD's window can have the id of the killed one's,
    /// still listed (nothing removes a killed HUD's entry) ahead of the older HUD. Each window counts at its last
    /// entry, the place the live HUD took.
    @Test func aHUDWhoseWindowIdOnceBelongedToAKilledHUDStacksAsTheNewest() throws {
        try Self.onDisplayOfItsOwn { display in try stackAfterAKill(display) }
    }

    func stackAfterAKill(_ display: String) throws {
        let killed = try HUDProcess(["--id", "killed", "--label", "Killed"], display: display)
        let killedWindow = try killed.waitForWindow(display: display)
        let older = try HUDProcess(["--id", "older", "--label", "Older"], display: display)
        let olderWindow = try older.waitForWindow(display: display)
        killed.kill()
        let newer = try HUDProcess(["--id", "newer", "--label", "Newer"], display: display)
        let newerWindow = try newer.waitForWindow(display: display)
        _ = try WindowInfo.settled(id: newerWindow, display: display)
        let o = try WindowInfo.settled(id: olderWindow, display: display)
        let n = try WindowInfo.settled(id: newerWindow, display: display)
        let ids = "killed \(killedWindow), older \(olderWindow), newer \(newerWindow)"
        #expect(o.y + o.height <= n.y, "the newer HUD (at \(n.y)) is above the older (at \(o.y)); windows \(ids)")
        older.kill()
        newer.kill()
    }

    @Test func hideWithAnUnknownIdSaysSoAndExits1() throws {
        let display = try server().display
        let r = try Tools.run(HUDProcess.binary.path, ["hide", "--id", "nothing-here"], display: display)
        #expect(r.status == 1)
        #expect(r.stderr.contains("nothing-here") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    /// A HUD waiting out its grace time is listed, and `hide --all` cancels it before it appears (as MBProgressHUD's
    /// hide during the grace time does). It was left out of the list until it mapped: the hide found nothing.
    @Test func hideAllDuringTheGraceTimeMeansItNeverAppears() throws {
        let display = try server().display
        let hud = try HUDProcess(["--mode", "indeterminate", "--label", "Working", "--grace", "1.5"], display: display)
        #expect(try Tools.waitUntil(timeout: 1) { try Self.list(display).first?[3] == "Working" },
                "a HUD in its grace time is not listed")
        let r = try Tools.run(HUDProcess.binary.path, ["hide", "--all"], display: display)
        #expect(r.status == 0, "\(r.stderr)")
        var appeared = false
        _ = try Tools.waitUntil(timeout: 2.5) {
            if try hud.visibleWindow(display: display) != nil { appeared = true }
            return appeared
        }
        #expect(!appeared, "the HUD appeared after hide --all")
        #expect(try Self.list(display).isEmpty)
        #expect(hud.waitForExit(timeout: 3)?.status == 0)
    }

    @Test func aQueuedHUDShowsOnlyAfterTheFirstHasHidden() throws {
        let display = try server().display
        let first = try HUDProcess(["--id", "q", "--label", "First", "--hide-after", "1"], display: display)
        _ = try first.waitForWindow(display: display)
        let second = try HUDProcess(["--id", "q", "--queue", "--label", "Second", "--hide-after", "0.5"],
                                    display: display)
        // Fixed: nothing may happen here (the queued HUD must not show while the first is up).
        usleep(400_000)
        #expect(try second.visibleWindow(display: display) == nil, "the queued HUD showed while the first was up")
        #expect(try Self.list(display).first?[3] == "First")
        #expect(first.waitForExit(timeout: 3)?.status == 0)
        _ = try second.waitForWindow(display: display)
        #expect(second.waitForExit(timeout: 3)?.status == 0)
    }

    @Test func aKilledOwnerLeavesNothingStuck() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "k", "--label", "Owner"], display: display)
        _ = try owner.waitForWindow(display: display)
        kill(owner.pid, SIGKILL)
        _ = owner.waitForExit(timeout: 2)
        let next = try HUDProcess(["--id", "k", "--label", "Next", "--hide-after", "0.5"], display: display)
        _ = try next.waitForWindow(display: display, timeout: 2)
        #expect(try Self.list(display).map { $0[3] } == ["Next"])
        #expect(next.waitForExit(timeout: 3)?.status == 0)
    }

    @Test func aButtonShownThroughAClientExits1InThatClient() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "b", "--label", "Working"], display: display)
        let window = try owner.waitForWindow(display: display)
        let before = try WindowInfo.settled(id: window, display: display)
        let client = try HUDProcess(["--id", "b", "--label", "Working", "--button", "Cancel"], display: display)
        // The button makes the bezel taller; it has glided to its new size, and the client is still waiting.
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) {
            try WindowInfo(id: window, display: display).height > before.height
        }
        let info = try WindowInfo.settled(id: window, display: display)
        #expect(info.height > before.height, "the button did not reach the HUD")
        #expect(client.waitForExit(timeout: 0.1) == nil, "the client must wait for its button")
        // The button is the lowest item of the bezel; click a little above the bottom edge minus the margin.
        try Tools.run("xdotool", ["mousemove", String(info.x + info.width / 2), String(info.y + info.height - 20 - 8),
                                  "click", "1"], display: display)
        #expect(client.waitForExit(timeout: 3)?.status == 1, "\(client.errorOutput)")
        #expect(owner.waitForExit(timeout: 3)?.status == 1)
    }

    /// Eight, so that claims really overlap: one of them seeing another's fresh ownership between its two readings of
    /// the owner once took it for another user's and took the name too (two windows, seen in a loaded CI run).
    @Test func invocationsInTheSameInstantGiveOneWindow() throws {
        let display = try server().display
        // Started by one shell, a few hundred microseconds apart: processes spawned one by one from here start
        // too far apart to overlap.
        let script = """
            pids=
            for i in 1 2 3 4 5 6 7 8; do "$0" --id same --label "$i" --hide-after 1 & pids="$pids $!"; done
            failed=0
            for p in $pids; do wait "$p" || failed=$((failed + 1)); done
            exit "$failed"
            """
        var environment = ChildProcess.environment(display: display)
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let huds = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, HUDProcess.binary.path],
                                    environment: environment)
        // Until one has mapped (a loaded machine may take a while to start both), then for as long as it is up: never
        // two windows.
        var counts: [Int] = []
        _ = try Tools.waitUntil(timeout: 5) {
            counts.append(try Self.hudWindows(display).count)
            return counts.contains(1) && counts.count >= counts.firstIndex(of: 1)! + 10
        }
        #expect(counts.contains(1) && counts.allSatisfy { $0 <= 1 }, "HUD windows seen: \(counts)")
        #expect(huds.waitForExit(timeout: 8), "the eight did not end")
        #expect(huds.status == 0, "\(huds.status) of the eight failed: \(huds.stderr)")
    }

    @Test func anAsyncMainDrivesTwoHUDsAndEndsAfterTheHide() throws {
        let display = try server().display
        let example = try ChildProcess(BuildProducts.url("hud-example"), [],
                                       environment: ChildProcess.environment(display: display))
        var most = 0
        _ = try Tools.waitUntil(timeout: 3) {
            most = max(most, try Self.hudWindows(display).count)
            return most == 2
        }
        #expect(most == 2, "the example's two HUDs were not both up")
        #expect(example.waitForExit(timeout: 6) && example.status == 0)
        #expect(example.stdout == "done\n")
    }

    /// Run from a terminal (`$WINDOWID`), the example also adds a HUD to that window: a child of it while the work
    /// runs, gone before the example ends.
    @Test(.enabled(if: ["xlogo", "xwininfo", "xdotool"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }))
    func theExampleAddsAHUDToItsTerminalsWindow() throws {
        let display = try server().display
        let xlogo = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xlogo"), [],
                                     environment: ChildProcess.environment(display: display))
        defer { xlogo.kill() }
        let target = try Tools.visibleWindow(["--class", "xlogo"], display: display)
        #expect(!target.isEmpty, "xlogo did not map")
        var environment = ChildProcess.environment(display: display)
        environment["WINDOWID"] = target
        let example = try ChildProcess(BuildProducts.url("hud-example"), [], environment: environment)
        func childHUDs() throws -> Int {
            try Tools.run("xwininfo", ["-children", "-id", target], display: display).stdout
                .split(separator: "\n").count { $0.contains("\"x11hud\"") }
        }
        #expect(try Tools.waitUntil(timeout: 3) { try childHUDs() == 1 }, "no HUD was added to the window")
        #expect(example.waitForExit(timeout: 6) && example.status == 0, "\(example.stderr)")
        #expect(try childHUDs() == 0)
    }
}
