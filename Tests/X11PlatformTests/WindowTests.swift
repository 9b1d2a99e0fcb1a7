import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// The window as other X clients see it, with no compositor running.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct WindowTests {
    @Test func isAnOverrideRedirectARGBNotificationWindowCoveringOnlyTheBezel() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        let info = try WindowInfo(id: id, display: display)
        #expect(info.overrideRedirect)
        #expect(info.depth == 32)
        let bezel = Expected.layout().bezel
        // The fade animation never grows the bezel; one pixel all round for antialiasing.
        #expect(info.x == Int(bezel.minX) - 1 && info.y == Int(bezel.minY) - 1)
        #expect(info.width == Int(bezel.width) + 2 && info.height == Int(bezel.height) + 2)

        let props = try Tools.run("xprop", ["-id", id], display: display).stdout
        #expect(props.contains(#"WM_CLASS(STRING) = "x11hud", "X11hud""#))
        #expect(props.contains(#"_NET_WM_NAME(UTF8_STRING) = "x11hud""#))
        #expect(props.contains("_NET_WM_PID(CARDINAL) = \(hud.pid)"))
        #expect(props.contains("WM_CLIENT_MACHINE(STRING) = "))
        #expect(props.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_NOTIFICATION"))
        #expect(props.contains("_NET_WM_STATE(ATOM) = _NET_WM_STATE_ABOVE"))
    }

    @Test func showsAnOpaqueRoundedBezelOnTheRootColourNeverBlack() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        let b = Expected.layout().bezel
        // Once past the 0.3 s fade-in.
        let shot = try Screenshot.first(on: display) {
            $0.pixel(x: Int(b.minX) + 4, y: Int(b.midY)).isClose(to: Expected.opaqueBezel)
        }
        #expect(try WindowInfo.settled(id: id, display: display).shaped)
        let inside = shot.pixel(x: Int(b.minX) + 4, y: Int(b.midY))
        #expect(inside.isClose(to: Expected.opaqueBezel), "bezel pixel \(inside)")
        // The window's own pixels outside the rounded corner are cut away by the shape, not painted black.
        for (x, y) in [(Int(b.minX), Int(b.minY)), (Int(b.maxX) - 1, Int(b.maxY) - 1), (Int(b.minX) - 1, Int(b.midY))] {
            let p = shot.pixel(x: x, y: y)
            #expect(p.isClose(to: Expected.root), "pixel \(x),\(y) is \(p), not the root colour")
            #expect(!p.isBlack)
        }
    }

    @Test func letsClicksThroughEverywhereButTheButton() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments + ["--button", "Cancel"], display: display)
        let id = try hud.waitForWindow(display: display)
        _ = try WindowInfo.settled(id: id, display: display)
        let layout = Expected.layout(buttonTitle: "Cancel")
        let bezel = layout.bezel, button = try #require(layout.button).frame

        func windowUnderPointer(_ x: Double, _ y: Double) throws -> String {
            try Tools.windowUnderPointer(x: x, y: y, display: display)
        }
        #expect(try windowUnderPointer(bezel.midX, bezel.minY + 10) != id, "the bezel took the pointer")
        #expect(try windowUnderPointer(button.midX, button.midY) == id, "the button let the pointer through")

        try Tools.run("xdotool", ["click", "1"], display: display)
        let exit = hud.waitForExit(timeout: 3)
        #expect(exit?.status == 1, "a click on the button should hide and exit 1")
    }

    @Test func aStaticHUDNeitherDrawsNorWakesUpButASpinnerDoes() throws {
        let display = try server().display
        let still = try HUDProcess(Expected.arguments, display: display)
        _ = try WindowInfo.settled(id: try still.waitForWindow(display: display), display: display)
        let before = try still.usage()
        // Fixed: the measure is what happens over 3 s.
        usleep(3_000_000)
        let after = try still.usage()
        #expect(after.ticks - before.ticks <= 1, "a static HUD used CPU")
        let stillWakeups = HUDProcess.wakeups(from: before.wakeups, to: after.wakeups)
        #expect(stillWakeups <= 2, "a static HUD woke up \(stillWakeups) times in 3 s")
        kill(still.pid, SIGTERM)
        _ = still.waitForExit(timeout: 3)

        // The same measure sees the spinner's twelve steps a second, so the zero above means something.
        let spinner = try HUDProcess(["--label", "Working"], display: display)
        _ = try WindowInfo.settled(id: try spinner.waitForWindow(display: display), display: display)
        let s0 = try spinner.usage()
        // Fixed: the measure is what happens over 3 s.
        usleep(3_000_000)
        let s1 = try spinner.usage()
        #expect(HUDProcess.wakeups(from: s0.wakeups, to: s1.wakeups) >= 30)
        #expect(s1.ticks - s0.ticks < 30, "a spinner should stay under a few percent of a core")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalRemovesTheWindowAndExitsWith128PlusTheSignal(_ signal: Int32) throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        _ = try hud.waitForWindow(display: display)
        kill(hud.pid, signal)
        let exit = hud.waitForExit(timeout: 3)
        #expect(exit?.status == 128 + signal)
        #expect(try Tools.waitUntil(timeout: 2) {
            try Tools.run("xdotool", ["search", "--class", "x11hud"], display: display).stdout.isEmpty
        })
    }
}
