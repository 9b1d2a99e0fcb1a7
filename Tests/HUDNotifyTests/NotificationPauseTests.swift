import HUDConfig
@testable import HUDNotify
import Testing

/// Do not disturb as a value, on times given by the test.
struct NotificationPauseTests {
    @Test func aPauseHoldsAllButCriticalOnesUnlessPausedShowsIsNothing() {
        var pause = NotificationPause()
        #expect(!pause.holds(.low) && !pause.holds(.critical))
        pause.start(for: nil, at: 0)
        #expect(pause.holds(.low) && pause.holds(.normal) && !pause.holds(.critical))
        var strict = NotificationPause(shows: .nothing)
        strict.start(for: nil, at: 0)
        #expect(strict.holds(.critical))
    }

    @Test func aTimedPauseEndsAtItsDeadlineAndAskedAgainReplacesIt() {
        var pause = NotificationPause()
        pause.start(for: 60, at: 100)
        #expect(pause.until == 160 && pause.left(at: 130) == 30 && !pause.isOver(at: 159) && pause.isOver(at: 160))
        pause.start(for: nil, at: 130)
        #expect(pause.isOn && pause.until == nil && pause.left(at: 200) == nil && !pause.isOver(at: 1e9))
        pause.start(for: -5, at: 10)
        #expect(pause.left(at: 10) == 0, "a negative duration is none")
        pause.end()
        #expect(!pause.isOn && pause.until == nil && !pause.holds(.low))
    }
}
