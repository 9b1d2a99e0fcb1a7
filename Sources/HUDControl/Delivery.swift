public import HUDLoop
public import ProgressFeed
import HUDBase

/// Where one invocation's HUD is shown, and what takes its place when that fails. Three ways: a HUD of its own;
/// forwarded to the HUD another process shows by the same name (`--id NAME`); served by the resident x11hud
/// (`x11hud serve`). A request elsewhere that is not answered within `answerTimeout`, or a HUD elsewhere that goes
/// away, gives a HUD of our own (claiming the name again when there is one); `--queue` waits for the name instead.
/// The acknowledge / timeout / vanish protocol is written once here for both kinds of elsewhere. The delivery sees
/// the world through a `DeliveryHost` and `DeliveryEndpoint`s and sets its timers on the clock it is given, so a
/// test plays it on a `ManualLoop`.
@MainActor public final class Delivery {
    /// Where the HUD is now.
    public enum Mode: Equatable, Sendable {
        /// Not started.
        case idle
        /// A HUD of this process's own.
        case own
        /// Another process shows the name; `--queue` waits for it to hide.
        case waitingForName
        /// Handed to the HUD another process shows by this name.
        case forwarding
        /// Handed to the resident x11hud.
        case served
    }

    /// What the command line asks of the delivery.
    public struct Plan: Sendable {
        /// `--id`.
        public var name: String?
        /// `--queue`: wait while the name is another process's.
        public var queue = false
        /// `--watch-pid`, `--watch-file`: the watcher feeds a HUD of this process, never another's by name.
        public var watching = false
        /// There is input to forward (standard input, or the command `x11hud run` runs).
        public var readsInput = false
        /// A button to wait for: a forwarding client then stays until the HUD ends.
        public var hasButton = false
        /// The end of the input hides the HUD (no `--hide-after`).
        public var hidesAtEnd = true
        /// What the flags say, as one update: the first request to another process's HUD.
        public var flags = FeedInbox()
        /// `--details auto`.
        public var autoDetails = false
        /// `--timeout`: seconds the served HUD is given before the resident is asked to hide it.
        public var timeout: Double?

        public init(name: String? = nil) { self.name = name }
    }

    /// A request the other process has not acknowledged within this long is shown here instead.
    public static let answerTimeout = 1.0

    public private(set) var mode = Mode.idle
    /// Everything forwarded to the resident, merged: what a HUD of our own starts from if it goes.
    public private(set) var forwarded = FeedInbox()
    private let plan: Plan
    private let host: any DeliveryHost
    private let clock: any LoopClock
    /// The HUD elsewhere while the mode is `.forwarding` or `.served`: answers from any other are stale.
    private var endpoint: (any DeliveryEndpoint)?
    private var acknowledged = false
    private var answerTimer: LoopTimer?
    private var servedTimer: LoopTimer?
    /// The resident served this HUD once: a HUD of our own then starts from what was forwarded.
    private var wasServed = false
    /// Something was handed elsewhere: a HUD of our own takes over rather than starts.
    private var wasHandedOver = false
    /// The input has ended and its end was forwarded.
    private var inputEnded = false

    public init(plan: Plan, host: any DeliveryHost, clock: any LoopClock) {
        self.plan = plan
        self.host = host
        self.clock = clock
    }

    /// A HUD of our own, or, with a name another process shows, that HUD changed in place (or, with `--queue`, a
    /// wait for it to hide).
    public func start() throws(DeliveryFailure) {
        guard let name = plan.name else { return try showOwn() }
        switch try host.claim(name) {
        case .ours:
            try showOwn()
        case .taken where plan.queue:
            leaveEndpoint()
            mode = .waitingForName
            host.whenNameFree(name) { [self] in restart() }
        case .taken where plan.watching:
            throw DeliveryFailure(message: "--id \(name): that HUD is up in another process, and a watcher shows "
                + "its own HUD; add --queue to wait until it has hidden", code: ExitStatus.usage.code)
        case .taken(let remote):
            forward(to: remote)
        }
    }

    /// Hands the flags' content to `remote`, the HUD of the name another process shows. Without input to forward
    /// or a button to wait for, the process ends once it is read; else when that HUD ends.
    public func forward(to remote: any DeliveryEndpoint) {
        let waits = plan.readsInput || plan.hasButton
        handOver(to: remote, mode: .forwarding, asking: "the HUD '\(remote.id ?? "")'") { [self] in
            if !waits { return host.end(ExitStatus.done.code) }
            if plan.readsInput { host.startInput() }
        }
        remote.onEnd = { [self, weak remote] status in
            if remote != nil, remote === endpoint { host.end(status) }
        }
        remote.send(plan.flags, subscribe: waits, autoDetails: plan.autoDetails)
    }

    /// Asks `resident` to show this invocation's HUD as `request` describes it, then forwards the input to it; the
    /// process ends as that HUD does, with the status the host's rules give.
    public func serve(by resident: any DeliveryEndpoint, request: [String]) {
        wasServed = true
        handOver(to: resident, mode: .served, asking: "the resident x11hud") { [self] in
            if plan.readsInput || plan.watching { host.startInput() }
            if let timeout = plan.timeout {
                servedTimer = clock.schedule(after: timeout) { [self, weak resident] in
                    guard let resident, resident === endpoint else { return }
                    host.servedTimedOut()
                    resident.hide(subscribe: false)
                }
            }
        }
        resident.onEnd = { [self, weak resident] status in
            if resident != nil, resident === endpoint { host.servedEnded(status) }
        }
        resident.open(request)
    }

    /// An update of the input while the HUD is elsewhere: sent there (its end hides that HUD unless
    /// `--hide-after` decides when).
    public func received(_ input: FeedInbox) {
        guard let endpoint, !input.isEmpty else { return }
        var update = input
        update.ended = false
        if !update.isEmpty { endpoint.send(update, subscribe: false, autoDetails: false) }
        if wasServed { forwarded.take(update) }
        guard input.ended else { return }
        inputEnded = true
        if plan.hidesAtEnd { endpoint.hide(subscribe: false) }
    }

    // MARK: The protocol with a HUD elsewhere

    /// Makes `remote` the HUD elsewhere: its acknowledgement runs `answered` (once), its going away or its silence
    /// for `answerTimeout` gives a HUD of our own. Its `onEnd` is the caller's.
    private func handOver(to remote: any DeliveryEndpoint, mode: Mode, asking who: String,
                          answered: @escaping @MainActor () -> Void) {
        leaveEndpoint()
        self.mode = mode
        endpoint = remote
        wasHandedOver = true
        acknowledged = false
        remote.onAcknowledged = { [self, weak remote] in
            guard let remote, remote === endpoint, !acknowledged else { return }
            acknowledged = true
            answerTimer?.cancel()
            answered()
        }
        remote.onVanished = { [self, weak remote] in
            guard let remote, remote === endpoint else { return }
            vanished()
        }
        answerTimer = clock.schedule(after: Self.answerTimeout) { [self, weak remote] in
            guard let remote, remote === endpoint, !acknowledged else { return }
            host.warn("warning: \(who) did not answer within \(Int(Self.answerTimeout)) s; showing a HUD of our own")
            // The name is still the silent process's: claiming it again would give it back. The resident holds no
            // name of ours, so a named HUD claims it.
            if self.mode == .served { takeOver() } else { showOwnOrFail() }
        }
    }

    /// The HUD elsewhere went away (its process was killed, or it ended as the request came): the name is claimed
    /// again and a HUD of our own shown, unless everything was forwarded already (a HUD with nothing left to show
    /// would wait for ever).
    private func vanished() {
        if inputEnded, host.endAfterForwardedInput() {
            leaveEndpoint()
            return
        }
        takeOver()
    }

    /// A HUD of our own in place of the one elsewhere: by name, claimed again (it may be another process's by now).
    private func takeOver() {
        if plan.name != nil { restart() } else { showOwnOrFail() }
    }

    private func showOwn() throws(DeliveryFailure) {
        let start: OwnStart = wasServed ? .afterServing(forwarded) : wasHandedOver ? .afterForwarding : .flags
        leaveEndpoint()
        mode = .own
        try host.showOwn(start)
    }

    /// Answers from the HUD elsewhere are stale from now on, and its timers will not fire.
    private func leaveEndpoint() {
        endpoint = nil
        answerTimer?.cancel()
        answerTimer = nil
        servedTimer?.cancel()
        servedTimer = nil
    }

    /// `start()` from an event, when there is no caller to hand a failure to.
    private func restart() {
        do throws(DeliveryFailure) { try start() } catch { host.fail(error) }
    }

    private func showOwnOrFail() {
        do throws(DeliveryFailure) { try showOwn() } catch { host.fail(error) }
    }
}
