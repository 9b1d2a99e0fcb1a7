import HUDControl

/// Duplicates stacked onto one bubble (`NotificationStacks` decides; the desk carries it out on screen and in the
/// queue).
extension NotificationDesk {
    /// Notes the text `id` shows now, for `duplicate(of:skipHistory:)`.
    func indexForStacking(_ id: UInt32) {
        stacks.index(id, in: entries, stacking: presentation.stacksDuplicates)
    }

    /// Notification `id` joins the stack kept under `key`: a shown one counts it and its time starts again.
    func join(_ id: UInt32, onto key: UInt32) {
        guard let entry = entries[key] else { return }
        stacks.join(id, onto: key)
        if entry.hud != nil, !entry.parked { present(key) }
    }

    /// Takes `id` out of its stack, the stack staying with one fewer, and says it closed for `reason` (nil: it is
    /// being replaced, and goes on as a notification of its own).
    func unstack(_ id: UInt32, reason: NotificationServer.CloseReason?) {
        switch stacks.remove(id) {
        case .left(let key)?:
            recount(key)
        case .handedOver(let next)?:
            // The stack is kept under `next` from now on: its place in the queue and the column, its HUD (whose
            // clicks and hide now name `next`) and its expiry go with it.
            guard let entry = entries.removeValue(forKey: id) else { return }
            waiting.rename(id, to: next)
            screen.column.rename(id, to: next)
            entries[next] = entry
            indexForStacking(next)
            recount(next)
        case nil:
            return
        }
        if let reason { onClosed?(id, reason) }
    }

    /// The shown stack under `key` says its count again; one on its way out only hears of its new key when it
    /// has hidden.
    func recount(_ key: UInt32) {
        guard let entry = entries[key], let hud = entry.hud else { return }
        if entry.isShown {
            hud.post(bound(to: key, entry))
        } else {
            var change = HUDChange()
            change.completion = { [unowned self] in finished(key) }
            hud.post(change)
        }
    }
}
