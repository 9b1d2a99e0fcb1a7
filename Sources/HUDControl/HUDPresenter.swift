public import HUDScene
public import ProgressFeed

/// A HUD on some display (an X window, a Wayland layer surface): its controller holds everything but the pixels,
/// so the settings and the life of every kind of HUD are the same few lines, here. A program that can show on
/// either platform works with `any HUDPresenter`.
@MainActor public protocol HUDPresenter: AnyObject {
    /// The HUD without a display: its scene, its life, its input and policy, its name.
    var controller: HUDController { get }
    /// Whether any of the HUD is on screen.
    var isVisible: Bool { get }
    /// Whether the dim layer (`style.backgroundColor`) can be shown.
    var canDim: Bool { get }
    /// Starts `source` and pulls it once per frame while frames run, and, when it asks, with the next frame.
    func attach(_ source: any HUDInputSource, policy: FeedPolicy)
    /// Input is waiting in a source read elsewhere: look at it with the next frame.
    func inputArrived()
}

extension HUDPresenter {
    public var content: HUDContent { get { controller.content } set { controller.content = newValue } }
    public var style: HUDStyle { get { controller.style } set { controller.style = newValue } }
    /// 0...1, clamped; the indicator eases to a new value from what it shows.
    public var progress: Double { get { controller.progress } set { controller.progress = newValue } }
    public var graceTime: Double { get { controller.graceTime } set { controller.graceTime = newValue } }
    public var minShowTime: Double { get { controller.minShowTime } set { controller.minShowTime = newValue } }
    public var autoHideDelay: Double? { get { controller.autoHideDelay } set { controller.autoHideDelay = newValue } }
    public var blocksInput: Bool { get { controller.blocksInput } set { controller.blocksInput = newValue } }
    public var completion: (@MainActor () -> Void)? {
        get { controller.completion }
        set { controller.completion = newValue }
    }
    public var buttonAction: (@MainActor () -> Void)? {
        get { controller.buttonAction }
        set { controller.buttonAction = newValue }
    }
    public var bezelAction: (@MainActor () -> Void)? {
        get { controller.bezelAction }
        set { controller.bezelAction = newValue }
    }
    public var wasCancelled: Bool { controller.wasCancelled }

    public func show(animated: Bool = true) { controller.show(animated: animated) }
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) {
        controller.hide(animated: animated, afterDelay: delay)
    }
    public func cancel() { controller.cancel() }
    public func post(_ update: FeedInbox) { controller.post(update) }
    /// Returns once the HUD is not up any more (its hide has finished), at once if it is not.
    public func finished() async { await controller.finishedHiding() }
}
