import HUDControl
import HUDLoop
import HUDScene
import ProgressFeed
import Synchronization
import Testing

/// A source the test fills: what a reader thread would post.
private final class TestSource: HUDInputSource {
    private let box = Mutex(InputMailbox())
    func start(asking ask: @escaping @Sendable () -> Void) {}
    func take() -> FeedInbox { box.withLock { $0.take() } }
    func framesLook(_ on: Bool) -> Bool { box.withLock { $0.framesLook(on) } }
    func post(_ update: FeedUpdate, ended: Bool = false) {
        var i = FeedInbox()
        i.take(update)
        i.ended = ended
        _ = box.withLock { $0.post(i) }
    }
}

/// The HUD without a display, on a clock the test sets: its life, its input through one door, its waiters.
@MainActor struct HUDControllerTests {
    private let clock = ManualLoop(now: 100)
    private let hud: HUDController
    private var changes = 0

    init() {
        hud = HUDController(clock: clock, scene: HUDScene(content: HUDContent(), style: .theme(.dark),
                                                          area: Rect(x: 0, y: 0, width: 800, height: 600)))
    }

    /// Plays frames every 1/60 s until `t` seconds after the start; returns whether the HUD was visible at the end.
    @discardableResult private func play(until t: Double) -> Bool {
        var visible = false
        while clock.now < 100 + t - 1e-9 {
            clock.advance(by: min(1.0 / 60, 100 + t - clock.now))
            visible = hud.update(at: clock.now)
            if hud.isDone { hud.finish() }
        }
        return visible
    }

    @Test func theGraceTimeKeepsQuickWorkOffTheScreen() {
        hud.graceTime = 0.5
        hud.show()
        #expect(!play(until: 0.4))
        #expect(hud.isWaiting)
        hud.hide()
        play(until: 0.6)
        #expect(!hud.isUp)
        #expect(hud.finished)
    }

    @Test func postedUpdatesAreMergedAndAppliedWithTheNextFrame() {
        hud.show()
        play(until: 0.1)
        for i in 1...30 { hud.post(FeedInbox(update: FeedUpdate(label: "press \(i)")), show: true) }
        #expect(hud.content.label == "")
        play(until: 0.12)
        #expect(hud.content.label == "press 30")
    }

    /// Issue 40 item 2: a HUD fed only by posts (the resident's, drawing for a client) writes its details from the
    /// figures once its policy asks for them, as one with an attached source does.
    @Test func aPolicyWithAutoDetailsWritesTheFiguresOfPostedUpdates() {
        hud.policy = FeedPolicy(autoDetails: true)
        hud.show()
        for second in 0...4 {
            var update = FeedInbox()
            update.take(FeedUpdate(bytesDone: Int64(second) * 10_000_000, bytesTotal: 100_000_000))
            hud.post(update)
            play(until: Double(second) + 0.5)
        }
        #expect(hud.content.details.contains("40 MB of 100 MB") && hud.content.details.contains("MB/s"),
                "\(hud.content.details)")
        hud.policy = FeedPolicy()
        var plain = FeedInbox()
        plain.take(FeedUpdate(details: "own words", bytesDone: 50_000_000))
        hud.post(plain)
        play(until: 5)
        #expect(hud.content.details == "own words", "the figures stop with the policy")
    }

    /// Issue 52: a source gone silent turns `--details auto` to `stalled` with no input at all: the HUD asks to be
    /// woken when the details would turn (its next deadline), and they read so at that wake-up; the next
    /// progress clears it and asks for the next such wake-up.
    @Test func silentInputTurnsTheDetailsStalledAtTheWakeUpItAsksFor() throws {
        let source = TestSource()
        hud.attach(source, policy: FeedPolicy(autoDetails: true))
        hud.show()
        for tenth in 0...30 {
            source.post(FeedUpdate(bytesDone: Int64(tenth) * 1_000_000, bytesTotal: 100_000_000))
            play(until: Double(tenth) / 10 + 0.05)
        }
        #expect(hud.content.details.hasPrefix("30 MB of 100 MB · 10 MB/s"), "\(hud.content.details)")
        let due = try #require(hud.nextDeadline)
        #expect(due > 107.9 && due <= 108.05, "woken 5 s after the last move: \(due)")
        clock.set(to: due - 0.01)
        _ = hud.update(at: clock.now)
        #expect(!hud.content.details.contains("stalled"))
        clock.set(to: due)
        _ = hud.update(at: clock.now)
        #expect(hud.content.details == "30 MB of 100 MB · stalled")
        #expect(hud.nextDeadline == nil, "one wake-up: nothing more changes by itself")
        source.post(FeedUpdate(bytesDone: 31_000_000, bytesTotal: 100_000_000))
        clock.advance(by: 3)
        _ = hud.update(at: clock.now)
        #expect(hud.content.details == "31 MB of 100 MB", "\(hud.content.details)")
        #expect(hud.nextDeadline == clock.now + 5)
    }

    @Test func aPostedShowBringsAHidingHUDBackAndItsHideIsOneOff() {
        hud.show()
        play(until: 0.5)
        hud.post(FeedInbox(update: FeedUpdate(label: "Volume 40%", hideAfter: 1)), show: true)
        play(until: 1.2)
        #expect(hud.isUp)
        // The next request without a hide: the HUD stays (a remote hide is not a lasting auto-hide).
        hud.post(FeedInbox(update: FeedUpdate(label: "Volume 45%")), show: true)
        play(until: 4)
        #expect(hud.isUp)
        #expect(hud.content.label == "Volume 45%")
    }

    @Test func aHeldKeyKeepsTheHUDUpAndItGoesAfterTheLastPress() {
        hud.show()
        for i in 0..<10 {
            hud.post(FeedInbox(update: FeedUpdate(label: "\(i)", hideAfter: 1)), show: true)
            play(until: 0.1 * Double(i + 1))
        }
        play(until: 1.9)
        #expect(hud.isUp)
        play(until: 3)
        #expect(!hud.isUp)
    }

    @Test func aHideRequestAfterAShowInTheSameFrameHidesAndAShowAfterAHideShows() {
        hud.show()
        play(until: 0.2)
        hud.post(FeedInbox(update: FeedUpdate(label: "x")), show: true)
        hud.post(FeedInbox(update: FeedUpdate(hideAfter: 0)))
        play(until: 0.25)
        #expect(!hud.isUp)
        hud.post(FeedInbox(update: FeedUpdate(hideAfter: 0)))
        hud.post(FeedInbox(update: FeedUpdate(label: "y")), show: true)
        play(until: 0.3)
        #expect(hud.isUp)
    }

    @Test func anAttachedSourceAndPostedUpdatesGoThroughTheSamePolicy() {
        let source = TestSource()
        hud.attach(source, policy: FeedPolicy(autoClose: true))
        hud.show()
        source.post(FeedUpdate(progress: 0.5))
        play(until: 0.1)
        #expect(hud.content.mode == .annular)
        hud.post(FeedInbox(update: FeedUpdate(progress: 1)))
        play(until: 0.2)
        #expect(!hud.isUp, "auto-close applies to posted progress too")
    }

    @Test func theEndOfTheInputHidesAndTheCompletionRunsOnceAfterTheTransition() async {
        let source = TestSource()
        var completions = 0
        hud.completion = { completions += 1 }
        hud.attach(source)
        hud.show()
        play(until: 0.5)
        source.post(FeedUpdate(), ended: true)
        play(until: 0.55)
        #expect(!hud.isUp)
        #expect(completions == 0, "the fade is still playing")
        play(until: 2)
        #expect(completions == 1)
        await hud.finishedHiding()
    }

    @Test func progressFromTheInputEasesFromWhatIsShown() {
        let source = TestSource()
        hud.attach(source)
        hud.show()
        play(until: 0.5)
        source.post(FeedUpdate(progress: 0.8))
        play(until: 0.52)
        let shown = hud.scene.presentedProgress(at: clock.now)
        #expect(shown > 0 && shown < 0.8)
        play(until: 2)
        #expect(hud.scene.presentedProgress(at: clock.now) == 0.8)
    }

    @Test func cancelEndsTheHUDAsCancelledAndAShowClearsIt() {
        hud.show()
        play(until: 0.3)
        hud.buttonClicked()
        #expect(hud.wasCancelled)
        play(until: 1.5)
        #expect(hud.finished)
        hud.show()
        #expect(!hud.wasCancelled)
    }

    @Test func theButtonRunsItsActionInsteadOfCancelling() {
        var clicks = 0
        hud.buttonAction = { clicks += 1 }
        hud.show()
        hud.buttonClicked()
        #expect(clicks == 1)
        #expect(!hud.wasCancelled)
        #expect(hud.isUp)
    }

    @Test func everyChangeAsksForAFrameButAppliedInputDoesNot() {
        var asked = 0
        hud.onChange = { asked += 1 }
        hud.label = "a"
        hud.show()
        #expect(asked == 2)
        hud.post(FeedInbox(update: FeedUpdate(label: "b")), show: true)
        play(until: 0.1)
        #expect(asked == 2, "input applied inside a frame is drawn by that frame")
    }
}

extension FeedInbox {
    fileprivate init(update: FeedUpdate) {
        self.init()
        take(update)
    }
}

extension HUDController {
    fileprivate var label: String {
        get { content.label }
        set { content.label = newValue }
    }
}
