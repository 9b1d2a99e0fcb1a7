import HUDScene
import ProgressFeed

/// A column taller than the screen never overlaps: a bubble that would not fit under those shown (and the "N more"
/// pill) waits, counted in the pill, until some have gone. Heights come from the display, laid out as it draws them;
/// a display that cannot measure lets every bubble take a place.
extension NotificationDesk {
    /// Space between two bubbles of the column, in points (`HUDStack.gap`).
    static let columnGap = 10.0

    /// Whether the waiting `id` fits under the bubbles shown, leaving room for the pill and the margins. One alone
    /// always fits (its layout is cut to the screen), and so does an OSD.
    func hasRoom(for id: UInt32) -> Bool {
        guard let entry = entries[id], !isOSD(entry.notification) else { return true }
        let column = entries.values.compactMap { $0.hud != nil ? $0.height : nil }
        guard !column.isEmpty,
              let new = display.measure(content(of: entry), style: style(for: entry.notification)) else { return true }
        return fits(new, beside: column)
    }

    /// The look `entry` is shown with, its body cut to the lines that fit under the bubbles shown beside it: a
    /// replacement (`replaces_id`) may make a shown bubble taller, and it keeps its place rather than leave it.
    /// Unchanged when it fits, when nothing else is shown, for an OSD, or on a display that cannot measure.
    func fitted(_ style: HUDStyle, for id: UInt32, _ entry: Entry) -> HUDStyle {
        guard var bubble = style.bubble, !isOSD(entry.notification) else { return style }
        let others = entries.filter { $0.key != id && $0.value.hud != nil }.compactMap(\.value.height)
        guard !others.isEmpty else { return style }
        let content = content(of: entry)
        var fitted = style
        while let size = display.measure(content, style: fitted), !fits(size, beside: others), bubble.bodyLines > 1 {
            bubble.bodyLines -= 1
            fitted.bubble = bubble
        }
        return fitted
    }

    /// Whether a bubble of `size` fits in its room under a column of bubbles `others` high, with the gaps, the
    /// margins and the pill.
    private func fits(_ size: (height: Double, room: Double), beside others: [Double]) -> Bool {
        let pill = display.measure(HUDContent(mode: .text, label: "99 more"), style: moreStyle)?.height ?? 0
        let used = others.reduce(0) { $0 + $1 + Self.columnGap }
        return 2 * look.bubble.margin + used + size.height + Self.columnGap + pill <= size.room
    }

    /// Whether one of `urgency` or higher waits for room (not for the pause or a fullscreen window): a newcomer
    /// that would fit then waits behind it, so a tall one is not passed over for good by a stream of short ones.
    func waitsForRoom(urgency: Notification.Urgency) -> Bool {
        waiting.ids.contains { id in
            entries[id].map { $0.notification.urgency >= urgency && mayShow($0.notification) } ?? false
        }
    }

    /// What the HUD of `entry` lays out: as `bind` gives it.
    func content(of entry: Entry) -> HUDContent {
        let (update, buttons) = shown(entry)
        var content = HUDContent(mode: update.mode ?? .text, label: update.label ?? "", details: update.details ?? "",
                                 buttonTitle: update.button ?? "", custom: entry.picture)
        content.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        content.stackCount = 1 + entry.stacked.count
        return content
    }
}
