import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Switching live between true translucency (a compositor runs) and an opaque, shaped bezel (none runs).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct CompositorTests {
    /// Starts a compositor on `display` and waits until it has registered: picom and xcompmgr make a window named
    /// after themselves, then take the _NET_WM_CM_S0 selection with it. Killed when the returned process is
    /// released.
    final class Compositor {
        let process: ChildProcess
        init(_ command: [String], display: String) throws {
            process = try Tools.start(command[0], Array(command.dropFirst()), display: display)
            let name = URL(fileURLWithPath: command[0]).lastPathComponent
            let registered = try Tools.waitUntil(timeout: Expected.upTo(10)) {
                try Tools.run("xdotool", ["search", "--name", "^\(name)$"], display: display).status == 0
            }
            guard registered else {
                process.kill()
                throw TestFailure("\(name) did not register as the compositor")
            }
            // picom paints a root without a pixmap grey, where the server showed the root colour: once it has, what
            // is on screen is what it composites (the bottom-right corner is left free by the tests).
            guard name == "picom" else { return }
            let corner = try Screenshot.pixel(x: 1279, y: 719, display: display, timeout: Expected.upTo(10)) {
                !$0.isBlack && !$0.isClose(to: Expected.root)
            }
            guard !corner.isBlack && !corner.isClose(to: Expected.root) else {
                process.kill()
                throw TestFailure("picom painted nothing: the corner is \(corner)")
            }
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
        let b = Expected.layout().bezel
        // Translucent: the dark theme's bezel (alpha 0.85) blended over what is behind it.
        let bezel = HUDStyle.theme(.dark).bezelColor
        func blended(over behind: RGBA) -> RGBA {
            RGBA(red: bezel.red * bezel.alpha + behind.red * (1 - bezel.alpha),
                 green: bezel.green * bezel.alpha + behind.green * (1 - bezel.alpha),
                 blue: bezel.blue * bezel.alpha + behind.blue * (1 - bezel.alpha))
        }
        // Until picom has painted the root (black before that, whatever x11hud does) and the HUD composited over it.
        let composited = try Screenshot.first(on: display) { shot in
            let behind = shot.pixel(x: Int(b.minX) - 1, y: Int(b.midY))
            let inside = shot.pixel(x: Int(b.minX) + 4, y: Int(b.midY))
            return !behind.isBlack && inside.isClose(to: blended(over: behind), tolerance: 0.03)
        }
        let behind = composited.pixel(x: Int(b.minX) - 1, y: Int(b.midY))
        let corner = composited.pixel(x: Int(b.minX), y: Int(b.minY))
        let inside = composited.pixel(x: Int(b.minX) + 4, y: Int(b.midY))
        #expect(!behind.isBlack && !corner.isBlack)
        #expect(corner.isClose(to: behind, tolerance: 0.06),
                "the transparent corner shows \(corner), not what is behind")
        #expect(inside.isClose(to: blended(over: behind), tolerance: 0.03),
                "bezel \(inside), expected about \(blended(over: behind))")

        compositor.stop()
        #expect(try Tools.waitUntil(timeout: 5) { try WindowInfo(id: id, display: display).shaped },
                "no bounding shape after picom quit")
        // Until the HUD has drawn its first opaque frame.
        let plain = try Screenshot.first(on: display) {
            $0.pixel(x: Int(b.minX) + 4, y: Int(b.midY)).isClose(to: Expected.opaqueBezel)
        }
        #expect(plain.pixel(x: Int(b.minX), y: Int(b.minY)).isClose(to: Expected.root))
        #expect(plain.pixel(x: Int(b.minX) + 4, y: Int(b.midY)).isClose(to: Expected.opaqueBezel))
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }

    @Test func startsUnshapedWhenACompositorAlreadyRuns() throws {
        let display = try server().display
        let compositor = try Compositor(Self.xcompmgr, display: display)
        defer { compositor.stop() }
        let hud = try HUDProcess(Expected.arguments, display: display)
        let info = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        #expect(!info.shaped)
        #expect(info.depth == 32)
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }
}
