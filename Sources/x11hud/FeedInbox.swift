import HUDScene
import ProgressFeed

/// What the input asked for since the HUD last looked: only the latest of each value, so a producer that writes
/// faster than the screen refreshes costs one update per frame, not one per line.
struct FeedInbox: Sendable {
    var progress: Double?
    var label: String?
    var details: String?
    var mode: HUDMode?
    var icon: Icon?
    var spinner: SpinnerStyle?
    var hideAfter: Double?
    /// The input has ended.
    var ended = false

    var isEmpty: Bool {
        progress == nil && label == nil && details == nil && mode == nil && icon == nil && spinner == nil
            && hideAfter == nil && !ended
    }

    mutating func take(_ update: FeedUpdate) {
        if let v = update.progress { progress = v }
        if let v = update.label { label = v }
        if let v = update.details { details = v }
        if let v = update.mode { mode = v }
        if let v = update.icon { icon = v }
        if let v = update.spinner { spinner = v }
        if let v = update.hideAfter { hideAfter = v }
    }

    mutating func take(_ other: FeedInbox) {
        take(FeedUpdate(progress: other.progress, label: other.label, details: other.details, mode: other.mode,
                        icon: other.icon, spinner: other.spinner, hideAfter: other.hideAfter))
        ended = ended || other.ended
    }
}
