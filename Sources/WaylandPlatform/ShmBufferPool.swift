/// Buffers a HUD no longer needs (it went, or changed size), kept for the next HUD of that size: a column of
/// notifications makes and drops bubbles of one size all day, and each new buffer costs a shared-memory file, a
/// mapping and the page faults of its first fill (a tenth of the notification server's time at ten a second).
@MainActor final class ShmBufferPool {
    /// More than a column's worth of bubbles coming and going at once is not worth keeping mapped.
    static let limit = 4
    private var spare: [ShmBuffer] = []

    /// A free buffer of that size, if one is kept.
    func take(width: Int, height: Int) -> ShmBuffer? {
        guard let i = spare.firstIndex(where: { $0.width == width && $0.height == height && !$0.busy }) else {
            return nil
        }
        return spare.remove(at: i)
    }

    /// Lets every kept buffer go (the connection is closing).
    func removeAll() { spare.removeAll() }

    /// Keeps `buffers` for later, the newest first, up to the limit; what the compositor still reads is dropped.
    func keep(_ buffers: [ShmBuffer]) {
        spare.insert(contentsOf: buffers.filter { !$0.busy }, at: 0)
        if spare.count > Self.limit { spare.removeLast(spare.count - Self.limit) }
    }
}
