import HUDConfig

/// The notifications waiting for a place: critical before normal before low, and by age within an urgency, so that a
/// "battery low" never waits behind a flood of low ones; which application's goes next within an urgency is fair
/// (`popNext`), so that one application's flood cannot hold another's back.
///
/// Bounded: beyond `limit` waiting that are not critical, one of the lowest urgency is dropped, never a critical one
/// for another: the oldest of the application with the most waiting, so a flood drops its own. Critical ones are
/// dropped the same way only beyond `criticalLimit` of them (a program sending nothing but critical ones must not
/// grow the server without bound either).
struct NotificationQueue {
    private struct Waiting {
        var id: UInt32
        var urgency: Urgency
        var app: String
    }

    let limit: Int
    let criticalLimit: Int
    private var items: [Waiting] = []

    init(limit: Int, criticalLimit: Int) {
        self.limit = limit
        self.criticalLimit = criticalLimit
    }

    /// The ids by urgency then age (within an urgency, `popNext` may take another application's first).
    var ids: [UInt32] { items.map(\.id) }
    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    func contains(_ id: UInt32) -> Bool { items.contains { $0.id == id } }

    /// Adds `id` of application `app` behind every waiting one of its urgency or a higher one; returns the id
    /// dropped to stay in bounds, if any (perhaps `id` itself).
    mutating func insert(_ id: UInt32, urgency: Urgency, app: String = "") -> UInt32? {
        let at = items.firstIndex { $0.urgency < urgency } ?? items.endIndex
        items.insert(Waiting(id: id, urgency: urgency, app: app), at: at)
        return dropOne()
    }

    /// Puts back `id`, shown until now, where dunst sorts it: by urgency, then by id (age) among those of its
    /// urgency, so the bubbles a pause took off come back first and in their order. Never drops one: a bubble
    /// taken off is not lost, and at most a column's worth goes back over the bound.
    mutating func putBack(_ id: UInt32, urgency: Urgency, app: String) {
        let at = items.firstIndex { $0.urgency < urgency || ($0.urgency == urgency && $0.id > id) } ?? items.endIndex
        items.insert(Waiting(id: id, urgency: urgency, app: app), at: at)
    }

    /// A replacement of a waiting one changed its urgency: it moves to its new urgency's place.
    mutating func update(_ id: UInt32, urgency: Urgency) -> UInt32? {
        guard let i = items.firstIndex(where: { $0.id == id }), items[i].urgency != urgency else { return nil }
        let app = items.remove(at: i).app
        return insert(id, urgency: urgency, app: app)
    }

    /// A waiting stack is kept under another of its ids (`NotificationStacks`): same place.
    mutating func rename(_ old: UInt32, to new: UInt32) {
        if let i = items.firstIndex(where: { $0.id == old }) { items[i].id = new }
    }

    mutating func remove(_ id: UInt32) {
        items.removeAll { $0.id == id }
    }

    /// Takes the next one if `may` holds for its id, looking no further (a paused desk takes critical ones only,
    /// which come first). Next is, among those of the highest urgency waiting, the oldest of the application that
    /// holds the fewest places now (`places`), the oldest first between equals: a round by application, so one
    /// more from an application whose flood fills the column waits behind another application's first.
    mutating func popNext(places: (String) -> Int, if may: (UInt32) -> Bool) -> UInt32? {
        guard let top = items.first?.urgency else { return nil }
        var best = 0, fewest = Int.max
        var seen: Set<String> = []
        for (i, item) in items.enumerated() {
            guard item.urgency == top else { break }
            // Each application's oldest only.
            guard seen.insert(item.app).inserted else { continue }
            let held = places(item.app)
            if held < fewest {
                best = i
                fewest = held
            }
            if held == 0 { break }
        }
        guard may(items[best].id) else { return nil }
        return items.remove(at: best).id
    }

    private mutating func dropOne() -> UInt32? {
        let critical = items.count { $0.urgency == .critical }
        let lowest: Urgency
        if items.count - critical > limit {
            // The last is of the lowest urgency, and not critical since some are not.
            lowest = items.last!.urgency
        } else if critical > criticalLimit {
            lowest = .critical
        } else {
            return nil
        }
        // The oldest of that urgency from the application with the most of them waiting.
        var counts: [String: Int] = [:]
        for item in items where item.urgency == lowest { counts[item.app, default: 0] += 1 }
        guard let most = counts.max(by: { $0.value < $1.value })?.value,
              let i = items.firstIndex(where: { $0.urgency == lowest && counts[$0.app] == most }) else { return nil }
        return items.remove(at: i).id
    }
}
