import HUDConfig
import HUDLoop

/// What scripts and key bindings ask of the desk (`x11hud notifications pause|pop|close-all|count|action`, over
/// `NotificationControl`), and SIGUSR1 and SIGUSR2.
extension NotificationDesk {
    /// Whether notifications wait (do not disturb).
    public var isPaused: Bool { pauseState.isOn }

    /// Seconds until a pause given a duration ends, nil when paused until resumed (or not paused).
    public var pauseLeft: Double? {
        pauseState.left(at: clock.now)
    }

    /// Pauses: new notifications wait (critical ones still show unless `paused-shows` is nothing), those already
    /// shown stay until they end. With `seconds`, it resumes by itself then; a pause asked again replaces the
    /// duration (none: until resumed).
    public func pause(for seconds: Double? = nil) {
        pauseState.start(for: seconds, at: clock.now)
        updateMore()
        wakeUp()
    }

    /// Ends the pause: what waited shows, in its order, as places free.
    public func resume() {
        pauseState = NotificationPause()
        fill()
        wakeUp()
    }

    /// How many are shown, waiting and in the history.
    public var counts: (shown: Int, waiting: Int, history: Int) { (visibleCount, queued.count, history.count) }

    /// The history, newest first.
    public var closed: [NotificationRecord] { history.records.reversed() }

    /// Shows the newest closed notification again, under a new id, and takes it out of the history; nil when the
    /// history is empty. It shows as a new one does: it waits while paused (unless critical).
    public func popHistory() -> UInt32? {
        guard reopen != nil, let record = history.popLast() else { return nil }
        return reshow(record)
    }

    /// Shows `record` again under a new id, as `popHistory` does.
    func reshow(_ record: NotificationRecord) -> UInt32? {
        guard let reopen else { return nil }
        var n = record.notification
        n.replacesID = 0
        // Brought back to be read: as dunst's history-pop, it stays until closed unless `popped` says otherwise.
        if popped == .stay { n.expiry = .never }
        let id = reopen(n)
        show(id, n, picture: record.picture)
        return id
    }

    /// Why `invoke(_:action:)` did nothing.
    public enum InvokeFailure: Error, Equatable {
        case noSuchNotification
        /// The notification has no such action (or none, when none was named): its actions' keys.
        case noSuchAction(available: [String])
    }

    /// Invokes action `key` of open notification `id` as a click would (`ActionInvoked`, then closed with reason
    /// 2 unless resident); without a key, its `default` action, else its first.
    public func invoke(_ id: UInt32, action key: String?) throws(InvokeFailure) {
        guard let n = notification(id) else { throw .noSuchNotification }
        let keys = n.actions.map(\.key)
        guard let chosen = key ?? n.defaultAction ?? keys.first, keys.contains(chosen) else {
            throw .noSuchAction(available: keys)
        }
        invoke(id, chosen)
    }
}
