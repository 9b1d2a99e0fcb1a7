import HUDControl
import HUDScene

/// Where the desk's notifications stand on the display: the column of bubbles (`NotificationColumn`), the "N more"
/// pill under it, and each notification's HUD claimed, measured, fitted and given its place. The desk decides which
/// notification shows and when; the screen carries it out on the display.
@MainActor final class NotificationScreen {
    let display: any NotificationDisplay
    let presentation: NotificationPresentation
    /// The bubbles on screen, as places.
    var column: NotificationColumn
    /// "N more" under the column.
    let more: NotificationMorePill

    init(display: any NotificationDisplay, presentation: NotificationPresentation, maxVisible: Int) {
        self.display = display
        self.presentation = presentation
        let bubble = presentation.look.bubble
        // A column placed by a dunst-like offset has no margin: its distance from the edges is the offset.
        column = NotificationColumn(maxVisible: maxVisible, margin: max(bubble.margin, abs(bubble.offset.y)),
                                    gap: bubble.stackGap)
        more = NotificationMorePill(display: display, look: presentation.look)
    }

    /// Whether `entry`, stacking `stackCount`, fits under the bubbles shown, leaving room for the pill and the
    /// margins (always for an OSD, which takes no place, and on a display that cannot measure).
    func hasRoom(for entry: NotificationEntry, stackCount: Int) -> Bool {
        guard !presentation.isOSD(entry.notification),
              let size = display.measure(presentation.content(of: entry, stackCount: stackCount),
                                         style: presentation.style(for: entry.notification)) else { return true }
        return column.fits(size, pill: more.height)
    }

    /// The display's HUD for `entry`'s name, or what became of it (another process shows the name, or none can be
    /// had).
    func claim(_ entry: NotificationEntry) -> NotificationClaim {
        display.claim(entry.name, update: presentation.update(for: entry.notification))
    }

    /// Shows `entry` as `id` on `hud` with `change` (its text and handlers): its look, its body cut to the lines
    /// that fit under the bubbles shown beside it, and its place in the column (none for an OSD).
    func show(_ id: UInt32, _ entry: NotificationEntry, on hud: any NotificationHUD, stackCount: Int,
              change: HUDChange) {
        let n = entry.notification
        let content = presentation.content(of: entry, stackCount: stackCount)
        let style = presentation.fitted(presentation.style(for: n), for: entry) { style in
            display.measure(content, style: style).map { column.fits($0, pill: more.height, besides: id) }
        }
        if presentation.isOSD(n) {
            column.free(id)
        } else {
            column.take(id, app: n.appName, urgency: n.urgency, height: display.measure(content, style: style)?.height)
        }
        var change = change
        change.picture = .some(entry.picture)
        change.style = style
        hud.post(change)
        // Shown again if it was hiding: the held key's case.
        hud.show()
    }

    /// The pill says `count` wait (none at 0).
    func showWaiting(_ count: Int) { more.show(count) }
}
