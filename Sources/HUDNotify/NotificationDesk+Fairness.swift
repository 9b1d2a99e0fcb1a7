import HUDLoop

/// One application's flood cannot hold another's notification back for more than a moment. The waiting ones are
/// taken in a round by application (`NotificationQueue.popNext`), and when a notification must wait because the
/// column is full, an application holding at least two places more than the newcomer's gives one up at once: its
/// shown notification nearest its end (of the newcomer's urgency or lower, with a timeout, not under the pointer, not
/// an OSD) expires early, and the place goes to the newcomer once that one has faded out.
extension NotificationDesk {
    /// How many places each application holds (shown, not on their way out).
    func placesHeld() -> [String: Int] {
        var held: [String: Int] = [:]
        for entry in entries.values where entry.hud != nil && entry.reason == nil {
            held[entry.notification.appName, default: 0] += 1
        }
        return held
    }

    /// `n` waits for a place: the application holding the most places, if that is two more than `n`'s, gives one.
    func makeRoom(for n: Notification) {
        let held = placesHeld()
        let mine = held[n.appName, default: 0]
        guard let (app, count) = held.filter({ $0.key != n.appName }).max(by: { $0.value < $1.value }),
              count >= mine + 2 else { return }
        var victim: (id: UInt32, deadline: Double)?
        for (id, entry) in entries where entry.hud != nil && entry.reason == nil && entry.notification.appName == app
            && entry.notification.urgency <= n.urgency && !isOSD(entry.notification) {
            guard let expires = entry.expires else { continue }
            // The nearest its end, the oldest between equals.
            let before = victim.map { (expires, id) < ($0.deadline, $0.id) } ?? true
            if before { victim = (id, expires) }
        }
        if let victim { close(victim.id, reason: .expired) }
    }
}
