import Dispatch
import HUDFeeds
import HUDControl
import HUDScene
import HUDTestSupport
import Testing
import X11Platform

/// Issue 19: an input reaches the screen in one turn of the main queue. The library's `HUDSession` and `HUD` run in
/// this process on a private Xvfb, fed by a `FeedReader` the test pushes bytes into.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct InputTurnTests {
    /// Waits until the HUD has stopped drawing (its frame timer idle): no frame for 150 ms.
    @MainActor func settle(_ hud: HUD) async throws {
        var last = hud.framesDrawn, since = ContinuousClock.now
        while ContinuousClock.now - since < .milliseconds(150) {
            try await Task.sleep(for: .milliseconds(10))
            if hud.framesDrawn != last { (last, since) = (hud.framesDrawn, .now) }
        }
    }

    /// The frames drawn when a block queued on the main queue now runs.
    @MainActor func framesAfterOneTurn(_ hud: HUD) async -> Int {
        await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
            DispatchQueue.main.async { c.resume(returning: MainActor.assumeIsolated { hud.framesDrawn }) }
        }
    }

    @MainActor @Test func aPushedLineIsDrawnInTheTurnItsAskQueued() async throws {
        let session = try HUDSession(display: try server().display)
        let hud = try session.makeHUD()
        hud.mode = .text
        hud.label = "Start"
        let reader = FeedReader()
        hud.attach(reader, policy: FeedPolicy(hidesAtEnd: false))
        hud.show(animated: false)
        try await settle(hud)
        #expect(hud.framesDrawn > 0 && hud.isVisible)
        for step in 1...3 {
            let before = hud.framesDrawn
            // Pushing asks at once: the ask's turn is queued before the test's block, which then sees its frame.
            Array("#Step \(step)\n".utf8).withUnsafeBytes { reader.push($0) }
            let after = await framesAfterOneTurn(hud)
            #expect(after > before, "step \(step): the frame took more than one turn of the main queue")
            #expect(hud.label == "Step \(step)")
            try await settle(hud)
        }
        await hud.hide(animated: false)
        #expect(!hud.isVisible)
    }
}
