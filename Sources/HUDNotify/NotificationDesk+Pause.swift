import HUDControl
import HUDLoop

/// Do not disturb, as dunst has it (its queues.c `queues_update`): a pause takes the bubbles it holds off the screen
/// and back to the front of the queue, without a word to their senders; they show again, in their order and with
/// their whole time, when it ends.
extension NotificationDesk {
    /// Pauses: the bubbles shown leave the screen and wait, and new notifications wait (critical ones still show
    /// unless `paused-shows` is nothing). With `seconds`, it resumes by itself then; a pause asked again replaces the
    /// duration (none: until resumed).
    public func pause(for seconds: Double? = nil) {
        pause.start(for: seconds, at: clock.now)
        park()
        updateMore()
        wakeUp()
    }

    /// Ends the pause: what waited shows, in its order, as places free.
    public func resume() {
        pause.end()
        fill()
        wakeUp()
    }

    /// Every bubble shown that the pause holds hides, its timeout stopped; `finished` then puts it back in the queue
    /// (`requeue`) instead of closing it. An OSD goes too: it is a notification like any other for dunst.
    private func park() {
        for id in entries.keys.sorted() {
            guard var entry = entries[id], entry.isShown, let hud = entry.hud, pause.holds(entry.notification.urgency)
            else { continue }
            entry.parked = true
            entry.expires = nil
            entry.hovered = false
            entries[id] = entry
            hud.hide(animated: !screen.column.leave(id, at: clock.now))
        }
    }

    /// The bubble of `id` a pause took off has hidden: it waits again, ahead of those that came after it, and shows
    /// once the pause lets it (at once when the pause ended while it was hiding).
    func requeue(_ id: UInt32) {
        guard var entry = entries[id] else { return }
        screen.column.free(id)
        display.release(entry.name)
        entry.hud = nil
        entry.parked = false
        entries[id] = entry
        waiting.putBack(id, urgency: entry.notification.urgency, app: entry.notification.appName)
        fill()
        wakeUp()
    }
}
