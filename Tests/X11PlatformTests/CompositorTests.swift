import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Switching live between true translucency (a compositor runs) and an opaque, shaped bezel (none runs).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer)
struct CompositorTests {
    /// Starts a compositor on `display`; it is killed when the returned process is released.
    final class Compositor {
        let process: ChildProcess
        init(_ command: [String], display: String) throws {
            process = try Tools.start(command[0], Array(command.dropFirst()), display: display)
        }
        func stop() { process.kill() }
    }

    static let picom = ["/usr/bin/picom", "--backend", "xrender", "--config", "/dev/null"]
    static let xcompmgr = ["/usr/bin/xcompmgr"]

    @Test func followsACompositorStartingAndStoppingWithoutEverShowingBlack() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        #expect(try Tools.waitUntil(timeout: 3) { try WindowInfo(id: id, display: display).shaped })

        let compositor = try Compositor(Self.picom, display: display)
        #expect(try Tools.waitUntil(timeout: 5) { try !WindowInfo(id: id, display: display).shaped },
                "the bounding shape stayed after picom started")
        usleep(500_000)
        let b = Expected.layout().bezel
        let composited = try screenshot(display: display)
        let behind = composited.pixel(x: Int(b.minX) - 1, y: Int(b.midY))
        let corner = composited.pixel(x: Int(b.minX), y: Int(b.minY))
        let inside = composited.pixel(x: Int(b.minX) + 4, y: Int(b.midY))
        #expect(!behind.isBlack && !corner.isBlack)
        #expect(corner.isClose(to: behind, tolerance: 0.06),
                "the transparent corner shows \(corner), not what is behind")
        // Translucent: the dark theme's bezel (alpha 0.85) blended over what is behind it.
        let bezel = HUDStyle.theme(.dark).bezelColor
        let blended = RGBA(red: bezel.red * bezel.alpha + behind.red * (1 - bezel.alpha),
                           green: bezel.green * bezel.alpha + behind.green * (1 - bezel.alpha),
                           blue: bezel.blue * bezel.alpha + behind.blue * (1 - bezel.alpha))
        #expect(inside.isClose(to: blended, tolerance: 0.03), "bezel \(inside), expected about \(blended)")

        compositor.stop()
        #expect(try Tools.waitUntil(timeout: 5) { try WindowInfo(id: id, display: display).shaped },
                "no bounding shape after picom quit")
        usleep(300_000)
        let plain = try screenshot(display: display)
        #expect(plain.pixel(x: Int(b.minX), y: Int(b.minY)).isClose(to: Expected.root))
        #expect(plain.pixel(x: Int(b.minX) + 4, y: Int(b.midY)).isClose(to: Expected.opaqueBezel))
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }

    @Test func startsUnshapedWhenACompositorAlreadyRuns() throws {
        let display = try server().display
        let compositor = try Compositor(Self.xcompmgr, display: display)
        defer { compositor.stop() }
        // xcompmgr owns _NET_WM_CM_S0 once it has set up; give it a moment.
        usleep(500_000)
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        usleep(300_000)
        let info = try WindowInfo(id: id, display: display)
        #expect(!info.shaped)
        #expect(info.depth == 32)
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }
}
