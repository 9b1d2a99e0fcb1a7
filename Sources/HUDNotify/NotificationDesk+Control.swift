/// The history, and what a program may ask of the desk.
extension NotificationDesk {
    /// How many are shown, waiting and in the history.
    public var counts: (shown: Int, waiting: Int, history: Int) { (visibleCount, queued.count, history.count) }

    /// The history, newest first.
    public var closed: [NotificationRecord] { history.records.reversed() }

    /// Shows the newest closed notification again, under a new id, and takes it out of the history; nil when the
    /// history is empty. It shows as a new one does.
    public func popHistory() -> UInt32? {
        guard let reopen, let record = history.popLast() else { return nil }
        var n = record.notification
        n.replacesID = 0
        let id = reopen(n)
        show(id, n, picture: record.picture)
        return id
    }
}
