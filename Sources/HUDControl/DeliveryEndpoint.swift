public import ProgressFeed

/// Another process's HUD, as a `Delivery` hands one invocation's HUD to it: a HUD of the same name shown elsewhere
/// (`x11hud --id NAME` while NAME is up), or the resident x11hud (`x11hud serve`) asked to show it. X11Platform's
/// `RemoteHUD` is the program's; a test gives a double of its own and plays the answers.
@MainActor public protocol DeliveryEndpoint: AnyObject {
    /// Its name, when it is reached by name.
    var id: String? { get }
    /// Its process has read a request.
    var onAcknowledged: (@MainActor () -> Void)? { get set }
    /// The HUD has ended with this status (only after a request that subscribed).
    var onEnd: (@MainActor (Int32) -> Void)? { get set }
    /// Its process went away without saying how the HUD ended, or the HUD ended before the request arrived.
    var onVanished: (@MainActor () -> Void)? { get set }
    /// Hands `input` to the HUD; `subscribe`: `onEnd` will say how it ends; `autoDetails`: it writes its details
    /// from the figures it is given.
    func send(_ input: FeedInbox, subscribe: Bool, autoDetails: Bool)
    /// Asks the resident to show a new HUD described by `lines`, and to say how it ends.
    func open(_ lines: [String])
    /// Hides the HUD, as its own process would.
    func hide(subscribe: Bool)
    /// Keeps this endpoint until the other side has answered a request sent without waiting for it (where the
    /// request travels on a connection of its own).
    func keepUntilAnswered()
}

extension DeliveryEndpoint {
    /// Nothing to keep: the request is written before `send` returns (X11's property and client message).
    public func keepUntilAnswered() {}
}
