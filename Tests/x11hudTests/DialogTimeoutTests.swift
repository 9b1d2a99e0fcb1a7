import HUDControl
import HUDLoop
import HUDTestSupport
import Testing
@testable import X11Platform
@testable import x11hud

/// zenity's and yad's `--timeout` on the session's clock: played to the exact moment by the test, without waiting.
@Suite(.serialized, .processWideXServer)
@MainActor struct DialogTimeoutTests {
    @Test func theTimeoutHidesTheHUDWithItsStatusAtItsDeadlineAndNotBefore() throws {
        let clock = ManualLoop(now: 100)
        let session = try HUDSession(display: XvfbServer.processWide?.display ?? "", loop: clock)
        let hud = try session.makeHUD(scale: 1)
        hud.label = "Working"
        var rules = DialogRules()
        rules.timeout = (seconds: 5, status: 70)
        let status = ShowOutcome()
        hud.show()
        rules.startTimeout(hud: hud, loop: clock, status: status)
        for t in [100, 100.5, 104.9] {
            clock.set(to: t)
            session.update()
        }
        #expect(status.code == 0)
        #expect(hud.isVisible)
        clock.set(to: 105)
        session.update()
        #expect(status.code == 70)
        #expect(!hud.controller.isUp, "hiding once the timeout has passed")
        clock.set(to: 107)
        session.update()
        #expect(!hud.isVisible)
    }

    @Test func aHUDAlreadyGoneKeepsItsOwnStatus() throws {
        let clock = ManualLoop(now: 0)
        let session = try HUDSession(display: XvfbServer.processWide?.display ?? "", loop: clock)
        let hud = try session.makeHUD(scale: 1)
        var rules = DialogRules()
        rules.timeout = (seconds: 5, status: 70)
        let status = ShowOutcome()
        hud.show()
        rules.startTimeout(hud: hud, loop: clock, status: status)
        session.update()
        hud.hide()
        clock.set(to: 3)
        session.update()
        #expect(!hud.isVisible)
        clock.set(to: 6)
        session.update()
        #expect(status.code == 0, "the timeout of a HUD that has already gone changes nothing")
    }
}
