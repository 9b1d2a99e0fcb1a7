import HUDScene

/// What the input asked for since the HUD last looked: only the latest of each value, so a producer that writes
/// faster than the screen refreshes costs one update per frame, not one per line. Its values are a `FeedUpdate`'s
/// (`inbox.label` reads and writes `inbox.update.label`), plus whether the input has ended.
@dynamicMemberLookup
public struct FeedInbox: Hashable, Sendable {
    /// The latest of each value.
    public var update = FeedUpdate()
    /// The input has ended.
    public var ended = false

    public init() {}

    public subscript<T>(dynamicMember key: WritableKeyPath<FeedUpdate, T>) -> T {
        get { update[keyPath: key] }
        set { update[keyPath: key] = newValue }
    }

    public var isEmpty: Bool { self == FeedInbox() }

    public mutating func take(_ newer: FeedUpdate) { update.merge(newer) }

    public mutating func take(_ other: FeedInbox) {
        update.merge(other.update)
        ended = ended || other.ended
    }
}

extension FeedUpdate {
    /// Takes every value `newer` has, keeping this one's where `newer` has none.
    public mutating func merge(_ newer: FeedUpdate) {
        // Plain copies, not key paths: this runs for every input line, a million a second in a flood.
        if let v = newer.progress { progress = v }
        if let v = newer.label { label = v }
        if let v = newer.details { details = v }
        if let v = newer.mode { mode = v }
        if let v = newer.icon { icon = v }
        if let v = newer.spinner { spinner = v }
        if let v = newer.hideAfter { hideAfter = v }
        if let v = newer.button { button = v }
        if let v = newer.bytesDone { bytesDone = v }
        if let v = newer.bytesTotal { bytesTotal = v }
        if let v = newer.averageRate { averageRate = v }
        if let v = newer.error { error = v }
    }
}
