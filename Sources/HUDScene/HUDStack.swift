/// Where each HUD of a stack goes: HUDs on the same monitor at the same position line up like notifications
/// instead of covering each other. Centred ones (and those at the left or right edge) form a column centred where
/// one HUD would be; HUDs at the top grow downwards, those at the bottom upwards, the oldest nearest the edge (the
/// newest, for a stack holding a notification bubble: its members come reversed). Pure: the same answer in every
/// process that reads the same list.
public enum HUDStack {
    /// Space between two bezels, in points.
    public static let gap = 10.0

    public struct Member: Hashable, Sendable {
        public var window: UInt
        /// The bezel's height in pixels.
        public var height: Int

        public init(window: UInt, height: Int) {
            self.window = window
            self.height = height
        }
    }

    /// Whether a stack moves at once rather than sliding: one of its HUDs (those this process draws) appeared or
    /// changed less than a glide before `time` (a column taking ten notifications a second slid every refresh).
    /// Both platforms pass it to `HUDScene.setStackShift(_:at:inBurst:)`.
    public static func isBusy(_ scenes: some Sequence<HUDScene>, at time: Double) -> Bool {
        scenes.contains { $0.changedRecently(at: time) }
    }

    /// A stack's members from the edge, given by when each came: reversed when the stack holds a notification bubble
    /// (`newestFirst`: they come in at the edge and push older ones away from it, as every notification daemon's),
    /// then those in `first` (a critical notification), the rest, and those in `last` (a count of waiting ones).
    public static func ordered(_ members: [Member], newestFirst: Bool, first: Set<UInt>, last: Set<UInt>)
        -> [Member] {
        let members = newestFirst ? members.reversed() : members
        return members.filter { first.contains($0.window) }
            + members.filter { !first.contains($0.window) && !last.contains($0.window) }
            + members.filter { last.contains($0.window) && !first.contains($0.window) }
    }

    /// How far (pixels, down is positive) `window` moves from its laid-out place, given the stack it is in, the one
    /// nearest the edge first, and its vertical anchor (-1 top, 0 centre, 1 bottom). 0 when it is not in the stack.
    public static func shift(of window: UInt, in members: [Member], anchor: Int, gap: Double) -> Double {
        guard let k = members.firstIndex(where: { $0.window == window }) else { return 0 }
        let before = members[..<k].reduce(0.0) { $0 + Double($1.height) + gap }
        switch anchor {
        case ..<0: return before
        case 1...: return -before
        default:
            let total = members.reduce(0.0) { $0 + Double($1.height) } + gap * Double(members.count - 1)
            return -total / 2 + before + Double(members[k].height) / 2
        }
    }

    /// `shift(of:in:anchor:gap:)` kept inside the work area `area` (top to bottom, root pixels) for a bezel laid out
    /// at `top` with `height`: heights other windows claim (any client can write one) count as at most the area's,
    /// and when the stack is full, a HUD that would leave the area stops at its edge, overlapping its neighbour
    /// there, so every HUD stays visible (no queue: a HUD up is on screen).
    public static func shift(of window: UInt, in members: [Member], anchor: Int, gap: Double, top: Int, height: Int,
                      area: ClosedRange<Int>) -> Double {
        let room = area.upperBound - area.lowerBound
        let clamped = members.map { Member(window: $0.window, height: min(max($0.height, 0), room)) }
        let y = Double(top) + shift(of: window, in: clamped, anchor: anchor, gap: gap)
        let lowest = Double(max(area.lowerBound, area.upperBound - height))
        return min(max(y, Double(area.lowerBound)), lowest) - Double(top)
    }
}
