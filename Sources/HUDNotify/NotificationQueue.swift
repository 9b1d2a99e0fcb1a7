/// The notifications waiting for a place, next first: critical before normal before low, and by age within an
/// urgency, so that a "battery low" never waits behind a flood of low ones.
///
/// Bounded: beyond `limit` waiting that are not critical, the oldest of the lowest urgency is dropped, never a
/// critical one for another; critical ones are dropped, oldest first, only beyond `criticalLimit` of them (a
/// program sending nothing but critical ones must not grow the server without bound either).
struct NotificationQueue {
    private struct Waiting {
        var id: UInt32
        var urgency: Notification.Urgency
    }

    let limit: Int
    let criticalLimit: Int
    private var items: [Waiting] = []

    init(limit: Int, criticalLimit: Int) {
        self.limit = limit
        self.criticalLimit = criticalLimit
    }

    /// The ids, next first.
    var ids: [UInt32] { items.map(\.id) }
    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    func contains(_ id: UInt32) -> Bool { items.contains { $0.id == id } }

    /// Adds `id` behind every waiting one of its urgency or a higher one; returns the id dropped to stay in bounds,
    /// if any (perhaps `id` itself).
    mutating func insert(_ id: UInt32, urgency: Notification.Urgency) -> UInt32? {
        let at = items.firstIndex { $0.urgency < urgency } ?? items.endIndex
        items.insert(Waiting(id: id, urgency: urgency), at: at)
        return dropOne()
    }

    /// A replacement of a waiting one changed its urgency: it moves to its new urgency's place.
    mutating func update(_ id: UInt32, urgency: Notification.Urgency) -> UInt32? {
        guard let i = items.firstIndex(where: { $0.id == id }), items[i].urgency != urgency else { return nil }
        items.remove(at: i)
        return insert(id, urgency: urgency)
    }

    /// A waiting stack is kept under another of its ids (`NotificationDesk+Stacking`): same place.
    mutating func rename(_ old: UInt32, to new: UInt32) {
        if let i = items.firstIndex(where: { $0.id == old }) { items[i].id = new }
    }

    mutating func remove(_ id: UInt32) {
        items.removeAll { $0.id == id }
    }

    /// Takes the next one if `may` holds for its id, looking no further (the order is the order they show in: a
    /// paused desk takes critical ones only, which come first).
    mutating func popFirst(if may: (UInt32) -> Bool) -> UInt32? {
        guard let first = items.first, may(first.id) else { return nil }
        return items.removeFirst().id
    }

    private mutating func dropOne() -> UInt32? {
        let critical = items.count { $0.urgency == .critical }
        let lowest: Notification.Urgency
        if items.count - critical > limit {
            // The last is of the lowest urgency, and not critical since some are not.
            lowest = items.last!.urgency
        } else if critical > criticalLimit {
            lowest = .critical
        } else {
            return nil
        }
        // The oldest of that urgency: the first of its run.
        guard let i = items.firstIndex(where: { $0.urgency == lowest }) else { return nil }
        return items.remove(at: i).id
    }
}
