import HUDScene
package import X11Display
package import HUDLoop

/// A HUD's entry in the display's list of HUDs (`x11hud list`, `hide --all`, stacking): what was last published,
/// so that only changes are, and its place in the list, which is the order of a stack.
@MainActor package struct RegistryListing {
    package private(set) var isListed = false
    /// Listed (not up) while waiting out its grace time; its place in a stack is taken when it comes up.
    private var listedWhileWaiting = false
    package private(set) var published: HUDRegistry.State?
    /// When the figures alone last rewrote the description and last changed (written or not), and the timer that
    /// writes the ones held back.
    private var figuresWritten = -Double.infinity
    private var figuresChanged = -Double.infinity
    package var heldFigures: LoopTimer?

    /// A fast progress stream rewrites the description at most this often: each rewrite costs the X server a
    /// property change and the HUD an encoding, which at 100 updates a second was 30 % of both processes' CPU; a
    /// reader (`list --json`, a status bar) polls far less often.
    package static let figuresInterval = 0.25
    /// A change this long after the one before is written at once: a stream this slow (10 updates a second) costs
    /// little per rewrite, and holding its changes back would add a timer's wake-up to every few of them.
    package static let figuresQuiet = 0.05

    /// When `state` may be published, if not now: a change of its figures alone (progress, details) that follows
    /// another within `figuresQuiet` and the last write within `figuresInterval` waits for the interval's end.
    package mutating func figuresDeadline(for state: HUDRegistry.State?, now: Double) -> Double? {
        guard let state, state != published, state.differsOnlyInFigures(from: published) else { return nil }
        let deadline = Self.figuresDeadline(lastWritten: figuresWritten, lastChanged: figuresChanged, now: now)
        figuresChanged = now
        if deadline == nil { figuresWritten = now }
        return deadline
    }

    package static func figuresDeadline(lastWritten: Double, lastChanged: Double, now: Double) -> Double? {
        let deadline = lastWritten + figuresInterval
        return now >= deadline || now - lastChanged >= figuresQuiet ? nil : deadline
    }

    /// Publishes `state` for other processes when it changed. Returns whether it did with the HUD up: then its
    /// stack must be worked out again.
    package mutating func publish(_ state: HUDRegistry.State?, waiting: Bool, window: UInt,
                                  connection: XConnection) -> Bool {
        guard state != published else { return false }
        let figuresOnly = state?.differsOnlyInFigures(from: published) == true
        published = state
        if state?.up == true {
            takePlace(window: window, connection: connection)
        } else if state != nil, !isListed {
            HUDRegistry.add(window: window, connection: connection)
            isListed = true
            listedWhileWaiting = state?.up == false && waiting
        }
        // A progress stream rewrites the description only: no stack moves, so the other processes are not woken.
        HUDRegistry.publish(state, window: window, connection: connection, touch: !figuresOnly)
        return state?.up == true && !figuresOnly
    }

    /// Takes its place in the list as it comes up: at the end, also when it was listed while waiting out its grace
    /// time, so that it stacks after the HUDs that came up before it.
    package mutating func takePlace(window: UInt, connection: XConnection) {
        if isListed, listedWhileWaiting {
            HUDRegistry.remove(window: window, connection: connection)
            isListed = false
        }
        listedWhileWaiting = false
        guard !isListed else { return }
        HUDRegistry.add(window: window, connection: connection)
        isListed = true
    }

    /// Leaves the list for good (the hide has finished).
    package mutating func remove(window: UInt, connection: XConnection) {
        guard isListed else { return }
        heldFigures?.cancel()
        self = RegistryListing()
        HUDRegistry.publish(nil, window: window, connection: connection)
        HUDRegistry.remove(window: window, connection: connection)
    }

    package init(published: HUDRegistry.State? = nil, heldFigures: LoopTimer? = nil) {
        self.published = published
        self.heldFigures = heldFigures
    }
}
