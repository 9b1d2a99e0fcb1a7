public import ProgressFeed
import HUDLoop
import HUDScene

/// How input changes a HUD, the same for a line on standard input and an update from another process.
public struct FeedPolicy: Sendable {
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

extension HUD {
    /// Starts `source` (a `FileDescriptorFeed`, a `CommandFeed`, a `ProcessWatch`…) and pulls it once per frame
    /// while frames run, and, when it asks, in the next turn of the main queue, which also draws the frame.
    public func attach(_ source: any HUDInputSource, policy: FeedPolicy = FeedPolicy()) {
        self.source = source
        feedPolicy = policy
        transferDetails = policy.autoDetails ? TransferDetails(base: details) : nil
        setNeedsUpdate()
        if let polled = source as? any PolledInputSource {
            if polled.startPolled(asking: session.askWhenPolled) {
                session.poll(polled)
            } else {
                // Already read by a thread of its own (a forwarding client's, whose owner went away): its asks come
                // from that thread, through the main queue.
                source.start(asking: session.askForInput)
            }
        } else {
            source.start(asking: session.askForInput)
        }
    }

    /// Input is waiting in the attached source: look at it with the next frame (at once when nothing moves). A source
    /// attached here need not call it: it asks the session itself.
    public func inputArrived() { setNeedsUpdate() }

    /// Applies what the input asked for.
    public func apply(_ input: FeedInbox) {
        guard !input.isEmpty else { return }
        if let mode = input.mode {
            self.mode = mode
            feedPolicy.modeIsExplicit = true
        }
        if let icon = input.icon {
            // A status icon at the end of a job ({"icon":"success","label":"Done"}) shows whatever the mode was.
            content.custom = .icon(icon)
            if input.mode == nil { mode = .custom }
        }
        if let spinner = input.spinner {
            // {"spinner":"pacman-progress"} shows that spinner, as {"icon":…} shows the icon.
            style.spinner = spinner
            if input.mode == nil, input.icon == nil { mode = .indeterminate }
        }
        if let label = input.label { self.label = label }
        if transferDetails != nil {
            if let text = transferDetails?.take(input.update, at: session.clock.now), text != details {
                details = text
            }
        } else if let details = input.details {
            self.details = details
        }
        if let button = input.button { buttonTitle = button }
        if let progress = input.progress {
            // The first progress value turns the default spinner into the ring.
            let next = mode.receivingProgress(explicitly: feedPolicy.modeIsExplicit)
            if next != mode { mode = next }
            self.progress = progress
            if feedPolicy.autoClose, progress >= 1 { hide() }
        }
        if let delay = input.hideAfter { hide(afterDelay: delay) }
        if input.ended, feedPolicy.hidesAtEnd { hide() }
    }
}
