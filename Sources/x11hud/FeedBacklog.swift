/// Complete lines of a command's output on their way into the pipe its HUD reads, held while that pipe is full, so
/// that `x11hud run` never holds its command up: if the HUD is not reading (waiting with `--queue`, or not shown
/// yet), the oldest whole lines are dropped beyond `limit` bytes. The newest lines are kept: they say where the
/// job is now.
struct FeedBacklog {
    /// Held bytes beyond which the oldest lines go.
    static let limit = 256 * 1024

    private(set) var bytes: [UInt8] = []
    /// Part of the first line is in the pipe already: the rest of it must follow, whatever is dropped.
    private var headStarted = false

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ lines: ArraySlice<UInt8>) {
        bytes.append(contentsOf: lines)
        trim()
    }

    /// The first `count` bytes went into the pipe.
    mutating func written(_ count: Int) {
        guard count > 0 else { return }
        headStarted = !Self.isLineEnd(bytes[count - 1])
        bytes.removeFirst(count)
        if bytes.isEmpty { headStarted = false }
    }

    mutating func removeAll() {
        bytes.removeAll()
        headStarted = false
    }

    /// Drops whole lines, oldest first (after a started one), down to half the limit.
    private mutating func trim() {
        guard bytes.count > Self.limit else { return }
        let keep = headStarted ? (bytes.firstIndex(where: Self.isLineEnd).map { $0 + 1 } ?? bytes.count) : 0
        let target = max(bytes.count - Self.limit / 2, keep)
        guard target < bytes.count, let cut = bytes[target...].firstIndex(where: Self.isLineEnd), cut >= keep else {
            return
        }
        bytes.removeSubrange(keep...cut)
    }

    static func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}
