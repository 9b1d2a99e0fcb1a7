import Foundation
import HUDControl
import HUDRender
import HUDScene
import HUDShow
import HUDTestSupport
import Testing
@testable import WaylandPlatform

/// Issue 42 items 1 and 2: the library on Wayland, in this process, as a Swift program uses it (its main queue
/// serving the connection), and the same HUD at a HiDPI output's scale.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable, "no sway"))
@MainActor struct WaylandLibraryTests {
    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// Waits off the main actor (which serves the HUD meanwhile) until the output shows something, or nothing.
    func drawn(on sway: SwayServer, present: Bool) async throws -> Box? {
        try await Tools.offMainActor {
            var box: Box?
            _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
                box = WaylandCommandTests.drawnBox(try sway.screenshot())
                return (box != nil) == present
            }
            return box
        }
    }

    @Test func aProgramShowsAndHidesAHUDAndItsCompletionRuns() async throws {
        let sway = try await Tools.offMainActor { try SwayServer() }
        defer { sway.stop() }
        let session = try WaylandSession(display: sway.socket)
        let hud = session.makeHUD()
        hud.content.mode = .annular
        hud.content.label = "Saving"
        hud.progress = 0.6
        var completed = 0
        hud.completion = { completed += 1 }
        hud.show()
        let box = try await drawn(on: sway, present: true)
        #expect(box != nil, "the HUD never appeared")
        #expect(hud.isVisible)
        await hud.hide()
        #expect(completed == 1)
        #expect(try await drawn(on: sway, present: false) == nil, "the surface stayed after the hide")
    }

    /// On an output at scale 2 the HUD is drawn at twice the pixels (a buffer of scale 2, not an upscaled one):
    /// its bezel is twice as wide and tall as at scale 1.
    @Test func aHiDPIOutputGetsTwiceThePixels() async throws {
        var sizes: [Int: (Int, Int)] = [:]
        for scale in [1, 2] {
            let sway = try await Tools.offMainActor { try SwayServer(scale: scale) }
            defer { sway.stop() }
            let session = try WaylandSession(display: sway.socket)
            let hud = session.makeHUD()
            hud.content.mode = .text
            hud.content.label = "Volume 40%"
            hud.show()
            _ = try await drawn(on: sway, present: true)
            // Steady: the fade has ended.
            let (shot, _) = try await Tools.offMainActor {
                try Tools.waitForSteady(still: Sanitizer.upTo(0.5), timeout: Sanitizer.upTo(5)) {
                    try sway.screenshot()
                }
            }
            let box = try #require(WaylandCommandTests.drawnBox(shot))
            sizes[scale] = (box.maxX - box.minX, box.maxY - box.minY)
            await hud.hide(animated: false)
        }
        let one = try #require(sizes[1]), two = try #require(sizes[2])
        #expect(abs(Double(two.0) / Double(one.0) - 2) < 0.1 && abs(Double(two.1) / Double(one.1) - 2) < 0.1,
                "bezel at scale 1: \(one), at scale 2: \(two)")
    }

    /// The notification server measures a bubble's text with the engine its HUD then draws with, one per scale in a
    /// session, so the text is shaped once (issue 51: shaping was a third of a notification's work).
    @Test func theHUDsOfADisplayAndItsMeasurerShareOneTextEnginePerScale() async throws {
        let sway = try await Tools.offMainActor { try SwayServer() }
        defer { sway.stop() }
        let display = try WaylandDisplaySession(display: sway.socket, environment: [:], prefersDark: { nil },
                                                iconTheme: { nil })
        let measurer = try #require(display.textMeasurer(HUDPlace()) as? TextEngine)
        let a = display.session.makeHUD(), b = display.session.makeHUD(), c = display.session.makeHUD(scale: 2)
        #expect(measurer.scale == 1 && a.renderer.text === measurer && b.renderer.text === measurer)
        #expect(c.renderer.text !== measurer && c.renderer.text.scale == 2)
        #expect(display.textMeasurer(HUDPlace(scale: 2)) as? TextEngine === c.renderer.text)
    }
}
