import HUDLoop

/// Whether the desk is paused (do not disturb), and until when.
struct NotificationPause {
    var isOn = false
    /// Ends a pause given a duration.
    var timer: LoopTimer?
}

/// The pause (SIGUSR1 and SIGUSR2), the history, and what a program may ask of the desk.
extension NotificationDesk {
    /// Whether notifications wait (do not disturb).
    public var isPaused: Bool { pauseState.isOn }

    /// Seconds until a pause given a duration ends, nil when paused until resumed (or not paused).
    public var pauseLeft: Double? {
        guard pauseState.isOn, let timer = pauseState.timer, timer.isPending else { return nil }
        return max(0, timer.deadline - clock.now)
    }

    /// Pauses: new notifications wait (critical ones still show unless `paused-shows` is nothing), those already
    /// shown stay until they end. With `seconds`, it resumes by itself then; a pause asked again replaces the
    /// duration (none: until resumed).
    public func pause(for seconds: Double? = nil) {
        pauseState.timer?.cancel()
        pauseState.timer = seconds.map { clock.schedule(after: $0) { [weak self] in self?.resume() } }
        pauseState.isOn = true
    }

    /// Ends the pause: what waited shows, in its order, as places free.
    public func resume() {
        pauseState.timer?.cancel()
        pauseState = NotificationPause()
        fill()
    }

    /// How many are shown, waiting and in the history.
    public var counts: (shown: Int, waiting: Int, history: Int) { (visibleCount, queued.count, history.count) }

    /// The history, newest first.
    public var closed: [NotificationRecord] { history.records.reversed() }

    /// Shows the newest closed notification again, under a new id, and takes it out of the history; nil when the
    /// history is empty. It shows as a new one does: it waits while paused (unless critical).
    public func popHistory() -> UInt32? {
        guard let reopen, let record = history.popLast() else { return nil }
        var n = record.notification
        n.replacesID = 0
        let id = reopen(n)
        show(id, n, picture: record.picture)
        return id
    }
}
