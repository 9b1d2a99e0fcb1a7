import HUDConfig
import HUDScene

/// The column of bubbles at the screen's edge, as places: which notifications stand in it (shown, or hiding until
/// their fade ends), whose they are and how tall, and so what the next one may have. An OSD, drawn in the centre,
/// takes no place. It knows no HUD and no clock, so every rule of the column is a question asked of a value:
///
/// - at most `maxVisible` places (a critical notification aside, which the desk lets past);
/// - room: a column taller than the screen never overlaps, so a bubble that would not fit under those shown (and
///   the "N more" pill, whose height the desk measures) waits until some have gone;
/// - fairness: an application holding at least two places more than a newcomer's gives one up (`placeToFree`), and
///   the waiting ones are taken in a round by application (`held`, for `NotificationQueue.popNext`).
struct NotificationColumn {
    /// One bubble of the column.
    struct Place: Equatable {
        var app: String
        var urgency: Urgency
        /// In points, as the display measured it; nil on a display that cannot measure.
        var height: Double?
        /// Hiding: its place stays taken until its fade ends, but it no longer counts as its application's.
        var leaving = false
    }


    /// The places before the column is full.
    let maxVisible: Int
    /// The bubbles' distance from the screen's edges, in points, at both ends of the column.
    let margin: Double
    /// Space between two bubbles of the column, in points (the bubbles' `HUDStyle.stackGap`).
    let gap: Double
    private(set) var places: [UInt32: Place] = [:]
    /// When a bubble last came or went.
    private var lastChange = -Double.infinity

    init(maxVisible: Int, margin: Double, gap: Double = HUDStack.gap) {
        self.maxVisible = max(1, maxVisible)
        self.margin = margin
        self.gap = gap
    }

    /// The places taken, by bubbles shown or hiding.
    var count: Int { places.count }

    /// Whether every place is taken.
    var isFull: Bool { count >= maxVisible }

    /// `id` stands in the column, or stays, measured again (shown again if it was hiding).
    mutating func take(_ id: UInt32, app: String, urgency: Urgency, height: Double?) {
        places[id] = Place(app: app, urgency: urgency, height: height)
    }

    /// `id` has begun to hide at `time`. Returns whether it goes in a burst, the column's last change less than a
    /// glide before: then it goes at once, as dunst's and mako's do, and the column is drawn once a change (ten
    /// bubbles a second, each faded out over 0.3 s, were two thirds of the server's frames); a lone bubble fades.
    @discardableResult mutating func leave(_ id: UInt32, at time: Double) -> Bool {
        places[id]?.leaving = true
        return changed(at: time)
    }

    /// The column changed at `time` (a notification came, a bubble showed or went); returns whether that was within
    /// a glide of the last.
    @discardableResult mutating func changed(at time: Double) -> Bool {
        defer { lastChange = time }
        return time >= lastChange && time - lastChange < Spring.duration
    }

    /// `id` is gone from the column (hidden, or shown as an OSD now).
    mutating func free(_ id: UInt32) { places[id] = nil }

    /// The bubble of `old` stands for `new` from now on (a stack kept under another of its ids).
    mutating func rename(_ old: UInt32, to new: UInt32) {
        if let place = places.removeValue(forKey: old) { places[new] = place }
    }

    /// How many places each application holds, those leaving aside.
    var held: [String: Int] {
        var held: [String: Int] = [:]
        for place in places.values where !place.leaving { held[place.app, default: 0] += 1 }
        return held
    }

    /// Whether a bubble of `size` (its height, and the height of the room for the column, in points) fits under the
    /// measured bubbles of the column other than `id`, with the gaps, the margins and a pill `pill` high. One alone
    /// always fits: its layout is cut to the screen.
    func fits(_ size: (height: Double, room: Double), pill: Double, besides id: UInt32? = nil) -> Bool {
        let others = places.compactMap { $0.key == id ? nil : $0.value.height }
        guard !others.isEmpty else { return true }
        let used = others.reduce(0) { $0 + $1 + gap }
        return 2 * margin + used + size.height + gap + pill <= size.room
    }

    /// The place given up for a newcomer of application `app` and `urgency` that must wait: when the application
    /// holding the most places holds at least two more than `app`, its bubble nearest its end (`expires`: nil for
    /// one that waits for the user, which is never taken), of the newcomer's urgency or lower; the oldest id between
    /// equals. Nil when none is given up.
    func placeToFree(for app: String, urgency: Urgency, expires: (UInt32) -> Double?) -> UInt32? {
        let held = held
        let mine = held[app, default: 0]
        guard let (other, count) = held.filter({ $0.key != app }).max(by: { $0.value < $1.value }),
              count >= mine + 2 else { return nil }
        var victim: (deadline: Double, id: UInt32)?
        for (id, place) in places where !place.leaving && place.app == other && place.urgency <= urgency {
            guard let deadline = expires(id) else { continue }
            if victim.map({ (deadline, id) < $0 }) ?? true { victim = (deadline, id) }
        }
        return victim?.id
    }
}
