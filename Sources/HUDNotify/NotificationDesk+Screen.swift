import HUDControl
import HUDLoop
import HUDScene

/// A notification on screen: its HUD claimed and shown, what its clicks and hover do, and the pill for what waits.
extension NotificationDesk {
    /// Shows (or updates in place) the HUD of `id`, and gives it its place in the column (none for an OSD).
    func present(_ id: UInt32) {
        guard var entry = entries[id] else { return }
        if entry.hud == nil {
            let claimed = screen.claim(entry)
            guard case .local(let hud) = claimed else {
                // Shown by another process (the name's), or nowhere: over here, reason 4.
                if case .failed(let reason) = claimed { onWarning?("notification \(id) cannot be shown: \(reason)") }
                entries[id] = nil
                for each in [id] + stacks.dissolve(id) { onClosed?(each, .undefined) }
                return
            }
            entry.hud = hud
        }
        entry.reason = nil
        if let hud = entry.hud {
            screen.column.changed(at: clock.now)
            screen.show(id, entry, on: hud, stackCount: stackCount(id), change: bound(to: id, entry))
        }
        entry.expires = entry.hovered ? nil : expiry(of: entry.notification)
        entries[id] = entry
        wakeUp()
    }

    /// What the HUD of `id` is given: its text and the stack's count, its buttons and what its clicks do.
    func bound(to id: UInt32, _ entry: NotificationEntry) -> HUDChange {
        presentation.change(for: id, entry, stackCount: stackCount(id),
                            takesClicks: mouse.takesClicks, actions: actions)
    }

    /// What the desk does for a HUD's clicks, hover and end.
    var actions: NotificationHUDActions {
        NotificationHUDActions(invoke: { [unowned self] in invoke($0, $1) },
                               click: { [unowned self] in click($0, on: $1) },
                               hover: { [unowned self] in hover($0, $1) },
                               finished: { [unowned self] in finished($0) })
    }

    /// How many notifications the HUD of `id` stands for: it and those stacked onto it.
    func stackCount(_ id: UInt32) -> Int { 1 + stacks.members(of: id).count }

    /// The pointer came onto the HUD of `id` (`inside`) or left it: its timeout stops while the pointer is there,
    /// and starts again, whole, when it leaves, as KDE and GNOME do: a notification being read does not go.
    func hover(_ id: UInt32, _ inside: Bool) {
        guard var entry = entries[id], entry.isShown, entry.hovered != inside else { return }
        entry.hovered = inside
        entry.expires = inside ? nil : expiry(of: entry.notification)
        entries[id] = entry
        wakeUp()
    }

    /// A click of pointer `button` on the bezel of `id`, as `NotificationMouse` says.
    func click(_ button: Int, on id: UInt32) {
        guard let n = notification(id) else { return }
        switch mouse.click(button, on: n) {
        case .invoke(let key): invoke(id, key)
        case .close: close(id, reason: .dismissed)
        case .closeAll: closeAll(reason: .dismissed)
        case .nothing: break
        }
    }

    /// The pill says what waits now. Not while paused or over a fullscreen window: those wait for the user's sake,
    /// and a pill would disturb just as a bubble would (`x11hud notifications count` says how many wait).
    func updateMore() {
        screen.showWaiting(pause.isOn || display.isFullscreen ? 0 : waiting.count)
    }
}
