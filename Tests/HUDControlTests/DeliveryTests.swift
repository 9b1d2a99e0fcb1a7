import HUDBase
import HUDControl
import HUDLoop
import HUDScene
import ProgressFeed
import Testing

/// Another process's HUD as the test plays it: what it was sent, and answers on demand.
@MainActor private final class TestEndpoint: DeliveryEndpoint {
    let id: String?
    var onAcknowledged: (@MainActor () -> Void)?
    var onEnd: (@MainActor (Int32) -> Void)?
    var onVanished: (@MainActor () -> Void)?
    private(set) var sent: [(input: FeedInbox, subscribe: Bool, autoDetails: Bool)] = []
    private(set) var opened: [[String]] = []
    private(set) var hides = 0

    init(id: String?) { self.id = id }

    func send(_ input: FeedInbox, subscribe: Bool, autoDetails: Bool) { sent.append((input, subscribe, autoDetails)) }
    func open(_ lines: [String]) { opened.append(lines) }
    func hide(subscribe: Bool) { hides += 1 }

    func acknowledge() { onAcknowledged?() }
    func end(_ status: Int32) { onEnd?(status) }
    func vanish() { onVanished?() }
}

/// The program's side as the test plays it: who holds each name, and everything the delivery asked.
@MainActor private final class TestHost: DeliveryHost {
    /// The HUD another process shows by the name, nil when the name is free (claimed by us on asking).
    var holder: TestEndpoint?
    /// What the delivery asked, in order.
    private(set) var log: [String] = []
    private(set) var shown: [OwnStart] = []
    private(set) var warnings: [String] = []
    private(set) var failures: [DeliveryFailure] = []
    private(set) var freeWaiters: [@MainActor () -> Void] = []
    /// Input read, so the other HUD's going away after its end is the process's end.
    var readsFeed = true

    func claim(_ name: String) throws(DeliveryFailure) -> DeliveryClaim {
        log.append("claim \(name)")
        guard let holder else { return .ours }
        return .taken(holder)
    }
    func showOwn(_ start: OwnStart) throws(DeliveryFailure) {
        log.append("own")
        shown.append(start)
    }
    func whenNameFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        log.append("wait \(name)")
        freeWaiters.append(action)
    }
    func startInput() { log.append("input") }
    func end(_ status: Int32) { log.append("end \(status)") }
    func endAfterForwardedInput() -> Bool {
        log.append("end after input")
        return readsFeed
    }
    func servedEnded(_ status: Int32) { log.append("served ended \(status)") }
    func servedTimedOut() { log.append("timed out") }
    func warn(_ message: String) { warnings.append(message) }
    func fail(_ failure: DeliveryFailure) { failures.append(failure) }

    /// The name is free now: those waiting for it are called.
    func freeName() {
        holder = nil
        let waiters = freeWaiters
        freeWaiters = []
        for each in waiters { each() }
    }
}

private func inbox(label: String? = nil, progress: Double? = nil, ended: Bool = false) -> FeedInbox {
    var input = FeedInbox()
    input.label = label
    input.progress = progress
    input.ended = ended
    return input
}

/// The three ways an invocation's HUD is shown (its own, forwarded to another process's by name, served by the
/// resident) and each fallback between them, on a clock the test sets and a display of the test's own.
@MainActor struct DeliveryTests {
    private let clock = ManualLoop(now: 50)
    private let host = TestHost()

    private func delivery(_ configure: (inout Delivery.Plan) -> Void = { _ in }) -> Delivery {
        var plan = Delivery.Plan()
        configure(&plan)
        return Delivery(plan: plan, host: host, clock: clock)
    }

    // MARK: Own

    @Test func withoutANameTheHUDIsOurOwnFromTheFlags() throws {
        let d = delivery()
        try d.start()
        #expect(d.mode == .own)
        #expect(host.shown == [.flags])
        #expect(host.log == ["own"])
    }

    @Test func aFreeNameIsClaimedAndShownHere() throws {
        let d = delivery { $0.name = "vol" }
        try d.start()
        #expect(host.log == ["claim vol", "own"])
        #expect(host.shown == [.flags])
        #expect(clock.pendingTimers == 0)
    }

    // MARK: Forwarded

    @Test func aNameShownElsewhereGetsTheFlagsAndTheProcessEndsOnceItIsRead() throws {
        let other = TestEndpoint(id: "vol")
        host.holder = other
        let d = delivery {
            $0.name = "vol"
            $0.flags = inbox(label: "Volume")
            $0.autoDetails = true
        }
        try d.start()
        #expect(d.mode == .forwarding)
        #expect(other.sent.count == 1)
        #expect(other.sent.first?.input == inbox(label: "Volume"))
        // Nothing to wait for: no subscription, and the end comes with the acknowledgement.
        #expect(other.sent.first?.subscribe == false)
        #expect(other.sent.first?.autoDetails == true)
        other.acknowledge()
        #expect(host.log == ["claim vol", "end 0"])
        clock.advance(by: 5)
        #expect(host.shown.isEmpty)
        #expect(host.warnings.isEmpty)
    }

    @Test func forwardedInputGoesToTheOtherHUDAndItsEndHidesIt() throws {
        let other = TestEndpoint(id: "copy")
        let d = delivery {
            $0.name = "copy"
            $0.readsInput = true
        }
        d.forward(to: other)
        #expect(other.sent.first?.subscribe == true)
        other.acknowledge()
        #expect(host.log == ["input"])
        d.received(inbox(progress: 0.5))
        d.received(inbox(label: "done", ended: true))
        #expect(other.sent.map(\.input) == [FeedInbox(), inbox(progress: 0.5), inbox(label: "done")])
        #expect(other.hides == 1)
        // It ends as the other HUD does, with its status.
        other.end(1)
        #expect(host.log == ["input", "end 1"])
    }

    @Test func withHideAfterTheEndOfTheInputDoesNotHideTheOtherHUD() {
        let other = TestEndpoint(id: "copy")
        let d = delivery {
            $0.name = "copy"
            $0.readsInput = true
            $0.hidesAtEnd = false
        }
        d.forward(to: other)
        other.acknowledge()
        d.received(inbox(ended: true))
        #expect(other.hides == 0)
        #expect(other.sent.count == 1)
    }

    @Test func aForwardNotAcknowledgedInTimeShowsAHUDOfOurOwn() {
        let other = TestEndpoint(id: "vol")
        let d = delivery { $0.name = "vol" }
        d.forward(to: other)
        clock.advance(by: Delivery.answerTimeout - 0.01)
        #expect(d.mode == .forwarding)
        #expect(host.shown.isEmpty)
        clock.advance(by: 0.01)
        #expect(d.mode == .own)
        // Not claimed again: the name is still the silent process's.
        #expect(host.log == ["own"])
        #expect(host.shown == [.afterForwarding])
        #expect(host.warnings == ["warning: the HUD 'vol' did not answer within 1 s; showing a HUD of our own"])
        // A late answer changes nothing.
        other.acknowledge()
        other.end(0)
        #expect(host.log == ["own"])
    }

    @Test func anAcknowledgedForwardIsNotTakenOver() {
        let other = TestEndpoint(id: "vol")
        let d = delivery {
            $0.name = "vol"
            $0.hasButton = true
        }
        d.forward(to: other)
        clock.advance(by: 0.2)
        other.acknowledge()
        clock.advance(by: 10)
        #expect(d.mode == .forwarding)
        #expect(host.shown.isEmpty)
        #expect(host.warnings.isEmpty)
        #expect(clock.pendingTimers == 0)
    }

    @Test func whenTheOtherHUDVanishesTheNameIsClaimedAgainAndShownHere() throws {
        let other = TestEndpoint(id: "vol")
        host.holder = other
        let d = delivery {
            $0.name = "vol"
            $0.readsInput = true
        }
        try d.start()
        other.acknowledge()
        d.received(inbox(progress: 0.3))
        host.holder = nil
        other.vanish()
        #expect(d.mode == .own)
        #expect(host.log == ["claim vol", "input", "claim vol", "own"])
        #expect(host.shown == [.afterForwarding])
        // Its timer is gone with it.
        clock.advance(by: 5)
        #expect(host.shown.count == 1)
    }

    @Test func whenTheOtherHUDVanishesWhileAThirdHoldsTheNameTheInputGoesThere() throws {
        let first = TestEndpoint(id: "vol"), second = TestEndpoint(id: "vol")
        host.holder = first
        let d = delivery {
            $0.name = "vol"
            $0.readsInput = true
        }
        try d.start()
        host.holder = second
        first.vanish()
        #expect(d.mode == .forwarding)
        #expect(second.sent.count == 1)
        // The first one's silence no longer counts, the second one's does.
        second.acknowledge()
        first.acknowledge()
        clock.advance(by: 5)
        #expect(host.shown.isEmpty)
        #expect(host.log == ["claim vol", "claim vol", "input"])
    }

    @Test func aVanishAfterTheWholeInputWasForwardedEndsTheProcess() throws {
        let other = TestEndpoint(id: "vol")
        let d = delivery {
            $0.name = "vol"
            $0.readsInput = true
        }
        d.forward(to: other)
        other.acknowledge()
        d.received(inbox(progress: 1, ended: true))
        other.vanish()
        #expect(host.log == ["input", "end after input"])
        #expect(host.shown.isEmpty)
    }

    @Test func aWatcherNeverForwardsToAnotherProcesssHUD() {
        host.holder = TestEndpoint(id: "job")
        let d = delivery {
            $0.name = "job"
            $0.watching = true
        }
        #expect(throws: DeliveryFailure(message: "--id job: that HUD is up in another process, and a watcher shows "
                                            + "its own HUD; add --queue to wait until it has hidden",
                                        code: ExitStatus.usage.code)) {
            try d.start()
        }
    }

    // MARK: Queue

    @Test func withQueueTheHUDWaitsForTheNameThenShowsHere() throws {
        let other = TestEndpoint(id: "job")
        host.holder = other
        let d = delivery {
            $0.name = "job"
            $0.queue = true
        }
        try d.start()
        #expect(d.mode == .waitingForName)
        #expect(other.sent.isEmpty)
        clock.advance(by: 10)
        #expect(host.shown.isEmpty)
        host.freeName()
        #expect(d.mode == .own)
        #expect(host.log == ["claim job", "wait job", "claim job", "own"])
        #expect(host.shown == [.flags])
    }

    @Test func withQueueANameTakenAgainMeanWhileIsWaitedForAgain() throws {
        host.holder = TestEndpoint(id: "job")
        let d = delivery {
            $0.name = "job"
            $0.queue = true
        }
        try d.start()
        let waiters = host.freeWaiters
        host.holder = TestEndpoint(id: "job")
        for each in waiters { each() }
        #expect(d.mode == .waitingForName)
        #expect(host.log == ["claim job", "wait job", "claim job", "wait job"])
        // Free at last: the HUD is ours (and the host lets go of the wait, which holds the delivery that holds it).
        host.freeName()
        #expect(d.mode == .own)
    }

    // MARK: Served

    @Test func theResidentIsAskedForTheHUDAndGetsTheInputMerged() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.readsInput = true }
        d.serve(by: resident, request: ["{request}"])
        #expect(d.mode == .served)
        #expect(resident.opened == [["{request}"]])
        #expect(host.log.isEmpty)
        resident.acknowledge()
        #expect(host.log == ["input"])
        d.received(inbox(label: "Copying"))
        d.received(inbox(progress: 0.4))
        #expect(resident.sent.map(\.input) == [inbox(label: "Copying"), inbox(progress: 0.4)])
        #expect(d.forwarded == inbox(label: "Copying", progress: 0.4))
        resident.end(1)
        #expect(host.log == ["input", "served ended 1"])
    }

    @Test func whenTheResidentGoesAHUDOfOurOwnStartsFromWhatWasForwarded() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.readsInput = true }
        d.serve(by: resident, request: [])
        resident.acknowledge()
        d.received(inbox(label: "Copying"))
        d.received(inbox(progress: 0.4))
        resident.vanish()
        #expect(d.mode == .own)
        #expect(host.shown == [.afterServing(inbox(label: "Copying", progress: 0.4))])
        // Not by name: nothing to claim.
        #expect(host.log == ["input", "own"])
    }

    @Test func aNamedServedHUDClaimsItsNameAgainWhenTheResidentGoes() {
        let resident = TestEndpoint(id: "backup")
        let d = delivery { $0.name = "backup" }
        d.serve(by: resident, request: [])
        resident.acknowledge()
        resident.vanish()
        #expect(host.log == ["claim backup", "own"])
        #expect(host.shown == [.afterServing(FeedInbox())])
    }

    @Test func aSilentResidentIsReplacedByAHUDOfOurOwn() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery()
        d.serve(by: resident, request: [])
        clock.advance(by: Delivery.answerTimeout - 0.01)
        #expect(d.mode == .served)
        clock.advance(by: 0.01)
        #expect(d.mode == .own)
        #expect(host.shown == [.afterServing(FeedInbox())])
        #expect(host.warnings == ["warning: the resident x11hud did not answer within 1 s; showing a HUD of our own"])
        resident.acknowledge()
        #expect(host.log == ["own"])
    }

    @Test func theServedHUDIsHiddenWhenItsTimeoutIsUp() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.timeout = 5 }
        d.serve(by: resident, request: [])
        clock.advance(by: 0.5)
        resident.acknowledge()
        clock.advance(by: 4.99)
        #expect(resident.hides == 0)
        clock.advance(by: 0.01)
        #expect(resident.hides == 1)
        #expect(host.log == ["timed out"])
        #expect(d.mode == .served)
    }

    @Test func theServedTimeoutDoesNotReachAHUDOfOurOwn() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.timeout = 5 }
        d.serve(by: resident, request: [])
        resident.acknowledge()
        resident.vanish()
        clock.advance(by: 10)
        #expect(resident.hides == 0)
        #expect(host.log == ["own"])
        #expect(d.mode == .own)
    }

    @Test func aWatcherIsStartedForTheResidentsHUD() {
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.watching = true }
        d.serve(by: resident, request: [])
        resident.acknowledge()
        #expect(host.log == ["input"])
    }

    @Test func aVanishAfterTheWholeInputWithoutAFeedTakesOver() {
        host.readsFeed = false
        let resident = TestEndpoint(id: "served.1")
        let d = delivery { $0.watching = true }
        d.serve(by: resident, request: [])
        resident.acknowledge()
        d.received(inbox(label: "gone", ended: true))
        resident.vanish()
        #expect(host.log == ["input", "end after input", "own"])
        #expect(host.shown == [.afterServing(inbox(label: "gone"))])
    }
}
