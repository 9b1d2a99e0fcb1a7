public import HUDScene
public import ProgressFeed

/// How input changes a HUD, the same for a line on standard input, a command's output, a watcher, an update from
/// another process and a notification: all of them reach the HUD as a `FeedInbox` and go through `apply`.
public struct FeedPolicy: Hashable, Sendable {
    /// A mode the program chose (`--mode`, `--pulsate`) is never changed by a progress value.
    public var modeIsExplicit = false
    /// Hide when the progress reaches 100 % (zenity's `--auto-close`).
    public var autoClose = false
    /// The end of the input hides the HUD.
    public var hidesAtEnd = true
    /// `--details auto`: the details say how much is done, how fast, and how long is left (`TransferDetails`),
    /// under the details text the input or the flags give.
    public var autoDetails = false

    public init(modeIsExplicit: Bool = false, autoClose: Bool = false, hidesAtEnd: Bool = true,
                autoDetails: Bool = false) {
        self.modeIsExplicit = modeIsExplicit
        self.autoClose = autoClose
        self.hidesAtEnd = hidesAtEnd
        self.autoDetails = autoDetails
    }
}

/// What input can change of a HUD, and what the policy learns on the way.
public struct HUDInputState: Sendable {
    /// The content; its `progress` is the value the indicator eases to.
    public var content: HUDContent
    public var spinner: SpinnerStyle
    public var policy: FeedPolicy
    /// The figures `--details auto` keeps (nil without it).
    public var transfer: TransferDetails?
    /// Hide this many seconds from now (0: at once); nil: no hide asked.
    public var hideAfter: Double?

    public init(content: HUDContent, spinner: SpinnerStyle, policy: FeedPolicy, transfer: TransferDetails? = nil) {
        self.content = content
        self.spinner = spinner
        self.policy = policy
        self.transfer = transfer
    }
}

extension FeedPolicy {
    /// The state after `input` at `time`: a pure function, so every rule below is tested without a display.
    public static func apply(_ input: FeedInbox, to state: HUDInputState, at time: Double) -> HUDInputState {
        var s = state
        s.hideAfter = nil
        guard !input.isEmpty else { return s }
        if let mode = input.mode {
            s.content.mode = mode
            s.policy.modeIsExplicit = true
        }
        if let icon = input.icon {
            // A status icon at the end of a job ({"icon":"success","label":"Done"}) shows whatever the mode was.
            s.content.custom = .icon(icon)
            if input.mode == nil { s.content.mode = .custom }
        }
        if let icon = input.icon {
            // An icon that ends the HUD ends its job; a new icon, value or spinner without a hide starts one again.
            s.content.outcome = input.hideAfter != nil || input.ended ? JobOutcome(endingWith: icon) : nil
        } else if input.progress != nil || input.spinner != nil || input.mode != nil {
            s.content.outcome = nil
        }
        if let spinner = input.spinner {
            // {"spinner":"pacman-progress"} shows that spinner, as {"icon":…} shows the icon.
            s.spinner = spinner
            if input.mode == nil, input.icon == nil { s.content.mode = .indeterminate }
        }
        if let label = input.label { s.content.label = label }
        if s.transfer != nil {
            if let text = s.transfer?.take(input.update, at: time) { s.content.details = text }
        } else if let details = input.details {
            s.content.details = details
        }
        if let button = input.button { s.content.buttonTitle = button }
        if let progress = input.progress {
            // The first progress value turns the default spinner into the ring.
            s.content.mode = s.content.mode.receivingProgress(explicitly: s.policy.modeIsExplicit)
            s.content.progress = progress
            if s.policy.autoClose, progress >= 1 { s.hideAfter = 0 }
        }
        if let delay = input.hideAfter { s.hideAfter = min(s.hideAfter ?? delay, delay) }
        if input.ended, s.policy.hidesAtEnd { s.hideAfter = 0 }
        return s
    }
}
