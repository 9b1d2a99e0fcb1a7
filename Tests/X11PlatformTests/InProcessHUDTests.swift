import HUDControl
import X11Names
import Dispatch
import Foundation
import HUDLoop
import HUDRender
import HUDScene
import HUDShow
import HUDTestSupport
import Testing
@testable import X11Platform

/// One library HUD in this process on a real X server, with the session's time in the test's hands.
@MainActor final class Stage {
    let display: String
    let clock: ManualLoop
    let session: HUDSession
    let hud: HUD
    private let start: Double
    private(set) var completions = 0

    init(display: String, configure: (HUD) -> Void = { _ in }) throws {
        self.display = display
        start = 100
        clock = ManualLoop(now: start)
        session = try HUDSession(display: display, loop: clock)
        hud = try session.makeHUD(scale: 1)
        hud.mode = .annular
        hud.label = "Saving"
        hud.progress = 0.6
        hud.completion = { [unowned self] in completions += 1 }
        configure(hud)
    }

    /// Sets the clock to `t` seconds after the start and runs one turn of the frame loop (deadlines, drawing,
    /// X events).
    func play(to t: Double) {
        clock.set(to: start + t)
        session.update()
    }

    /// What the X server says: the HUD's window is mapped (asked off the main actor, which `xwininfo` would hold).
    func isMapped() async throws -> Bool {
        try await Self.info(id: String(hud.window.id), display: display).isViewable
    }

    /// `WindowInfo`, read off the main actor.
    static func info(id: String, display: String) async throws -> WindowInfo {
        try await Tools.offMainActor { try WindowInfo(id: id, display: display) }
    }
}

/// `hud.hide(…)` as a test on a manual clock means it: at once, not the async overload that waits for the end of
/// the hide (which only the test's clock could bring).
@MainActor func hideNow(_ hud: HUD, animated: Bool = true, afterDelay delay: Double = 0) {
    hud.hide(animated: animated, afterDelay: delay)
}

/// The library's `HUDSession` and `HUD` constructed in the test process, asserted on real X state: the window's
/// map state (xwininfo), the pixels on screen, the completion handler, the name claimed on the display.
///
/// The sessions connect to a server that lives as long as the test process (`XvfbServer.processWide`): Xlib ends a
/// process whose server goes away, and a named HUD keeps its session (and its connection) alive.
@Suite(.serialized, .processWideXServer)
@MainActor struct InProcessHUDTests {
    let display = XvfbServer.processWide?.display ?? ""
    let d = Spring.duration

    @Test func showDrawsTheBezelThenAHideUnmapsItAndCallsTheCompletionOnce() async throws {
        let stage = try Stage(display: display)
        #expect(try await !stage.isMapped())
        stage.hud.show()
        stage.play(to: 0)
        stage.play(to: d)
        #expect(stage.hud.isVisible)
        #expect(try await stage.isMapped())
        let b = Expected.layout().bezel
        let info = try await Stage.info(id: String(stage.hud.window.id), display: display)
        #expect(info.overrideRedirect)
        #expect(Double(info.width) >= b.width && Double(info.height) >= b.height, "\(info)")
        let inside = try await Tools.offMainActor { [display] in
            try screenshot(display: display).pixel(x: Int(b.minX) + 4, y: Int(b.midY))
        }
        #expect(inside.isClose(to: Expected.opaqueBezel), "\(inside)")

        let drawn = stage.hud.framesDrawn
        stage.hud.label = "Saved"
        stage.hud.progress = 1
        stage.play(to: d + 1)
        #expect(stage.hud.framesDrawn > drawn, "a new label and progress drew no frame")
        #expect(stage.hud.content.label == "Saved" && stage.hud.content.progress == 1)

        hideNow(stage.hud)
        stage.play(to: d + 1)
        #expect(stage.completions == 0, "the completion ran before the hide transition")
        stage.play(to: d + 1 + d)
        #expect(stage.completions == 1)
        #expect(!stage.hud.isVisible)
        #expect(try await !stage.isMapped())
        stage.play(to: d + 5)
        #expect(stage.completions == 1, "the completion ran twice")
    }

    /// The frame loop's policy: one wake-up at the end of a grace time, a tick every frame while the zoom plays,
    /// and none at all (and no frame drawn) once the HUD is static.
    @Test func theFrameTimerTicksOnlyWhileSomethingMoves() async throws {
        let stage = try Stage(display: display) { $0.graceTime = 1 }
        let timer = try #require(stage.session.timer)
        #expect(timer.isSuspended)
        stage.hud.show()
        stage.play(to: 0)
        #expect(!timer.isSuspended && !timer.isTicking, "waiting for the grace time: one wake-up at its end")
        stage.play(to: 1)
        #expect(timer.isTicking, "the zoom-in plays")
        stage.play(to: 1 + d / 2)
        #expect(timer.isTicking)
        stage.play(to: 1 + d)
        #expect(timer.isSuspended, "a static HUD still wakes")
        let drawn = stage.hud.framesDrawn
        stage.play(to: 60)
        #expect(stage.hud.framesDrawn == drawn, "a static HUD drew a frame")
        stage.hud.mode = .indeterminate
        stage.play(to: 60.1)
        #expect(!timer.isSuspended, "a spinner does not ask for frames")
        hideNow(stage.hud, animated: false)
        stage.play(to: 61)
        #expect(stage.completions == 1)
        #expect(timer.isSuspended, "the timer still runs after the last HUD has gone")
    }

    // MARK: The lifecycle on the session's clock (the timing-window tests of the binary, without their sleeps)

    @Test func aDelayedHideKeepsTheHUDUpUntilItsMomentThenFadesOut() async throws {
        let stage = try Stage(display: display)
        stage.hud.show()
        hideNow(stage.hud, afterDelay: 1)
        stage.play(to: 0)
        stage.play(to: 0.999)
        #expect(try await stage.isMapped())
        stage.play(to: 1)
        #expect(stage.hud.isVisible, "the fade-out starts at 1 s")
        stage.play(to: 1 + d - 0.001)
        #expect(stage.completions == 0)
        stage.play(to: 1 + d)
        #expect(stage.completions == 1)
        #expect(try await !stage.isMapped())
    }

    @Test func aHideBeforeTheGraceTimeEndsShowsNothing() async throws {
        let stage = try Stage(display: display) { $0.graceTime = 1 }
        stage.hud.show()
        hideNow(stage.hud, afterDelay: 0.5)
        for t in [0, 0.25, 0.499] {
            stage.play(to: t)
            #expect(try await !stage.isMapped(), "mapped at \(t) s")
        }
        stage.play(to: 0.5)
        #expect(stage.completions == 1, "the hide during the grace time did not end the HUD at once")
        stage.play(to: 1.5)
        #expect(try await !stage.isMapped())
        #expect(stage.hud.framesDrawn == 0)
    }

    @Test func theMinimumShowTimeHoldsBackAnEarlyHide() async throws {
        let stage = try Stage(display: display) {
            $0.graceTime = 0.5
            $0.minShowTime = 1.5
        }
        stage.hud.show()
        hideNow(stage.hud, afterDelay: 1)
        stage.play(to: 0.499)
        #expect(try await !stage.isMapped())
        stage.play(to: 0.5)
        stage.play(to: 0.5 + d)
        #expect(try await stage.isMapped(), "not shown when the grace time ended")
        // The hide came at 1 s; shown at 0.5, it is held until 0.5 + 1.5.
        stage.play(to: 1.999)
        #expect(try await stage.isMapped())
        #expect(stage.completions == 0)
        stage.play(to: 2 + d)
        #expect(stage.completions == 1)
        #expect(try await !stage.isMapped())
    }

    /// MBProgressHUD #605: there the grace timer cancels the delayed hide and the HUD never goes.
    @Test func theGraceTimeDoesNotCancelADelayedHide() async throws {
        let stage = try Stage(display: display) { $0.graceTime = 0.5 }
        stage.hud.show()
        hideNow(stage.hud, afterDelay: 1.2)
        stage.play(to: 0.5)
        stage.play(to: 0.5 + d)
        #expect(try await stage.isMapped())
        stage.play(to: 1.2)
        stage.play(to: 1.2 + d)
        #expect(stage.completions == 1)
        #expect(try await !stage.isMapped())
    }

    /// Issue 21 item 4: forged `subscribe` requests from ever new windows are remembered up to a bound.
    @Test func theSubscribersOfAHUDAreBounded() async throws {
        let session = try HUDSession(display: display, loop: ManualLoop(now: 0))
        for i in 0..<5000 {
            let request = HUDLinks.Request(sender: UInt(0x3f0_0000 + i), target: 42, flags: .subscribe, serial: i,
                                           selection: 0, lines: [])
            session.links.subscribe(request, to: 42)
        }
        #expect(session.links.subscriberCount(of: 42) == HUDLinks.maxSubscribers)
        session.links.hudEnded(window: 42, status: 0)
        #expect(session.links.subscriberCount(of: 42) == 0)
    }

    // MARK: Named HUDs

    /// The name is the display's, not the session's: a second session of this process, and another process, find it
    /// taken and talk to the owner; once the owner's HUD has gone, the name is free again.
    @Test func aClaimedNameIsSeenTakenByAnotherSessionAndAnotherProcess() async throws {
        let id = "in-process-\(getpid())"
        let clock = ManualLoop(now: 100)
        let owner = try HUDSession(display: display, loop: clock)
        guard case .local(let hud) = try owner.claim(id: id, scale: 1) else {
            Issue.record("a free name was not given to the first session")
            return
        }
        hud.label = "Mine"
        hud.show(animated: false)
        owner.update()
        owner.update()
        #expect(try await Stage.info(id: String(hud.window.id), display: display).isViewable)

        let other = try HUDSession(display: display, loop: clock)
        guard case .remote(let remote) = try other.claim(id: id) else {
            Issue.record("a second session claimed a name that is taken")
            return
        }
        #expect(remote.id == id)
        #expect(other.listedHUDs().contains { $0.id == id && $0.label == "Mine" && $0.pid == getpid() })

        // Another process forwards its label to this one's HUD, which answers while the test runs its frame loop.
        let client = try HUDProcess(["--id", id, "--label", "From another process"], display: display)
        let answered = await Tools.eventually(timeout: Expected.upTo(5)) {
            owner.update()
            return !client.process.isRunning
        }
        #expect(answered, "the forwarding client got no answer")
        #expect(await client.child.exited(within: 1) && client.child.status == 0, "\(client.errorOutput)")
        // The request is answered when read; what it asks for is applied with the next frame.
        owner.update()
        #expect(hud.label == "From another process")

        hideNow(hud, animated: false)
        owner.update()
        #expect(!hud.isVisible)
        guard case .local(let successor) = try other.claim(id: id, scale: 1) else {
            Issue.record("the name was not free after its HUD had gone")
            return
        }
        #expect(successor.id == id)
        hideNow(successor, animated: false)
        other.update()
    }

    /// The notification server measures a bubble's text with the engine its HUD then draws with, one per scale in a
    /// session, so the text is shaped once (issue 51: shaping was a third of a notification's work).
    @Test func theHUDsOfADisplayAndItsMeasurerShareOneTextEnginePerScale() throws {
        let display = try X11DisplaySession(display: self.display)
        let measurer = try #require(display.textMeasurer(HUDPlace(scale: 1)) as? TextEngine)
        let a = try display.session.makeHUD(scale: 1), b = try display.session.makeHUD(scale: 1)
        let c = try display.session.makeHUD(scale: 2)
        #expect(a.renderer.text === measurer && b.renderer.text === measurer)
        #expect(c.renderer.text !== measurer && c.renderer.text.scale == 2)
        #expect(display.textMeasurer(HUDPlace(scale: 2)) as? TextEngine === c.renderer.text)
    }
}
