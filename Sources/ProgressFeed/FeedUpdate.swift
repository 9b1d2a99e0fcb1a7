public import HUDScene

/// One change to the HUD read from the input. Fields that are nil are left as they are.
public struct FeedUpdate: Hashable, Sendable {
    // Stored in an order that leaves little padding, and the byte counts without Optional's extra byte: one of
    // these is copied for every input line, and with two plain `Int64?` the copies became memcpy calls (200,000
    // numbers: 238.8 M instructions before the byte counts, 274.7 M with them so, 244.6 M so; callgrind).

    /// Progress as a fraction, already clamped into 0...1.
    public var progress: Double?
    public var mode: HUDMode?
    public var icon: Icon?
    public var spinner: SpinnerStyle?
    /// Hide this many seconds from now.
    public var hideAfter: Double?
    public var label: String?
    public var details: String?
    /// The button's title; empty removes the button.
    public var button: String?
    /// An error the producer reported in its own progress stream (restic's `error` message, borg's ERROR log
    /// message, rclone's error log, apt's `pmerror`), its text as the tool wrote it: for the failure text. It
    /// neither ends the job nor changes the HUD by itself; tools go on after many of these.
    public var error: String?
    /// -1: none.
    private var storedBytesDone: Int64 = -1
    private var storedBytesTotal: Int64 = -1
    private var storedAverageRate: Int64 = -1

    /// Bytes done, when the input counts them (dd, rsync, curl, pv, wget, a watched file): the rate and the sizes
    /// of `--details auto`. Fewer than before means a new file or a new start.
    public var bytesDone: Int64? {
        get { storedBytesDone < 0 ? nil : storedBytesDone }
        set { storedBytesDone = newValue.map { max(0, $0) } ?? -1 }
    }
    /// Bytes in all, when the input (or `--total`) says.
    public var bytesTotal: Int64? {
        get { storedBytesTotal < 0 ? nil : storedBytesTotal }
        set { storedBytesTotal = newValue.map { max(0, $0) } ?? -1 }
    }

    /// The whole job's average in bytes a second, as the tool reports it at its end (restic's summary): what
    /// `--details auto` ends on, where its own clock saw too little of the job (an incremental backup's second).
    public var averageRate: Int64? {
        get { storedAverageRate < 0 ? nil : storedAverageRate }
        set { storedAverageRate = newValue.map { max(0, $0) } ?? -1 }
    }

    public init(progress: Double? = nil, label: String? = nil, details: String? = nil, mode: HUDMode? = nil,
                icon: Icon? = nil, spinner: SpinnerStyle? = nil, hideAfter: Double? = nil, button: String? = nil,
                bytesDone: Int64? = nil, bytesTotal: Int64? = nil, averageRate: Int64? = nil, error: String? = nil) {
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
        self.averageRate = averageRate
        self.error = error
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
