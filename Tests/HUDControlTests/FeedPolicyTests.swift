import HUDControl
import HUDScene
import ProgressFeed
import Testing

/// The input policy as the pure function it is: every key of the input protocol, the spinner → ring rule and the
/// ways input hides a HUD, without a display.
struct FeedPolicyTests {
    private let start = HUDInputState(content: HUDContent(label: "Copying", details: "a.iso"),
                                      spinner: .activityIndicator, policy: FeedPolicy())

    private func inbox(_ update: FeedUpdate, ended: Bool = false) -> FeedInbox {
        var i = FeedInbox()
        i.take(update)
        i.ended = ended
        return i
    }

    private func apply(_ update: FeedUpdate, to state: HUDInputState? = nil, ended: Bool = false) -> HUDInputState {
        FeedPolicy.apply(inbox(update, ended: ended), to: state ?? start, at: 10)
    }

    @Test func nothingChangesNothing() {
        let s = FeedPolicy.apply(FeedInbox(), to: start, at: 10)
        #expect(s.content == start.content)
        #expect(s.spinner == start.spinner)
        #expect(s.hideAfter == nil)
    }

    @Test func theFirstProgressTurnsTheDefaultSpinnerIntoTheRing() {
        let s = apply(FeedUpdate(progress: 0.3))
        #expect(s.content.mode == .annular)
        #expect(s.content.progress == 0.3)
        #expect(!s.policy.modeIsExplicit)
    }

    @Test func aModeTheProgramChoseIsKeptWhenProgressComes() {
        var explicit = start
        explicit.policy.modeIsExplicit = true
        let s = apply(FeedUpdate(progress: 0.3), to: explicit)
        #expect(s.content.mode == .indeterminate)
        #expect(s.content.progress == 0.3)
    }

    @Test func aModeFromTheInputBecomesExplicit() {
        let s = apply(FeedUpdate(mode: .bar))
        #expect(s.content.mode == .bar)
        #expect(s.policy.modeIsExplicit)
        let later = apply(FeedUpdate(progress: 0.5), to: s)
        #expect(later.content.mode == .bar)
    }

    @Test func anIconShowsWhateverTheModeWas() {
        let s = apply(FeedUpdate(icon: .success))
        #expect(s.content.mode == .custom)
        #expect(s.content.custom == .icon(.success))
        let withMode = apply(FeedUpdate(mode: .bar, icon: .error))
        #expect(withMode.content.mode == .bar)
        #expect(withMode.content.custom == .icon(.error))
    }

    /// Issue 40 item 7: an icon that comes with a hide ends the job (`list --json`'s `outcome`); an icon alone
    /// does not, and new progress starts a job again.
    @Test func anEndingIconIsTheJobsOutcomeUntilNewProgressComes() {
        #expect(start.content.outcome == nil)
        let done = apply(FeedUpdate(label: "Done", icon: .success, hideAfter: 1))
        #expect(done.content.outcome == .done)
        #expect(apply(FeedUpdate(icon: .error, hideAfter: 2)).content.outcome == .failed)
        #expect(apply(FeedUpdate(icon: .warning, hideAfter: 2)).content.outcome == .cancelled)
        #expect(apply(FeedUpdate(icon: .info), ended: true).content.outcome == .unknown)
        #expect(apply(FeedUpdate(icon: .success)).content.outcome == nil, "an icon without a hide ends nothing")
        #expect(apply(FeedUpdate(progress: 0.1), to: done).content.outcome == nil)
        #expect(apply(FeedUpdate(details: "still shown"), to: done).content.outcome == .done)
    }

    @Test func aSpinnerShowsThatSpinner() {
        var ring = start
        ring.content.mode = .annular
        let s = apply(FeedUpdate(spinner: .pacmanProgress), to: ring)
        #expect(s.spinner == .pacmanProgress)
        #expect(s.content.mode == .indeterminate)
        let withIcon = apply(FeedUpdate(icon: .info, spinner: .pacmanProgress), to: ring)
        #expect(withIcon.content.mode == .custom)
    }

    @Test func textsAndTheButtonAreReplacedOnlyWhenGiven() {
        let s = apply(FeedUpdate(label: "Verifying", button: "Stop"))
        #expect(s.content.label == "Verifying")
        #expect(s.content.details == "a.iso")
        #expect(s.content.buttonTitle == "Stop")
        let details = apply(FeedUpdate(details: "b.iso", button: ""), to: s)
        #expect(details.content.label == "Verifying")
        #expect(details.content.details == "b.iso")
        #expect(details.content.buttonTitle == "")
    }

    @Test func autoDetailsWriteTheFiguresUnderTheGivenDetails() {
        var auto = start
        auto.policy.autoDetails = true
        auto.transfer = TransferDetails(base: "a.iso")
        let s = FeedPolicy.apply(inbox(FeedUpdate(bytesDone: 50_000_000, bytesTotal: 100_000_000)), to: auto, at: 1)
        #expect(s.content.details.hasPrefix("a.iso"))
        #expect(s.content.details.contains("MB"))
        // A details text from the input is what the figures go under, not what replaces them.
        let next = FeedPolicy.apply(inbox(FeedUpdate(details: "b.iso", bytesDone: 60_000_000)), to: s, at: 2)
        #expect(next.content.details.contains("MB"))
    }

    @Test func hideAfterAsksForADelayedHide() {
        #expect(apply(FeedUpdate(hideAfter: 2)).hideAfter == 2)
        #expect(apply(FeedUpdate(label: "x")).hideAfter == nil)
    }

    @Test func theEndOfTheInputHidesOnlyWhenThePolicySays() {
        #expect(apply(FeedUpdate(), ended: true).hideAfter == 0)
        var stays = start
        stays.policy.hidesAtEnd = false
        #expect(apply(FeedUpdate(), to: stays, ended: true).hideAfter == nil)
    }

    @Test func autoCloseHidesAtAHundredPercentAndNotBefore() {
        var auto = start
        auto.policy.autoClose = true
        #expect(apply(FeedUpdate(progress: 0.99), to: auto).hideAfter == nil)
        #expect(apply(FeedUpdate(progress: 1), to: auto).hideAfter == 0)
        // With a delay asked as well, the sooner wins.
        #expect(apply(FeedUpdate(progress: 1, hideAfter: 3), to: auto).hideAfter == 0)
    }

    @Test func aHideAskedOnceIsNotAskedAgainByTheNextUpdate() {
        let hidden = apply(FeedUpdate(hideAfter: 1))
        #expect(apply(FeedUpdate(label: "again"), to: hidden).hideAfter == nil)
    }
}
