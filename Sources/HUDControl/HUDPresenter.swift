public import HUDScene
public import ProgressFeed

/// A HUD on some display (an X window, a Wayland layer surface): its controller holds everything but the pixels,
/// so the settings and the life of every kind of HUD are written once, here, and a program that can show on either
/// platform works with `any HUDPresenter`. Everything happens on the main thread; every setting may change while
/// the HUD is up.
@MainActor public protocol HUDPresenter: AnyObject {
    /// The HUD without a display: its scene, its life, its input and policy, its name.
    var controller: HUDController { get }
    /// Whether any of the HUD is on screen.
    var isVisible: Bool { get }
    /// Whether the dim layer (`style.backgroundColor`) can be shown.
    var canDim: Bool { get }
    /// Shows the HUD (after the grace time, if one is set and nothing is on screen yet). Cancels a pending delayed
    /// hide; during a hide, reverses it from where it is.
    func show(animated: Bool)
    /// Starts `source` (a `FileDescriptorFeed`, a `CommandFeed`, a `ProcessWatch`…) and pulls it once per frame
    /// while frames run, and, when it asks, with the next frame.
    func attach(_ source: any HUDInputSource, policy: FeedPolicy)
    /// Input is waiting in a source read elsewhere: look at it with the next frame.
    func inputArrived()
    /// Whether the window the HUD was shown over has closed (X11's `--over-window`); a HUD on a screen never is.
    var targetClosed: Bool { get }
}

extension HUDPresenter {
    public func show(animated: Bool = true) { controller.show(animated: animated) }

    // MARK: Content

    public var content: HUDContent { get { controller.content } set { controller.content = newValue } }
    public var mode: HUDMode { get { content.mode } set { content.mode = newValue } }
    public var label: String { get { content.label } set { content.label = newValue } }
    public var details: String { get { content.details } set { content.details = newValue } }
    /// 0...1, clamped. The indicator eases to a new value from what it shows, as MBProgressHUD's display link does.
    public var progress: Double { get { controller.progress } set { controller.progress = newValue } }
    public var buttonTitle: String { get { content.buttonTitle } set { content.buttonTitle = newValue } }
    public var style: HUDStyle { get { controller.style } set { controller.style = newValue } }
    /// Its name on the display, when it has one (`x11hud --id`).
    public var id: String? { controller.id }
    /// What a screen reader says for the HUD when the label does not say it (an icon's meaning); nil, the default:
    /// the label, as SVProgressHUD's accessibility label is its status.
    public var accessibilityLabel: String? {
        get { content.accessibilityLabel }
        set { content.accessibilityLabel = newValue }
    }

    /// Asks a screen reader, if one listens, to speak `text` now (UIAccessibility's announcement): for what the HUD
    /// does not show. A new label is spoken without it.
    public func announce(_ text: String) { controller.announce(text) }

    // MARK: Life

    /// Seconds a `show` waits before the HUD appears; a hide before then means it never appears. Set before `show`.
    public var graceTime: Double { get { controller.graceTime } set { controller.graceTime = newValue } }
    /// Once shown, the HUD stays at least this many seconds.
    public var minShowTime: Double { get { controller.minShowTime } set { controller.minShowTime = newValue } }
    /// When set, the HUD hides this many seconds after each `show()`: a held key keeps it up, and it goes once the
    /// key is let go.
    public var autoHideDelay: Double? { get { controller.autoHideDelay } set { controller.autoHideDelay = newValue } }
    /// Runs once after a hide has finished (or right away when a hide came during the grace time).
    public var completion: (@MainActor () -> Void)? {
        get { controller.completion }
        set { controller.completion = newValue }
    }
    /// Whether the HUD was ended by `cancel()` (its button, or a click with `bezelAction`) rather than hidden.
    public var wasCancelled: Bool { controller.wasCancelled }
    public var targetClosed: Bool { false }

    /// Hides the HUD `delay` seconds from now (at once when 0), but not before it has been up `minShowTime`.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) {
        controller.hide(animated: animated, afterDelay: delay)
    }

    /// Hides the HUD (after `delay`, never before its minimum show time) and returns once the hide has finished.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) async {
        await controller.hide(animated: animated, afterDelay: delay)
    }

    /// Shows the success icon with `label`, then hides after `delay` seconds, as ProgressHUD's `succeed` does;
    /// returns once it has gone.
    public func succeed(_ label: String, details: String = "", delay: Double = 1.5) async {
        await controller.conclude(.success, label, details: details, delay: delay)
    }

    /// Shows the error icon with `label`, then hides after `delay` seconds (ProgressHUD's `failed`); returns once it
    /// has gone.
    public func fail(_ label: String, details: String = "", delay: Double = 1.5) async {
        await controller.conclude(.error, label, details: details, delay: delay)
    }

    /// Hides the HUD as its Cancel button does: `wasCancelled` is then true (the command line exits 1).
    public func cancel() { controller.cancel() }

    /// Returns once the HUD is not up any more (its hide has finished), at once if it is not.
    public func finished() async { await controller.finishedHiding() }

    // MARK: Clicks and input

    /// Runs when the button (shown when `content.buttonTitle` is not empty) is clicked. Without one, a click
    /// cancels the HUD (`cancel()`).
    public var buttonAction: (@MainActor () -> Void)? {
        get { controller.buttonAction }
        set { controller.buttonAction = newValue }
    }
    /// Runs with the index (in `content.actions`) of the action button clicked: a bubble's buttons
    /// (`HUDStyle.bubble`). The HUD stays up; the action decides.
    public var actionClicked: (@MainActor (Int) -> Void)? {
        get { controller.actionClicked }
        set { controller.actionClicked = newValue }
    }
    /// Runs with true when the pointer comes onto the part of the HUD that takes clicks (the bezel while
    /// `bezelAction` is set, else the buttons), with false when it leaves it (or the HUD goes from under it).
    public var hoverChanged: (@MainActor (Bool) -> Void)? {
        get { controller.hoverChanged }
        set { controller.hoverChanged = newValue }
    }
    /// Runs when the bezel is clicked outside the button. While it is set the whole bezel takes clicks; while it is
    /// nil clicks go through the bezel to what is below.
    public var bezelAction: (@MainActor () -> Void)? {
        get { controller.bezelAction }
        set { controller.bezelAction = newValue }
    }
    /// Runs with the pointer button (2 middle, 3 right) of a click on the bezel while `bezelAction` is set (a left
    /// click is `bezelAction`'s): a notification's middle and right clicks.
    public var bezelOtherClicked: (@MainActor (Int) -> Void)? {
        get { controller.bezelOtherClicked }
        set { controller.bezelOtherClicked = newValue }
    }
    /// While the HUD is (being) shown, pointer clicks anywhere on its monitor or output are taken by it instead of
    /// reaching what is below (ProgressHUD's `interaction: false`). The keyboard is never grabbed.
    public var blocksInput: Bool { get { controller.blocksInput } set { controller.blocksInput = newValue } }

    /// Hands the HUD `update` as if it had come with its input (another process's, kept): applied with the next frame.
    public func post(_ update: FeedInbox) { controller.post(update) }

    /// How input changes the HUD: what `attach` sets, for a HUD whose input is all posted (another process's).
    public var policy: FeedPolicy { get { controller.policy } set { controller.policy = newValue } }
}
