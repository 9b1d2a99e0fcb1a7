public import HUDLoop
public import HUDScene
public import ProgressFeed

/// What a HUD is and does, without a display: its scene, its life (grace time, minimum show time, delayed hides),
/// its input and the policy that applies it, its name, and those who wait for it. A presenter (X11Platform's
/// `HUD`) draws what `scene` says and calls `update(at:)` once per frame; a test drives it with a `ManualLoop`.
///
/// Every input reaches the HUD through one door: a source attached with `attach` (standard input, a command's
/// output, a watcher) or updates `post`ed to it (another process's request, a notification). Both are merged
/// and applied once per frame by `FeedPolicy.apply`.
@MainActor public final class HUDController {
    /// What the presenter draws. It sets the area and scale; the rest is the controller's.
    public var scene: HUDScene
    public let clock: any LoopClock
    private var lifecycle = HUDLifecycle()
    /// Called when something changed that the next frame must show.
    public var onChange: @MainActor () -> Void = {}
    /// Called when input was posted: pulled with the next frame, at most one a refresh.
    public var onInput: @MainActor () -> Void = {}
    /// Called when the HUD is asked to show, before anything else: the presenter takes it among the HUDs it draws.
    public var onShow: @MainActor () -> Void = {}
    /// Seconds between frames on the presenter's display: an eased progress starts a frame back.
    public var frameInterval = 1.0 / 60

    /// Its name on the display, when it has one (`x11hud --id`).
    public var id: String?
    /// Input pulled once per frame.
    public private(set) var source: (any HUDInputSource)?
    private var input: HUDInputState
    /// Updates posted since the last frame, and whether one of them asked to show the HUD.
    private var posted = FeedInbox()
    private var postedShow = false

    /// Runs once after a hide has finished (or right away when a hide came during the grace time).
    public var completion: (@MainActor () -> Void)?
    /// Runs when the button is clicked. Without one, a click cancels the HUD (`cancel()`).
    public var buttonAction: (@MainActor () -> Void)?
    /// Runs with the index (in `content.actions`) of the action button clicked. The HUD stays up; the action decides.
    public var actionClicked: (@MainActor (Int) -> Void)?
    /// Runs with true when the pointer comes onto the part of the HUD that takes clicks, false when it leaves.
    public var hoverChanged: (@MainActor (Bool) -> Void)?
    /// Runs with the pointer button (2 middle, 3 right) of a click on the bezel while `bezelAction` is set.
    public var bezelOtherClicked: (@MainActor (Int) -> Void)?
    /// Called with the style each time it is set: what the presenter does with it beside drawing (a window's
    /// gravity).
    public var onStyle: @MainActor (HUDStyle) -> Void = { _ in }
    /// Runs when the bezel is clicked outside the button; while set, the whole bezel takes clicks.
    public var bezelAction: (@MainActor () -> Void)? {
        didSet { onChange() }
    }
    /// While (being) shown, pointer clicks on its monitor are taken instead of reaching the windows below.
    public var blocksInput = false {
        didSet { onChange() }
    }
    /// When set, the HUD hides this many seconds after each `show()`: a key held down keeps it up.
    public var autoHideDelay: Double?
    /// Whether the HUD was ended by `cancel()` rather than hidden.
    public private(set) var wasCancelled = false
    /// Set once the end of a hide has been reported (`finish()`); false from a `show` on.
    public private(set) var finished = true
    private var finishWaiters: [CheckedContinuation<Void, Never>] = []

    /// What follows this HUD beside its presenter (the accessibility bridge).
    public weak var watcher: (any HUDWatcher)?
    /// The watcher every HUD made from now on gets; set once, by the accessibility bridge when it starts.
    public static var watcherOfNew: (any HUDWatcher)?

    public init(clock: any LoopClock, scene: HUDScene) {
        self.clock = clock
        self.scene = scene
        input = HUDInputState(content: scene.content, spinner: scene.style.spinner, policy: FeedPolicy())
        watcher = Self.watcherOfNew
    }

    /// Asks that `text` be spoken by a screen reader, if one listens, as UIAccessibility's announcement does: for
    /// what the HUD's label does not say.
    public func announce(_ text: String) {
        watcher?.announced(self, text)
    }

    // MARK: Content and style

    public var content: HUDContent {
        get { scene.content }
        set { scene.setContent(newValue, at: clock.now); onChange() }
    }
    /// 0...1, clamped. The indicator eases to a new value from what it shows, as MBProgressHUD's display link does.
    public var progress: Double {
        get { scene.content.progress }
        set {
            // From rest, the easing starts a frame back (or more, until it moves visibly), so the frame drawn now
            // already shows the change.
            scene.setProgress(newValue, at: clock.now, leadIn: frameInterval)
            onChange()
        }
    }
    public var style: HUDStyle {
        get { scene.style }
        set {
            scene.setStyle(newValue, at: clock.now)
            onStyle(newValue)
            onChange()
        }
    }
    /// Seconds a `show` waits before the HUD appears; a hide before then means it never appears.
    public var graceTime: Double {
        get { lifecycle.graceTime }
        set { lifecycle.graceTime = max(0, newValue) }
    }
    /// Once shown, the HUD stays at least this many seconds.
    public var minShowTime: Double {
        get { lifecycle.minShowTime }
        set { lifecycle.minShowTime = max(0, newValue) }
    }
    /// Whether the HUD is showing or will (not hidden, not hiding).
    public var isUp: Bool { lifecycle.phase == .shown || lifecycle.phase == .waiting }
    /// Waiting out its grace time.
    public var isWaiting: Bool { lifecycle.phase == .waiting }

    // MARK: Showing and hiding

    /// Shows the HUD (after the grace time, if one is set and nothing is on screen yet); cancels a pending delayed
    /// hide; during a hide, reverses it from where it is.
    public func show(animated: Bool = true) {
        show(animated: animated, at: clock.now)
        onChange()
    }

    /// A show inside a frame, which draws it: no other frame is asked for.
    private func show(animated: Bool, at now: Double) {
        onShow()
        finished = false
        wasCancelled = false
        // Its first frame a refresh into the transition, as the compositor shows it (a grace time's end too).
        lifecycle.showLeadIn = frameInterval
        lifecycle.show(at: now, animated: animated, scene: &scene)
        if let autoHideDelay {
            lifecycle.hide(at: now, animated: animated, afterDelay: max(0, autoHideDelay), scene: &scene)
        }
    }

    /// Hides the HUD `delay` seconds from now (at once when 0), but not before it has been up `minShowTime`.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) {
        scheduleHide(animated: animated, afterDelay: delay)
    }

    private func scheduleHide(animated: Bool, afterDelay delay: Double) {
        lifecycle.hide(at: clock.now, animated: animated, afterDelay: max(0, delay), scene: &scene)
        onChange()
    }

    /// Hides the HUD as its Cancel button does: `wasCancelled` is then true.
    public func cancel() {
        wasCancelled = true
        scheduleHide(animated: true, afterDelay: 0)
    }

    /// The button was clicked.
    public func buttonClicked() {
        if let buttonAction { buttonAction() } else { cancel() }
    }

    /// Hides the HUD (after `delay`, never before its minimum show time) and returns once the hide has finished.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) async {
        scheduleHide(animated: animated, afterDelay: delay)
        await finishedHiding()
    }

    /// Shows `icon` with `label` (showing the HUD if it is not up), then hides after `delay` seconds, as
    /// ProgressHUD's `succeed` and `failed` do; returns once it has gone.
    public func conclude(_ icon: Icon, _ label: String, details: String = "", delay: Double = 1.5) async {
        content = HUDContent(mode: .custom, progress: content.progress, label: label, details: details,
                             custom: .icon(icon))
        if !isUp { show() }
        await hide(afterDelay: delay)
    }

    // MARK: Input

    /// How input changes the HUD, whether it is pulled from a source or posted. Turning `autoDetails` on starts the
    /// figures here too: a HUD fed only by posts (the resident's, for its clients) attaches no source.
    public var policy: FeedPolicy {
        get { input.policy }
        set {
            input.policy = newValue
            if !newValue.autoDetails {
                input.transfer = nil
            } else if input.transfer == nil {
                input.transfer = TransferDetails(base: content.details)
            }
        }
    }

    /// Pulls `source` once per frame from now on, applying it with `policy`.
    public func attach(_ source: any HUDInputSource, policy: FeedPolicy = FeedPolicy()) {
        self.source = source
        input.policy = policy
        input.transfer = policy.autoDetails ? TransferDetails(base: content.details) : nil
        onChange()
    }

    /// `--details auto` from now on, asked for by another process (`x11hud --id NAME --details auto`) after the HUD
    /// was started without it: the details then say how much is done, how fast and how long is left, under the
    /// details shown now.
    public func writeTransferDetails() {
        guard input.transfer == nil else { return }
        input.policy.autoDetails = true
        input.transfer = TransferDetails(base: content.details)
    }

    /// Hands the HUD an update from elsewhere (another process, a notification), applied with the next frame
    /// together with what the attached source has; with `show`, the HUD shows (again) first.
    public func post(_ update: FeedInbox, show: Bool = false) {
        if show {
            // A show after a hide in the same frame: the later request wins.
            posted.hideAfter = nil
            postedShow = true
        }
        posted.take(update)
        onInput()
    }

    /// Hands the HUD `change` through the same door: its look, picture, buttons and handlers at once (one change of
    /// the scene), its input with the next frame as `post(_:show:)` does.
    public func post(_ change: HUDChange) {
        if change.style != nil || change.picture != nil || change.actions != nil || change.stackCount != nil {
            var content = scene.content
            if let picture = change.picture { content.custom = picture }
            if let actions = change.actions { content.actions = actions }
            if let stackCount = change.stackCount { content.stackCount = stackCount }
            if let style = change.style { self.style = style }
            if content != scene.content { self.content = content }
        }
        if let handlers = change.handlers {
            buttonAction = handlers.button
            actionClicked = handlers.action
            bezelAction = handlers.bezel
            bezelOtherClicked = handlers.otherClick
            hoverChanged = handlers.hover
        }
        if let completion = change.completion { self.completion = completion }
        if let update = change.input {
            var inbox = FeedInbox()
            inbox.update = update
            post(inbox)
        }
    }

    /// Applies the input that arrived since the last frame.
    private func takeInput(at now: Double) {
        var batch = source?.take() ?? FeedInbox()
        if postedShow || !posted.isEmpty {
            batch.take(posted)
            if postedShow { show(animated: true, at: now) }
            posted = FeedInbox()
            postedShow = false
        }
        guard !batch.isEmpty else { return }
        input.content = scene.content
        input.spinner = scene.style.spinner
        input = FeedPolicy.apply(batch, to: input, at: now)
        // A progress stream changes the progress alone: the scene's content is set only when more has changed.
        var content = input.content
        content.progress = scene.content.progress
        if content != scene.content { scene.setContent(content, at: now) }
        if input.spinner != scene.style.spinner {
            var style = scene.style
            style.spinner = input.spinner
            scene.setStyle(style, at: now)
        }
        if batch.progress != nil { scene.setProgress(input.content.progress, at: now, leadIn: frameInterval) }
        if let delay = input.hideAfter {
            lifecycle.hide(at: now, animated: true, afterDelay: delay, scene: &scene)
        }
    }

    /// Whether input is waiting that no frame will pull: while `ticking`, frames pull it by themselves.
    public func inputNeedsALook(ticking: Bool) -> Bool { source?.framesLook(ticking) == true }

    // MARK: Frames

    /// Applies the input and plays the deadlines due at `now`. Returns whether the HUD is visible.
    public func update(at now: Double) -> Bool {
        takeInput(at: now)
        ageDetails(at: now)
        lifecycle.advance(to: now, scene: &scene)
        let visible = lifecycle.isVisible(at: now, scene: scene)
        watcher?.updated(self, visible: visible)
        return visible
    }

    /// When the HUD next changes by itself (grace time, delayed hide, `--details auto` turning `stalled`), if ever.
    public var nextDeadline: Double? {
        let life = lifecycle.nextDeadline(scene: scene)
        guard let stall = input.transfer?.stallsAt else { return life }
        return min(life ?? stall, stall)
    }

    /// `--details auto` says `stalled` once nothing has moved for a while: a producer gone silent (stopped, on a
    /// hung link) sends no input that would say so, so the clock does, at the deadline the presenter wakes for.
    private func ageDetails(at now: Double) {
        guard let due = input.transfer?.stallsAt, due <= now, let text = input.transfer?.text(at: now),
              text != scene.content.details else { return }
        var content = scene.content
        content.details = text
        scene.setContent(content, at: now)
    }

    /// The hide has finished (or a hide came during the grace time), and no one was told yet.
    public var isDone: Bool { !finished && lifecycle.isDone(at: clock.now, scene: scene) }

    /// Tells everyone who waits for the HUD that it has gone. The presenter calls it after taking its window down.
    public func finish() {
        finished = true
        watcher?.finished(self)
        let waiters = finishWaiters
        finishWaiters = []
        for w in waiters { w.resume() }
        completion?()
    }

    /// Returns once the HUD is not up any more (its hide has finished), at once if it is not.
    public func finishedHiding() async {
        guard !finished else { return }
        await withCheckedContinuation { finishWaiters.append($0) }
    }
}
