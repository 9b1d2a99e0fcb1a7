import HUDControl
import X11Display
import Foundation
import Glibc
import HUDLoop
import HUDScene
import HUDTestSupport
import Testing
@testable import X11Platform

/// `--over-window`: a HUD on an application window (MBProgressHUD's `showHUDAddedTo:`), under a real reparenting
/// window manager (openbox), with and without a compositor (picom), over real clients (xlogo, xterm, xmessage).
@Suite(.serialized,
       .enabled(if: XvfbServer.isAvailable && ["openbox", "xlogo", "xterm", "xmessage", "xdotool", "picom"].allSatisfy {
           FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
       }, "no Xvfb, openbox, xlogo, xterm, xmessage, xdotool or picom"), .privateXServer, .ownThreads)
struct OverWindowTests {
    /// openbox, and picom when asked; both killed when it goes.
    final class Desktop {
        /// The window manager of each server, alive until the server goes (the tests of a suite run one at a time).
        nonisolated(unsafe) static var windowManagers: [String: ChildProcess] = [:]
        let display: String
        private var compositors: [CompositorTests.Compositor] = []
        init(display: String, compositor: Bool) throws {
            self.display = display
            // One openbox per server, for all the tests of the suite: one started after another was killed in the
            // same test run sometimes left new windows unmanaged.
            if Self.windowManagers[display] == nil {
                let openbox = try Tools.start("openbox", [], display: display)
                let managed = try Tools.waitUntil(timeout: 20) {
                    try Tools.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], display: display).stdout
                        .contains("window id")
                }
                guard managed else { throw TestFailure("openbox did not start") }
                Self.windowManagers[display] = openbox
                // openbox names itself on the root before it is ready, and a window mapped while it starts can be
                // left unmapped for good: wait until a probe window gets mapped, trying a new one every 3 s.
                var framed = false
                for _ in 0..<10 where !framed {
                    let probe = try Tools.start("xlogo", ["-name", "probe"], display: display)
                    framed = try Tools.waitUntil(timeout: 3) {
                        try Tools.run("xdotool", ["search", "--onlyvisible", "--classname", "probe"],
                                      display: display).status == 0
                    }
                    probe.kill()
                }
                guard framed else { throw TestFailure("openbox mapped no window within 30 s") }
            }
            if compositor {
                compositors.append(try CompositorTests.Compositor(CompositorTests.picom, display: display))
            }
        }

        /// An xlogo named `name` (its WM_CLASS instance), plain `color` all over, and its client window's id once
        /// openbox has framed and mapped it.
        func xlogo(_ name: String, geometry: String, color: String = "white") throws -> (ChildProcess, String) {
            let process = try Tools.start("xlogo", ["-name", name, "-bg", color, "-fg", color, "-geometry", geometry],
                                          display: display)
            return (process, try client(name))
        }

        /// The client window (decimal, as xdotool prints it) of the window named `name`, once it is viewable. (The
        /// time limit is generous: under a full test run on two cores an X client can take seconds to start.)
        func client(_ name: String) throws -> String {
            var id: String?
            _ = try Tools.waitUntil(timeout: 20) {
                id = try Tools.run("xdotool", ["search", "--onlyvisible", "--classname", name], display: display)
                    .stdout.split(separator: "\n").first.map(String.init)
                guard let id else { return false }
                return try WindowInfo(id: id, display: display).isViewable
            }
            guard let id else {
                let tree = try Tools.run("xwininfo", ["-root", "-tree"], display: display).stdout
                throw TestFailure("no window '\(name)' appeared:\n\(tree)")
            }
            // Once openbox has placed it.
            _ = try WindowInfo.settled(id: id, display: display, still: 0.25)
            return id
        }

        func info(_ id: String) throws -> WindowInfo { try WindowInfo(id: id, display: display) }

        func xdotool(_ arguments: String...) throws { try Tools.run("xdotool", arguments, display: display) }

        /// The id of `window`'s parent, in decimal.
        func parent(of window: String) throws -> UInt {
            let out = try Tools.run("xwininfo", ["-children", "-id", window], display: display).stdout
            let line = out.split(separator: "\n").first { $0.contains("Parent window id:") } ?? ""
            let hex = line.split(separator: " ").first { $0.hasPrefix("0x") } ?? ""
            return UInt(hex.dropFirst(2), radix: 16) ?? 0
        }

        /// The window manager's frame around `client`: its ancestor that is a child of the root, in `0x…` hex.
        func frame(of client: String) throws -> String {
            var w = UInt(client) ?? 0
            // Up until the parent is the root (the one window whose parent is none).
            while case let p = try parent(of: String(w)), p != 0, try parent(of: String(p)) != 0 { w = p }
            return "0x" + String(w, radix: 16)
        }

        deinit { for c in compositors.reversed() { c.stop() } }
    }

    private static func centre(_ w: WindowInfo) -> (x: Int, y: Int) { (w.x + w.width / 2, w.y + w.height / 2) }

    private static func expectCentred(_ hud: WindowInfo, on target: WindowInfo, _ what: String) {
        let h = centre(hud), t = centre(target)
        #expect(abs(h.x - t.x) <= 1 && abs(h.y - t.y) <= 1, "\(what): HUD centred at \(h), window at \(t)")
    }

    /// A point on the bezel's fill: left of the spinner, at mid height.
    private static func bezelPoint(_ hud: WindowInfo) -> (x: Int, y: Int) { (hud.x + 12, hud.y + hud.height / 2) }

    @Test(arguments: [false, true])
    func centredAndCarriedAlongByMovesAndResizes(composited: Bool) throws {
        let desktop = try Desktop(display: try server().display, compositor: composited)
        defer { withExtendedLifetime(desktop) {} }
        let (logo, target) = try desktop.xlogo("target", geometry: "300x240+100+100")
        defer { logo.kill() }
        let hud = try HUDProcess(["--over-window", target, "--label", "Building", "--mode", "indeterminate"],
                                 display: desktop.display)
        defer { hud.kill() }
        let id = try hud.waitForWindow(display: desktop.display, timeout: 20)
        _ = try WindowInfo.settled(id: id, display: desktop.display)
        // A child of the client window: the X server itself moves it with the window.
        #expect(try desktop.parent(of: id) == UInt(target))
        #expect(try Tools.run("xprop", ["-id", id, "WM_CLASS"], display: desktop.display).stdout.contains("x11hud"))
        Self.expectCentred(try desktop.info(id), on: try desktop.info(target), "at the start")
        let h = try desktop.info(id), p = Self.bezelPoint(h)
        let shot = try Screenshot.first(on: desktop.display) {
            $0.pixel(x: p.x, y: p.y).isClose(to: Expected.opaqueBezel)
        }
        #expect(shot.pixel(x: p.x, y: p.y).isClose(to: Expected.opaqueBezel), "bezel \(shot.pixel(x: p.x, y: p.y))")
        let white = try RGBA(hex: "#ffffff")
        #expect(shot.pixel(x: h.x - 20, y: p.y).isClose(to: white), "the window beside the bezel is not white")

        let before = try desktop.info(target)
        try desktop.xdotool("windowmove", target, "420", "260")
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(target).x != before.x })
        // The first look after the move already finds the HUD on it: no event had to reach x11hud first.
        Self.expectCentred(try desktop.info(id), on: try desktop.info(target), "after windowmove")

        try desktop.xdotool("windowsize", target, "400", "300")
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(target).width == 400 })
        Self.expectCentred(try desktop.info(id), on: try desktop.info(target), "after windowsize")
        #expect(hud.process.isRunning)
    }

    @Test(arguments: [false, true])
    func coveredByAWindowAboveAndHiddenWhileMinimisedOrUnmapped(composited: Bool) throws {
        let desktop = try Desktop(display: try server().display, compositor: composited)
        defer { withExtendedLifetime(desktop) {} }
        let (logo, target) = try desktop.xlogo("target", geometry: "300x240+100+100")
        defer { logo.kill() }
        let hud = try HUDProcess(["--over-window", target, "--label", "Covered", "--mode", "indeterminate"],
                                 display: desktop.display)
        defer { hud.kill() }
        let id = try hud.waitForWindow(display: desktop.display, timeout: 20)
        let p = Self.bezelPoint(try WindowInfo.settled(id: id, display: desktop.display))
        /// The colour at the bezel point once `accepts` holds for it (or the last seen, after 3 s).
        func pixel(until accepts: (RGBA) -> Bool) throws -> RGBA {
            try Screenshot.pixel(x: p.x, y: p.y, display: desktop.display, until: accepts)
        }
        func bezel(_ c: RGBA) -> Bool { c.isClose(to: Expected.opaqueBezel) }
        #expect(bezel(try pixel(until: bezel)))

        // A new window over the target (openbox puts it on top) covers the HUD too.
        let red = try RGBA(hex: "#ff0000")
        let (cover, coverID) = try desktop.xlogo("cover", geometry: "300x240+150+120", color: "red")
        defer { cover.kill() }
        let covered = try pixel { $0.isClose(to: red) }
        #expect(covered.isClose(to: red), "the HUD shows through the window above its own: \(covered)")
        try desktop.xdotool("windowactivate", "--sync", target)
        #expect(bezel(try pixel(until: bezel)), "raised again, the HUD is not back")
        cover.kill()
        _ = coverID

        try desktop.xdotool("windowminimize", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try !desktop.info(id).isViewable })
        #expect(try !bezel(pixel { !bezel($0) }), "the bezel stayed up with the window minimised")
        try desktop.xdotool("windowactivate", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(id).isViewable })
        #expect(bezel(try pixel(until: bezel)), "the bezel did not come back with the window")

        // Another workspace: openbox unmaps the frame, and the HUD goes with it.
        try desktop.xdotool("set_desktop_for_window", target, "1")
        #expect(try Tools.waitUntil(timeout: 3) { try !desktop.info(id).isViewable })
        try desktop.xdotool("set_desktop_for_window", target, "0")
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(id).isViewable })

        try desktop.xdotool("windowunmap", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try !desktop.info(id).isViewable })
        try desktop.xdotool("windowmap", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(id).isViewable })
        #expect(hud.process.isRunning)
    }

    /// The HUD's window among a process's windows: the one that is a child of `target`.
    private static func hudWindow(of hud: HUDProcess, over target: String, on desktop: Desktop) throws -> String {
        var found: String?
        _ = try Tools.waitUntil(timeout: 20) {
            let ids = try Tools.run("xdotool", ["search", "--onlyvisible", "--pid", String(hud.pid)],
                                    display: desktop.display).stdout.split(separator: "\n").map(String.init)
            found = try ids.first { try desktop.parent(of: $0) == UInt(target) && desktop.info($0).width > 1 }
            return found != nil
        }
        guard let found else { throw TestFailure("no HUD window over \(target)") }
        return found
    }

    /// `--background-color` over a window, under a compositor: the window's rectangle is dimmed, and nothing else
    /// (not the bezel, not a window beside it or above it, not the desktop); the dim moves with the window and goes
    /// while the window is minimised. Before the dim window, nothing was dimmed and a warning was printed.
    @Test func theDimCoversOnlyItsWindowAndFollowsIt() throws {
        let desktop = try Desktop(display: try server().display, compositor: true)
        defer { withExtendedLifetime(desktop) {} }
        let (side, sideID) = try desktop.xlogo("side", geometry: "200x240+640+100")
        defer { side.kill() }
        let (logo, target) = try desktop.xlogo("target", geometry: "300x240+100+100")
        defer { logo.kill() }
        // The desktop as it is without the HUD: what "not dimmed" looks like anywhere.
        let bare = try screenshot(display: desktop.display)
        let hud = try HUDProcess(["--over-window", target, "--label", "Dimmed", "--mode", "indeterminate",
                                  "--background-color", "#00000080"], display: desktop.display)
        defer { hud.kill() }
        let id = try Self.hudWindow(of: hud, over: target, on: desktop)
        let white = try RGBA(hex: "#ffffff"), half = try RGBA(hex: "#7f7f7f")
        func desktopAt(_ x: Int, _ y: Int) -> RGBA { bare.pixel(x: x, y: y) }
        // The desktop where no window ever is (the bottom-left corner), to compare places windows have left.
        let desktop0 = bare.pixel(x: 4, y: 715)
        func at(_ x: Int, _ y: Int) throws -> RGBA { try screenshot(display: desktop.display).pixel(x: x, y: y) }
        /// Whether (x, y) becomes close to `color` within 3 s.
        func at(_ x: Int, _ y: Int, becomes color: RGBA, tolerance: Double = 0.04) throws -> Bool {
            try Screenshot.pixel(x: x, y: y, display: desktop.display) { $0.isClose(to: color, tolerance: tolerance) }
                .isClose(to: color, tolerance: tolerance)
        }
        var t = try desktop.info(target)
        // Once the fade-in has ended.
        #expect(try at(t.x + 10, t.y + 10, becomes: half, tolerance: 0.06),
                "the window is not dimmed")
        let b = Self.bezelPoint(try desktop.info(id))
        #expect(try at(b.x, b.y).isClose(to: Expected.opaqueBezel), "the bezel is dimmed too")
        let s = try desktop.info(sideID)
        #expect(try at(s.x + 10, s.y + 10).isClose(to: white), "the window beside it is dimmed")
        #expect(try at(t.x + t.width + 40, t.y + 10).isClose(to: desktopAt(t.x + t.width + 40, t.y + 10)),
                "the desktop is dimmed")

        // Moved: the dim goes along, and the place it left is the desktop again.
        let old = t
        try desktop.xdotool("windowmove", target, "260", "300")
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(target).y != old.y })
        t = try desktop.info(target)
        #expect(try at(t.x + 10, t.y + t.height - 10, becomes: half, tolerance: 0.06),
                "the dim stayed behind")
        #expect(try at(old.x + 10, old.y + 10, becomes: desktop0),
                "the old place is still dimmed")

        // A window above it is not dimmed.
        let red = try RGBA(hex: "#ff0000")
        let (cover, _) = try desktop.xlogo("cover", geometry: "120x120+300+340", color: "red")
        defer { cover.kill() }
        let c = try desktop.info(try desktop.client("cover"))
        #expect(try at(c.x + 20, c.y + 20, becomes: red), "the window above is dimmed")
        cover.kill()

        // Minimised: no dim where the window was.
        try desktop.xdotool("windowminimize", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try !desktop.info(id).isViewable })
        #expect(try at(t.x + 10, t.y + t.height - 10, becomes: desktop0),
                "the dim stayed up with the window minimised")
        try desktop.xdotool("windowactivate", "--sync", target)
        #expect(try Tools.waitUntil(timeout: 3) { try desktop.info(id).isViewable })
        #expect(try at(t.x + 10, t.y + t.height - 10, becomes: half, tolerance: 0.06),
                "the dim did not come back")
        #expect(hud.process.isRunning)
        hud.kill()
        _ = hud.waitForExit(timeout: 3)
        #expect(!hud.errorOutput.contains("compositor"), "\(hud.errorOutput)")
    }

    @Test func endsWithStatus4WithinAHundredMillisecondsWhenTheWindowCloses() throws {
        let desktop = try Desktop(display: try server().display, compositor: false)
        defer { withExtendedLifetime(desktop) {} }
        let (logo, target) = try desktop.xlogo("target", geometry: "300x240+100+100")
        let hud = try HUDProcess(["--over-window", target, "--label", "Building"], display: desktop.display)
        defer { hud.kill() }
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: desktop.display, timeout: 20),
                                   display: desktop.display)
        // The signal alone (ChildProcess.kill also waits for xlogo to be reaped, which is not what is measured).
        let start = Date()
        Glibc.kill(logo.pid, SIGKILL)
        let end = hud.waitForExit(timeout: 3)
        let elapsed = Date().timeIntervalSince(start)
        #expect(end?.status == 4, "status \(String(describing: end?.status)): \(hud.errorOutput)")
        #expect(elapsed < Sanitizer.exitUpTo(0.1), "ended \(Int(elapsed * 1000)) ms after the window closed")
        #expect(!hud.errorOutput.contains("X error"), "stderr: \(hud.errorOutput)")
    }

    /// An xmessage named `name` at `position`, and the centre of its button in root pixels.
    private func xmessage(_ name: String, at position: String,
                          desktop: Desktop) throws -> (ChildProcess, String, (x: Int, y: Int)) {
        let process = try Tools.start("xmessage", ["-name", name, "-geometry", "260x120" + position,
                                                   "-buttons", "quit:0", "hello"], display: desktop.display)
        let client = try desktop.client(name)
        // Its button is its last child: xdotool lists the windows under the client, deepest last.
        let tree = try Tools.run("xwininfo", ["-tree", "-id", client], display: desktop.display).stdout
        let last = tree.split(separator: "\n").last { $0.contains("(has no name)") || $0.contains("\"quit\"") }
        let fields = (last ?? "").split(separator: " ").map(String.init)
        guard let size = fields.first(where: { !$0.hasPrefix("0x") && $0.contains("x") && $0.first!.isNumber }),
              let absolute = fields.last, absolute.hasPrefix("+") else {
            process.kill()
            throw TestFailure("no button in xmessage's tree:\n\(tree)")
        }
        let w = Int(size.split(separator: "x")[0]) ?? 0
        let h = Int(size.split(separator: "x")[1].split(separator: "+")[0]) ?? 0
        let xy = absolute.split(separator: "+").compactMap { Int($0) }
        return (process, client, (xy[0] + w / 2, xy[1] + h / 2))
    }

    private func click(_ point: (x: Int, y: Int), display: String) throws {
        try Tools.run("xdotool", ["mousemove", String(point.x), String(point.y), "click", "1"], display: display)
    }

    @Test func blockInputSwallowsAClickOnTheTargetButNotBesideIt() throws {
        let desktop = try Desktop(display: try server().display, compositor: false)
        defer { withExtendedLifetime(desktop) {} }
        let (target, targetID, targetButton) = try xmessage("target", at: "+40+40", desktop: desktop)
        defer { target.kill() }
        let (beside, _, besideButton) = try xmessage("beside", at: "+500+40", desktop: desktop)
        defer { beside.kill() }
        let hud = try HUDProcess(["--over-window", targetID, "--block-input", "--label", "Busy", "--hide-after", "2"],
                                 display: desktop.display)
        defer { hud.kill() }
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: desktop.display, timeout: 20),
                                   display: desktop.display)
        try click(targetButton, display: desktop.display)
        // Fixed: nothing may happen (xmessage must not take the click and end).
        usleep(400_000)
        #expect(target.isRunning, "the click reached the window under a blocking HUD")
        try click(besideButton, display: desktop.display)
        #expect(beside.waitForExit(timeout: 3), "a click beside the window was swallowed too")
        #expect(hud.waitForExit(timeout: 4)?.status == 0)
        try click(targetButton, display: desktop.display)
        #expect(target.waitForExit(timeout: 3), "the click did not reach the window after the HUD hid")
    }

    @Test func twoHUDsOverOneWindowStackAndHideOverWindowHidesOnlyThatWindows() throws {
        let desktop = try Desktop(display: try server().display, compositor: false)
        defer { withExtendedLifetime(desktop) {} }
        let (a, aID) = try desktop.xlogo("first", geometry: "360x360+40+40")
        defer { a.kill() }
        let (b, bID) = try desktop.xlogo("second", geometry: "300x240+700+40")
        defer { b.kill() }
        let one = try HUDProcess(["--over-window", aID, "--label", "one"], display: desktop.display)
        defer { one.kill() }
        let oneID = try one.waitForWindow(display: desktop.display, timeout: 20)
        // The frame's id (in hex, as xwininfo prints it) means the client window inside it: the same stack.
        let frameID = try desktop.frame(of: aID)
        #expect(frameID != "0x" + String(UInt(aID)!, radix: 16), "openbox did not frame the window")
        let two = try HUDProcess(["--over-window", frameID, "--label", "two"], display: desktop.display)
        defer { two.kill() }
        let twoID = try two.waitForWindow(display: desktop.display, timeout: 20)
        let other = try HUDProcess(["--over-window", bID, "--label", "other", "--id", "job"], display: desktop.display)
        defer { other.kill() }
        _ = try other.waitForWindow(display: desktop.display, timeout: 20)
        let h1 = try WindowInfo.settled(id: oneID, display: desktop.display)
        let h2 = try WindowInfo.settled(id: twoID, display: desktop.display), target = try desktop.info(aID)
        let apart = h1.y + h1.height <= h2.y || h2.y + h2.height <= h1.y
        #expect(apart, "the two HUDs overlap: \(h1.y)+\(h1.height) and \(h2.y)+\(h2.height)")
        for h in [h1, h2] {
            #expect(h.y >= target.y && h.y + h.height <= target.y + target.height, "a HUD left the window")
        }
        let listed = try CLI.run(["list"], environment: ChildProcess.environment(display: desktop.display))
        let hex = "0x" + String(UInt(aID)!, radix: 16)
        #expect(listed.stdout.contains("window \(hex)"), "x11hud list: \(listed.stdout)")

        let env = ChildProcess.environment(display: desktop.display)
        let hidden = try CLI.run(["hide", "--over-window", aID], environment: env)
        #expect(hidden.status == 0, "hide: \(hidden.stderr)")
        #expect(one.waitForExit(timeout: 3)?.status == 0)
        #expect(two.waitForExit(timeout: 3)?.status == 0)
        #expect(other.process.isRunning, "hide --over-window hid another window's HUD")
        // A second process with the same --id and window changes that HUD in place (forwarding), and exits 0.
        let update = try HUDProcess(["--id", "job", "--over-window", bID, "--label", "changed"],
                                    display: desktop.display)
        #expect(update.waitForExit(timeout: 5)?.status == 0, "\(update.errorOutput)")
        #expect(try Tools.waitUntil(timeout: 3) {
            try CLI.run(["list"], environment: env).stdout.contains("job@0x\(String(UInt(bID)!, radix: 16))\t")
                && CLI.run(["list"], environment: env).stdout.contains("changed")
        })
        // Its --id is per window: the name alone is not enough, the window with it is.
        #expect(try CLI.run(["hide", "--id", "job", "--over-window", aID], environment: env).status == 1)
        #expect(try CLI.run(["hide", "--id", "job", "--over-window", bID], environment: env).status == 0)
        #expect(other.waitForExit(timeout: 3)?.status == 0)
    }

    @Test func aTerminalsWindowIDUnderOpenbox() throws {
        let desktop = try Desktop(display: try server().display, compositor: false)
        defer { withExtendedLifetime(desktop) {} }
        let script = "exec \"$0\" --over-window \"$WINDOWID\" --label Make --hide-after 3 2>/dev/null"
        let term = try Tools.start("xterm", ["-name", "term", "-geometry", "80x24+60+60", "-e", "sh", "-c", script,
                                             HUDProcess.binary.path], display: desktop.display)
        defer { term.kill() }
        let client = try desktop.client("term")
        var hudID: String?
        _ = try Tools.waitUntil(timeout: 20) {
            hudID = try Tools.run("xdotool", ["search", "--onlyvisible", "--classname", "x11hud"],
                                  display: desktop.display).stdout.split(separator: "\n").first.map(String.init)
            guard let hudID else { return false }
            return try desktop.info(hudID).width > 1
        }
        guard let hudID else { throw TestFailure("no HUD appeared from inside xterm") }
        _ = try WindowInfo.settled(id: hudID, display: desktop.display)
        #expect(try desktop.parent(of: hudID) == UInt(client), "the HUD is not on the terminal's window")
        Self.expectCentred(try desktop.info(hudID), on: try desktop.info(client), "over xterm")
    }

    /// Issue 22 item 7: the README's "A HUD on a window" block, each command as written, in an xterm under openbox
    /// (its `$WINDOWID`, and the active window once openbox has focused it); the placeholder id is the xterm's.
    @Test func theReadmeBlockRunsInAnXterm() throws {
        let desktop = try Desktop(display: try server().display, compositor: false)
        defer { withExtendedLifetime(desktop) {} }
        let block = try #require(try ReadmeShellBlockTests.blocks(under: "### A HUD on a window").first)
        let commands = ReadmeShellBlockTests.commands(in: block).map {
            $0.components(separatedBy: "  #")[0].replacingOccurrences(of: "0x1a00003", with: "\"$WINDOWID\"")
        }
        try #require(commands.count == 4, "\(commands)")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-term-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createSymbolicLink(at: home.appendingPathComponent("x11hud"),
                                                   withDestinationURL: HUDProcess.binary)
        try "all:\n\tsleep 1\n\techo built > built.txt\n".write(to: home.appendingPathComponent("Makefile"),
                                                                atomically: true, encoding: .utf8)
        // The third stays up until the fourth hides the terminal's HUDs.
        let script = """
            cd "$0" && PATH="$0:$PATH"
            \(commands[0]); s1=$?
            \(commands[1]); s2=$?
            \(commands[2]) & p=$!
            until x11hud list | grep -q upload; do sleep 0.2; done
            x11hud list > list.txt
            \(commands[3]); s4=$?
            wait $p; echo "$s1 $s2 $? $s4" > statuses
            """
        let term = try Tools.start("xterm", ["-name", "term", "-geometry", "80x24+60+60", "-e", "bash", "-c", script,
                                             home.path], display: desktop.display)
        defer { term.kill() }
        let statuses = home.appendingPathComponent("statuses")
        #expect(Tools.waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: statuses.path) },
                "the block did not finish in the terminal")
        #expect(try String(contentsOf: statuses, encoding: .utf8) == "0 0 0 0\n")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("built.txt").path))
        let list = try String(contentsOf: home.appendingPathComponent("list.txt"), encoding: .utf8)
        #expect(list.contains("upload") && list.contains("window 0x"), "\(list)")
    }

    @Test func aWindowThatDoesNotExistIsAUsageError() throws {
        let display = try server().display
        let r = try CLI.run(["--over-window", "0x7ffffff", "--label", "x"],
                            environment: ChildProcess.environment(display: display))
        #expect(r.status == 64)
        #expect(r.stderr.contains("no window"), "stderr: \(r.stderr)")
        let bad = try CLI.run(["--over-window", "nowhere"], environment: ChildProcess.environment(display: display))
        #expect(bad.status == 64)
    }

    @Test func choicesParse() {
        #expect(WindowChoice("0x1a00003") == .id(0x1a00003))
        #expect(WindowChoice("27262979") == .id(27_262_979))
        #expect(WindowChoice(" active ") == .active)
        #expect(WindowChoice("POINTER") == .pointer)
        for bad in ["", "0", "0x", "12ab", "-3", "0xzz"] { #expect(WindowChoice(bad) == nil, "\(bad)") }
    }

    @MainActor @Test func gravityKeepsEachPositionInPlace() {
        #expect(OverlayWindow.gravity(of: .center) == 5)
        #expect(OverlayWindow.gravity(of: .topLeft) == 1)
        #expect(OverlayWindow.gravity(of: .top) == 2)
        #expect(OverlayWindow.gravity(of: .right) == 6)
        #expect(OverlayWindow.gravity(of: .bottomRight) == 9)
    }
}

/// The library calls (`makeHUD(over:)`, `hud(over:)`, `hide(over:)`), in this process, over an xlogo without a
/// window manager, on the process-wide server (see `InProcessHUDTests`).
@Suite(.serialized, .processWideXServer)
@MainActor struct OverWindowLibraryTests {
    let display = XvfbServer.processWide?.display ?? ""

    @Test func makeFindHideAndEndWithTheWindow() async throws {
        let display = display
        let logo = try Tools.start("xlogo", ["-name", "library", "-geometry", "300x200+600+300"], display: display)
        defer { logo.kill() }
        let target = try await Tools.offMainActor {
            try Tools.visibleWindow(["--classname", "library"], display: display)
        }
        let window = try #require(UInt(target))
        let clock = ManualLoop(now: 100)
        let session = try HUDSession(display: display, loop: clock)
        #expect(throws: HUDError.self) { try session.makeHUD(over: 0x7ff_ffff) }
        #expect(try session.window(.id(window)) == window)

        let first = try session.makeHUD(over: window, scale: 1)
        var ended = 0
        first.completion = { ended += 1 }
        first.label = "First"
        first.show(animated: false)
        let second = try session.makeHUD(over: window, scale: 1)
        second.label = "Second"
        second.show(animated: false)
        session.update()
        #expect(first.targetWindow == window && !first.isComposited)
        #expect(session.hud(over: window) === second, "HUDForView: is the newest HUD up over the window")
        let secondID = String(second.window.id)
        let info = try await Tools.offMainActor { try WindowInfo(id: secondID, display: display) }
        #expect(info.isViewable && info.x >= 600 && info.x + info.width <= 900, "\(info)")

        #expect(session.hide(over: window, animated: false))
        clock.advance(by: 1)
        session.update()
        #expect(session.hud(over: window) == nil)
        #expect(!session.hide(over: window))

        // A HUD up when the window is destroyed ends with it, its completion told why.
        let third = try session.makeHUD(over: window, scale: 1)
        var closed = false
        third.completion = { [unowned third] in closed = third.targetClosed }
        third.show(animated: false)
        session.update()
        logo.kill()
        _ = await Tools.eventually(timeout: 3) {
            session.update()
            return closed
        }
        #expect(closed)
        #expect(ended == 1)
    }
}
