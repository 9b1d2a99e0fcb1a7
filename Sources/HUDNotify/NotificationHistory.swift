public import HUDScene

/// A notification that has closed, as the history keeps it: its last content (without raw pixels), the picture it
/// was shown with, and why it closed.
public struct NotificationRecord: Sendable {
    public var id: UInt32
    public var notification: Notification
    public var picture: CustomIndicator?
    public var reason: NotificationServer.CloseReason
}

/// The closed notifications (`x11hud notifications history`, `pop`), in memory only, newest last: at most `limit`,
/// the oldest going first. A notification replaced in place (a volume key's) is one record, of its last content.
struct NotificationHistory {
    let limit: Int
    private(set) var records: [NotificationRecord] = []

    init(limit: Int) { self.limit = max(0, limit) }

    var count: Int { records.count }

    mutating func add(_ record: NotificationRecord) {
        guard limit > 0 else { return }
        records.append(record)
        if records.count > limit { records.removeFirst(records.count - limit) }
    }

    /// Takes notification `id` out.
    mutating func remove(id: UInt32) -> NotificationRecord? {
        guard let index = records.lastIndex(where: { $0.id == id }) else { return nil }
        return records.remove(at: index)
    }

    /// Empties it; how many it held.
    mutating func removeAll() -> Int {
        defer { records = [] }
        return records.count
    }

    /// Takes the newest out (to show it again).
    mutating func popLast() -> NotificationRecord? { records.popLast() }
}
