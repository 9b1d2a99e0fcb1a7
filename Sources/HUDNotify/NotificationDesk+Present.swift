import HUDConfig
import HUDControl
import HUDLoop
import HUDScene
import ProgressFeed

/// Putting a notification on screen: its HUD claimed or reused, its look, text, buttons and clicks bound to it.
extension NotificationDesk {
    /// Shows (or updates in place) the HUD of `id`.
    func present(_ id: UInt32) {
        guard var entry = entries[id] else { return }
        let n = entry.notification
        let hud: any NotificationHUD
        if let shown = entry.hud {
            hud = shown
        } else {
            guard let made = claim(id, entry) else { return }
            hud = made
            entry.hud = hud
        }
        entry.reason = nil
        let style = fitted(style(for: n), for: id, entry)
        entry.height = isOSD(n) ? nil : display.measure(content(of: entry), style: style)?.height
        var change = bound(to: id, entry)
        change.picture = .some(entry.picture)
        change.style = style
        hud.post(change)
        // Shown again if it was hiding: the held key's case.
        hud.show()
        entry.expires = entry.hovered ? nil : expiry(of: n)
        entries[id] = entry
        wakeUp()
    }

    /// What the HUD of `id` is given: its text and the stack's count, its buttons and what its clicks do.
    func bound(to id: UInt32, _ entry: Entry) -> HUDChange {
        let n = entry.notification
        let (update, buttons) = shown(entry)
        var change = HUDChange(input: update)
        change.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        change.stackCount = 1 + entry.stacked.count
        var handlers = HUDHandlers()
        if !buttons.isEmpty {
            let keys = buttons.map(\.key)
            handlers.action = { [unowned self] index in
                if keys.indices.contains(index) { invoke(id, keys[index]) }
            }
        }
        if buttons.isEmpty, let key = n.buttonAction?.key {
            handlers.button = { [unowned self] in invoke(id, key) }
        }
        // An OSD's bar (a volume flash) lets clicks through, and so does a bubble no button does anything on; a
        // bubble with a bar (a download's) takes them as any bubble does.
        let flash = isOSD(n) && n.value(hints: valueHints) != nil
        if !flash, mouse.values.contains(where: { $0 != .none }) {
            handlers.bezel = { [unowned self] in click(mouse[1] ?? .none, on: id) }
            handlers.otherClick = { [unowned self] button in click(mouse[button] ?? .none, on: id) }
        }
        handlers.hover = { [unowned self] inside in hover(id, inside) }
        change.handlers = handlers
        change.completion = { [unowned self] in finished(id) }
        return change
    }

    /// What the HUD of `entry` shows: its text, and its buttons' actions (the stack's count is `Entry.stacked`).
    func shown(_ entry: Entry) -> (update: FeedUpdate, buttons: [(key: String, label: String)]) {
        let n = entry.notification
        var update = n.update(valueMode: valueMode(of: n), valueHints: valueHints, hasPicture: entry.picture != nil)
        // A bubble shows every action as a button; an OSD, the HUD it is, its first as the HUD's button.
        let buttons: [(key: String, label: String)] = isOSD(n) ? [] : n.buttons
        if !buttons.isEmpty { update.button = "" }
        return (update, buttons)
    }

    /// The pointer came onto the HUD of `id` (`inside`) or left it: its timeout stops while the pointer is there,
    /// and starts again, whole, when it leaves, as KDE and GNOME do: a notification being read does not go.
    private func hover(_ id: UInt32, _ inside: Bool) {
        guard var entry = entries[id], entry.hud != nil, entry.reason == nil, entry.hovered != inside else { return }
        entry.hovered = inside
        entry.expires = inside ? nil : expiry(of: entry.notification)
        entries[id] = entry
        wakeUp()
    }

    /// The HUD for `entry`, or nil when none is shown here (the notification is then over, reason 4).
    private func claim(_ id: UInt32, _ entry: Entry) -> (any NotificationHUD)? {
        let n = entry.notification
        let update = n.update(valueMode: valueMode(of: n), valueHints: valueHints)
        switch display.claim(entry.name, update: update) {
        case .local(let hud):
            return hud
        case .forwarded:
            break
        case .failed(let reason):
            onWarning?("notification \(id) cannot be shown: \(reason)")
        }
        entries[id] = nil
        for each in [id] + entry.stacked {
            stackedInto[each] = nil
            onClosed?(each, .undefined)
        }
        return nil
    }
}
