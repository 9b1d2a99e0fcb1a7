import HUDBase
/// When a HUD appears and disappears: MBProgressHUD's grace time, minimum show time and delayed hide, as pure
/// logic. Times are passed in (seconds on any monotonic clock), so it never sleeps and never reads a clock.
///
/// It drives the show and hide transitions of a `HUDScene`, whose `Appearance` plays them. A host calls
/// `show`, `hide` and `hide(at:afterDelay:)` as its program asks, `advance(to:scene:)` whenever `nextDeadline(scene:)`
/// has passed, and stops once `isDone(at:scene:)` is true.
///
/// Unlike MBProgressHUD (issue #605), the moment the grace time ends does not cancel a pending delayed hide: only an
/// explicit `show` does.
public struct HUDLifecycle: Hashable, Sendable {
    /// Show only if still wanted after this long, so that quick work never flashes a HUD. Kept in
    /// `InputLimits.durationRange`, like every duration.
    public var graceTime: Double {
        didSet { graceTime = InputLimits.clampedDuration(graceTime) }
    }
    /// Once shown, stay at least this long, so that the HUD never just blinks.
    public var minShowTime: Double {
        didSet { minShowTime = InputLimits.clampedDuration(minShowTime) }
    }

    /// Where the HUD is in its life.
    public enum Phase: Hashable, Sendable {
        /// Not asked to show yet, or done with a hide.
        case idle
        /// Asked to show; appears at the end of the grace time unless hidden before.
        case waiting
        /// On screen, or appearing.
        case shown
        /// Disappearing (the hide transition is playing or has finished).
        case hiding
    }

    public private(set) var phase = Phase.idle
    /// When the grace time ends.
    public private(set) var graceDeadline: Double?
    /// When a `hide(at:afterDelay:)` falls due.
    public private(set) var delayedHideDeadline: Double?
    /// When a hide held back by the minimum show time falls due.
    public private(set) var minShowDeadline: Double?
    /// When the HUD last became visible: the minimum show time counts from here.
    public private(set) var shownSince: Double?
    private var showAnimated = true
    /// How much earlier than its show a transition from nothing starts (`HUDScene.show`'s `leadIn`): a live HUD's
    /// refresh interval.
    public var showLeadIn = 0.0
    private var hideAnimated = true

    public init(graceTime: Double = 0, minShowTime: Double = 0) {
        self.graceTime = InputLimits.clampedDuration(graceTime)
        self.minShowTime = InputLimits.clampedDuration(minShowTime)
    }

    /// Asks for the HUD at `time`. It appears now, or after the grace time when nothing is on screen yet.
    ///
    /// This cancels a pending delayed hide and a hide held back by the minimum show time, as MBProgressHUD's
    /// `showAnimated:` does. A show while hiding reverses the hide from what is presented now.
    public mutating func show(at time: Double, animated: Bool = true, scene: inout HUDScene) {
        delayedHideDeadline = nil
        minShowDeadline = nil
        showAnimated = animated
        hasEverBeenAsked = true
        switch phase {
        case .shown, .waiting:
            return
        case .hiding where !scene.appearance.isFullyHidden(at: time):
            // Part of the bezel is still on screen: making it wait for a grace time would be a visible jump.
            present(at: time, scene: &scene)
        case .idle, .hiding:
            if graceTime > 0 {
                phase = .waiting
                graceDeadline = time + graceTime
            } else {
                present(at: time, scene: &scene)
            }
        }
    }

    /// Asks for the HUD to go at `time`: at once, or when the minimum show time is up. A hide during the grace time
    /// means the HUD never appears and is done at once.
    public mutating func hide(at time: Double, animated: Bool = true, scene: inout HUDScene) {
        hideAnimated = animated
        delayedHideDeadline = nil
        switch phase {
        case .idle, .hiding:
            return
        case .waiting:
            graceDeadline = nil
            phase = .idle
        case .shown:
            if let since = shownSince, minShowTime > 0, time < since + minShowTime {
                minShowDeadline = since + minShowTime
            } else {
                dismiss(at: time, scene: &scene)
            }
        }
    }

    /// Asks for the HUD to go `delay` seconds after `time`, replacing an earlier delayed hide. The delay is kept in
    /// `InputLimits.durationRange`.
    public mutating func hide(at time: Double, animated: Bool = true, afterDelay delay: Double, scene: inout HUDScene) {
        let delay = InputLimits.clampedDuration(delay)
        guard delay > 0 else { return hide(at: time, animated: animated, scene: &scene) }
        hideAnimated = animated
        delayedHideDeadline = time + delay
    }

    /// Fires every deadline up to `time`, each at its own moment, so a late call plays out as if it had come on time.
    public mutating func advance(to time: Double, scene: inout HUDScene) {
        while let next = pendingDeadline, next <= time {
            if next == graceDeadline {
                graceDeadline = nil
                present(at: next, scene: &scene)
            } else if next == minShowDeadline {
                minShowDeadline = nil
                dismiss(at: next, scene: &scene)
            } else {
                delayedHideDeadline = nil
                hide(at: next, animated: hideAnimated, scene: &scene)
            }
        }
    }

    /// The next moment at which `advance(to:scene:)` has something to do (including the end of the hide transition,
    /// when the HUD becomes done), or nil when nothing will happen without a call.
    public func nextDeadline(scene: HUDScene) -> Double? {
        guard phase == .hiding else { return pendingDeadline }
        return min(pendingDeadline ?? .infinity, scene.appearance.endTime)
    }

    /// Whether the HUD has gone (or never appeared) after a hide, with nothing left to play: the time to tear down the
    /// window and call the completion handler.
    public func isDone(at time: Double, scene: HUDScene) -> Bool {
        switch phase {
        case .idle: return hasEverBeenAsked
        case .hiding: return scene.appearance.isFullyHidden(at: time)
        case .waiting, .shown: return false
        }
    }

    /// Whether something may be on screen: the window must be mapped.
    public func isVisible(at time: Double, scene: HUDScene) -> Bool {
        switch phase {
        case .idle, .waiting: return false
        case .shown: return true
        case .hiding: return !scene.appearance.isFullyHidden(at: time)
        }
    }

    private var hasEverBeenAsked = false

    private var pendingDeadline: Double? {
        [graceDeadline, delayedHideDeadline, minShowDeadline].compactMap { $0 }.min()
    }

    private mutating func present(at time: Double, scene: inout HUDScene) {
        graceDeadline = nil
        phase = .shown
        shownSince = time
        scene.show(at: time, animated: showAnimated, leadIn: showLeadIn)
    }

    private mutating func dismiss(at time: Double, scene: inout HUDScene) {
        minShowDeadline = nil
        phase = .hiding
        scene.hide(at: time, animated: hideAnimated)
    }
}
