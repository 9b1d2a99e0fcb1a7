public import HUDScene

/// One change to the HUD read from the input. Fields that are nil are left as they are.
public struct FeedUpdate: Hashable, Sendable {
    /// Progress as a fraction, already clamped into 0...1.
    public var progress: Double?
    public var label: String?
    public var details: String?
    public var mode: HUDMode?
    public var icon: Icon?
    public var spinner: SpinnerStyle?
    /// Hide this many seconds from now.
    public var hideAfter: Double?
    /// The button's title; empty removes the button.
    public var button: String?
    /// Bytes done, when the input counts them (dd, rsync, curl, pv, wget, a watched file): the rate and the sizes
    /// of `--details auto`. Fewer than before means a new file or a new start.
    public var bytesDone: Int64?
    /// Bytes in all, when the input (or `--total`) says.
    public var bytesTotal: Int64?

    public init(progress: Double? = nil, label: String? = nil, details: String? = nil, mode: HUDMode? = nil,
                icon: Icon? = nil, spinner: SpinnerStyle? = nil, hideAfter: Double? = nil, button: String? = nil,
                bytesDone: Int64? = nil, bytesTotal: Int64? = nil) {
        self.progress = progress
        self.label = label
        self.details = details
        self.mode = mode
        self.icon = icon
        self.spinner = spinner
        self.hideAfter = hideAfter
        self.button = button
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }
}

/// What one input line means.
public enum FeedEvent: Hashable, Sendable {
    /// Nothing for the HUD: an empty line, or text that is not progress (a log line, a header).
    case nothing
    case update(FeedUpdate)
    /// The line was not understood (or only in part); the message says why, in a few words.
    case warning(String)
    /// Part of the line was understood, and something in it was not.
    case partial(FeedUpdate, warning: String)
}
