import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 42 item 4: the same HUD looks the same on both platforms. The same command line on a private Xvfb (no
/// compositor: the bezel opaque, the window shaped) and on headless sway, with an opaque bezel so that neither
/// desktop shows through: inside its rounded edge the bezel's pixels (text, indicator) are the same, pixel for pixel.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable && XvfbServer.isAvailable, "no sway or Xvfb"))
struct WaylandLooksTests {
    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// The box round every pixel that differs from `background`.
    static func box(_ shot: Screenshot, background: RGBA) -> Box? {
        var box: Box?
        for y in 0..<shot.height {
            for x in 0..<shot.width where !shot.pixel(x: x, y: y).isClose(to: background, tolerance: 0.02) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    static let arguments = ["--mode", "annular", "--progress", "0.4", "--label", "Saving", "--details", "3 of 7 files",
                            "--bezel-color", "#303030", "--content-color", "#f0f0f0"]

    /// Shows the HUD with `environment` until the screen is steady, takes `shot`, ends it.
    static func steadyShot(_ environment: [String: String], shot: @escaping () throws -> Screenshot) throws
        -> Screenshot {
        var environment = environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["XDG_CACHE_HOME"] = "/tmp/x11hud-tests-cache-\(getuid())"
        let input = Pipe()
        let hud = try ChildProcess(CLI.binary, arguments, environment: environment, input: input, output: .discard)
        defer {
            try? input.fileHandleForWriting.close()
            _ = hud.waitForExit(timeout: 5)
        }
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) { try shot().pixel(x: 640, y: 360) != .clear }
        let (steady, still) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8), shot)
        #expect(still, "the HUD kept changing")
        return steady
    }

    @Test func theBezelIsTheSamePixelForPixel() throws {
        let x = try XvfbServer()
        defer { x.stop() }
        let sway = try SwayServer()
        defer { sway.stop() }
        let onX = try Self.steadyShot(ChildProcess.environment(display: x.display)) {
            try Screenshot(display: x.display)
        }
        let onWayland = try Self.steadyShot(sway.environment) { try sway.screenshot() }
        let xBackground = try RGBA(hex: XvfbServer.rootColor)
        let boxX = try #require(Self.box(onX, background: xBackground), "nothing on X11")
        let boxW = try #require(Self.box(onWayland, background: WaylandCommandTests.background), "nothing on Wayland")
        #expect(boxX.maxX - boxX.minX == boxW.maxX - boxW.minX && boxX.maxY - boxX.minY == boxW.maxY - boxW.minY,
                "the bezel's size differs: X11 \(boxX), Wayland \(boxW)")
        // Inside the rounded corners (radius 5 pt) and the edge's antialiasing.
        let inset = 6
        var differing = 0, compared = 0
        for dy in inset...(boxX.maxY - boxX.minY - inset) {
            for dx in inset...(boxX.maxX - boxX.minX - inset) {
                let a = onX.pixel(x: boxX.minX + dx, y: boxX.minY + dy)
                let b = onWayland.pixel(x: boxW.minX + dx, y: boxW.minY + dy)
                compared += 1
                if !a.isClose(to: b, tolerance: 1.5 / 255) { differing += 1 }
            }
        }
        #expect(compared > 5_000)
        #expect(differing == 0, "\(differing) of \(compared) pixels differ between X11 and Wayland")
    }
}
