import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// The centre of the HUD's window on the root, in pixels, once it has settled.
func windowCentre(_ hud: HUDProcess, display: String) throws -> (x: Int, y: Int, info: WindowInfo) {
    let info = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
    return (info.x + info.width / 2, info.y + info.height / 2, info)
}

/// Two side-by-side RandR monitors on one Xvfb screen: L (primary) on the left half, R on the right.
func makeTwoMonitors(_ display: String) throws {
    try removeMonitors(display)
    try Tools.run("xrandr", ["--setmonitor", "*L", "640/169x720/190+0+0", "screen"], display: display)
    try Tools.run("xrandr", ["--setmonitor", "R", "640/169x720/190+640+0", "none"], display: display)
}

func removeMonitors(_ display: String) throws {
    try Tools.run("xrandr", ["--delmonitor", "R"], display: display)
    try Tools.run("xrandr", ["--delmonitor", "L"], display: display)
}

@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct MonitorTests {
    @Test func landsOnTheRequestedMonitor() throws {
        let display = try server().display
        try makeTwoMonitors(display)
        defer { try? removeMonitors(display) }
        for (choice, expectedX) in [("R", 960), ("1", 960), ("L", 320), ("primary", 320)] {
            let hud = try HUDProcess(["--monitor", choice, "--label", choice], display: display)
            let c = try windowCentre(hud, display: display)
            #expect(abs(c.x - expectedX) <= 2 && abs(c.y - 360) <= 2, "--monitor \(choice): centre \(c.x),\(c.y)")
        }
    }

    @Test func followsThePointerByDefault() throws {
        let display = try server().display
        try makeTwoMonitors(display)
        defer { try? removeMonitors(display) }
        for (pointerX, expectedX) in [(900, 960), (100, 320)] {
            try Tools.run("xdotool", ["mousemove", String(pointerX), "300"], display: display)
            let hud = try HUDProcess(["--label", "here"], display: display)
            let c = try windowCentre(hud, display: display)
            #expect(abs(c.x - expectedX) <= 2, "pointer at \(pointerX): centre \(c.x)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmessage"), "no xmessage"))
    func focusPutsItWhereTheFocusedWindowIs() throws {
        let display = try server().display
        try makeTwoMonitors(display)
        defer { try? removeMonitors(display) }
        try Tools.run("xdotool", ["mousemove", "100", "100"], display: display)  // the pointer on L
        let other = try Tools.start("xmessage", ["-geometry", "300x200+800+200", "-name", "focused", "on R"],
                                    display: display)
        defer { other.kill() }
        var id = ""
        _ = try Tools.waitUntil(timeout: 3) {
            id = try Tools.run("xdotool", ["search", "--onlyvisible", "--name", "focused"], display: display).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            return !id.isEmpty
        }
        try Tools.run("xdotool", ["windowfocus", "--sync", id], display: display)
        let hud = try HUDProcess(["--monitor", "focus", "--label", "focus"], display: display)
        let c = try windowCentre(hud, display: display)
        #expect(abs(c.x - 960) <= 2, "focused window on R, HUD centred at \(c.x)")
    }

    @Test func movesWhenTheMonitorLayoutChanges() throws {
        let display = try server().display
        try makeTwoMonitors(display)
        defer { try? removeMonitors(display) }
        let hud = try HUDProcess(["--monitor", "R", "--label", "Moving"], display: display)
        let before = try windowCentre(hud, display: display)
        #expect(abs(before.y - 360) <= 2)
        // R becomes the lower half of the right side. Monitor edits alone send no RandR event on Xorg 21, so follow
        // them with a change of the screen's physical size, which sends the screen-change event a hotplug would.
        try Tools.run("xrandr", ["--delmonitor", "R"], display: display)
        try Tools.run("xrandr", ["--setmonitor", "R", "640/169x360/95+640+360", "none"], display: display)
        try Tools.run("xrandr", ["--dpi", "100"], display: display)
        var after = before
        _ = try Tools.waitUntil(timeout: 3) {
            after = try windowCentre(hud, display: display)
            return after.y != before.y
        }
        #expect(abs(after.x - 960) <= 2 && abs(after.y - 540) <= 2, "after the change: \(after.x),\(after.y)")
    }

    @Test func anUnknownMonitorWarnsAndStillShows() throws {
        let display = try server().display
        try makeTwoMonitors(display)
        defer { try? removeMonitors(display) }
        let hud = try HUDProcess(["--monitor", "HDMI-7", "--hide-after", "0.2"], display: display)
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        let message = hud.errorOutput
        #expect(message.contains("no monitor 'HDMI-7'") && message.contains("using L"), "\(message)")
    }
}

@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct WorkAreaTests {
    @Test func panelsAreNeverCoveredAndChangesAreFollowed() throws {
        let display = try server().display
        try Tools.run("xprop", ["-root", "-format", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,100,1280,520"],
                      display: display)
        let hud = try HUDProcess(["--position", "top", "--mode", "text", "--label", "Top"], display: display)
        let top = try windowCentre(hud, display: display).info
        #expect(top.y + 1 == 100 + 20, "bezel top at \(top.y + 1), expected the work area's top plus the margin")
        let bottom = try HUDProcess(["--position", "bottom", "--mode", "text", "--label", "Bottom"], display: display)
        let b = try windowCentre(bottom, display: display).info
        #expect(b.y + b.height - 1 == 620 - 20)
        // A panel grows: the HUD moves with the work area while it is up.
        try Tools.run("xprop", ["-root", "-format", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,200,1280,420"],
                      display: display)
        var moved = top
        _ = try Tools.waitUntil(timeout: 3) {
            moved = try windowCentre(hud, display: display).info
            return moved.y != top.y
        }
        #expect(moved.y + 1 == 200 + 20)
        try Tools.run("xprop", ["-root", "-remove", "_NET_WORKAREA"], display: display)
    }
}

@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ScaleTests {
    func setDPI(_ dpi: Int?, _ display: String) throws {
        if let dpi {
            let input = Pipe()
            let xrdb = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xrdb"), ["-merge"],
                                        environment: ChildProcess.environment(display: display), input: input)
            input.fileHandleForWriting.write(Data("Xft.dpi: \(dpi)\n".utf8))
            try input.fileHandleForWriting.close()
            _ = xrdb.waitForExit(timeout: 10)
        } else {
            try Tools.run("xrdb", ["-remove"], display: display)
        }
    }

    @Test func xftDPI192DoublesTheBezelAndTheButtonStillTakesTheClick() throws {
        let display = try server().display
        try setDPI(nil, display)
        let one = try HUDProcess(Expected.arguments + ["--button", "Cancel"], display: display)
        let small = try windowCentre(one, display: display).info
        kill(one.pid, SIGTERM)
        _ = one.waitForExit(timeout: 3)

        try setDPI(192, display)
        defer { try? setDPI(nil, display) }
        let two = try HUDProcess(Expected.arguments + ["--button", "Cancel"], display: display)
        let big = try windowCentre(two, display: display).info
        // The window is the bezel plus a point of antialiasing all round, which doubles too.
        #expect(big.width - 4 == 2 * (small.width - 2) && big.height - 4 == 2 * (small.height - 2),
                "\(small.width)×\(small.height) at 96 dpi, \(big.width)×\(big.height) at 192")

        // At scale 2 the 1280×720-pixel monitor is a 640×360-point area; the button drawn from that layout, in
        // pixels, is where the clicks are taken.
        let content = HUDContent(mode: .annular, progress: 0.6, label: "Saving", buttonTitle: "Cancel")
        let layout = HUDLayout(content: content,
                               style: .theme(.dark), area: Rect(x: 0, y: 0, width: 640, height: 360),
                               measurer: HUDRenderer(scale: 2).text)
        let b = try #require(layout.button).frame.scaled(by: 2)
        let shot = try screenshot(display: display)
        #expect(!shot.pixel(x: Int(b.midX), y: Int(b.minY) + 1).isClose(to: Expected.opaqueBezel, tolerance: 0.1),
                "no button border drawn where the layout puts it")
        func windowUnderPointer(_ x: Double, _ y: Double) throws -> String {
            try Tools.windowUnderPointer(x: x, y: y, display: display)
        }
        let id = try #require(try two.visibleWindow(display: display))
        #expect(try windowUnderPointer(b.minX - 6, b.midY) != id, "the bezel beside the button took the pointer")
        #expect(try windowUnderPointer(b.minX + 4, b.midY) == id, "the button's edge let the pointer through")
        try Tools.run("xdotool", ["mousemove", String(Int(b.midX)), String(Int(b.midY)), "click", "1"],
                      display: display)
        #expect(two.waitForExit(timeout: 3)?.status == 1)
    }

    @Test func scaleFlagOverridesTheDesktop() throws {
        let display = try server().display
        try setDPI(192, display)
        defer { try? setDPI(nil, display) }
        let hud = try HUDProcess(Expected.arguments + ["--scale", "1"], display: display)
        let info = try windowCentre(hud, display: display).info
        #expect(info.width == Int(Expected.layout().bezel.width) + 2)
    }

    @Test func followsADPIChangeWhileUp() throws {
        let display = try server().display
        try setDPI(nil, display)
        let hud = try HUDProcess(Expected.arguments, display: display)
        let before = try windowCentre(hud, display: display).info
        try setDPI(192, display)
        defer { try? setDPI(nil, display) }
        var after = before
        _ = try Tools.waitUntil(timeout: 3) {
            after = try windowCentre(hud, display: display).info
            return after.width != before.width
        }
        #expect(after.width - 4 == 2 * (before.width - 2))
    }
}

@Suite(.serialized,
       .enabled(if: XvfbServer.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd"),
                "no Xvfb or xsettingsd"), .privateXServer, .ownThreads)
struct ThemeAutoTests {
    /// Runs an XSETTINGS manager publishing `Net/ThemeName`.
    func withThemeName(_ name: String, _ display: String, _ body: () throws -> Void) throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xsettingsd-\(UUID().uuidString)")
        try "Net/ThemeName \"\(name)\"\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try Tools.start("xsettingsd", ["-c", config.path], display: display)
        defer { manager.kill() }
        // It names its window and publishes the settings on it, then takes the _XSETTINGS_S0 selection with it.
        let published = try Tools.waitUntil(timeout: Expected.upTo(5)) {
            try Tools.run("xprop", ["-name", "xsettingsd", "_XSETTINGS_SETTINGS"], display: display).stdout
                .contains("=")
        }
        guard published else { throw TestFailure("xsettingsd published no settings") }
        try body()
    }

    /// The bezel's colour once it is `expected` (past the fade-in), or the last seen after 3 s.
    func bezelPixel(_ display: String, becoming expected: RGBA) throws -> RGBA {
        let hud = try HUDProcess(Expected.arguments + ["--theme", "auto"], display: display)
        _ = try hud.waitForWindow(display: display)
        let b = Expected.layout().bezel
        return try Screenshot.pixel(x: Int(b.minX) + 4, y: Int(b.midY), display: display) { $0.isClose(to: expected) }
    }

    @Test func autoFollowsTheDesktopThemeName() throws {
        let display = try server().display
        try withThemeName("Adwaita", display) {
            let light = HUDStyle.theme(.light).bezelColor.withAlpha(1)
            let p = try bezelPixel(display, becoming: light)
            #expect(p.isClose(to: light), "light desktop, bezel \(p)")
        }
        try withThemeName("Adwaita-dark", display) {
            let p = try bezelPixel(display, becoming: Expected.opaqueBezel)
            #expect(p.isClose(to: Expected.opaqueBezel), "dark desktop, bezel \(p)")
        }
    }
}
