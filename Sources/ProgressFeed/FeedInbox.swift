public import HUDScene

/// What the input asked for since the HUD last looked: only the latest of each value, so a producer that writes
/// faster than the screen refreshes costs one update per frame, not one per line.
public struct FeedInbox: Hashable, Sendable {
    public var progress: Double?
    public var label: String?
    public var details: String?
    public var mode: HUDMode?
    public var icon: Icon?
    public var spinner: SpinnerStyle?
    public var hideAfter: Double?
    public var button: String?
    /// The input has ended.
    public var ended = false

    public init() {}

    public var isEmpty: Bool { self == FeedInbox() }

    public mutating func take(_ update: FeedUpdate) {
        if let v = update.progress { progress = v }
        if let v = update.label { label = v }
        if let v = update.details { details = v }
        if let v = update.mode { mode = v }
        if let v = update.icon { icon = v }
        if let v = update.spinner { spinner = v }
        if let v = update.hideAfter { hideAfter = v }
        if let v = update.button { button = v }
    }

    public mutating func take(_ other: FeedInbox) {
        take(FeedUpdate(progress: other.progress, label: other.label, details: other.details, mode: other.mode,
                        icon: other.icon, spinner: other.spinner, hideAfter: other.hideAfter, button: other.button))
        ended = ended || other.ended
    }
}
