import HUDConfig
import HUDLoop

/// What scripts, key bindings and dunstctl ask of the desk: x11hud's own `notifications` commands (over
/// `NotificationControl`), SIGUSR1 and SIGUSR2, and dunst's control interface (`DunstControl`).
extension NotificationDesk {
    /// Whether notifications wait (do not disturb).
    public var isPaused: Bool { pause.isOn }

    /// Seconds until a pause given a duration ends, nil when paused until resumed (or not paused).
    public var pauseLeft: Double? {
        pause.left(at: clock.now)
    }

    /// How many are shown, waiting and in the history.
    public var counts: (shown: Int, waiting: Int, history: Int) { (visibleCount, queued.count, history.count) }

    /// The history, newest first.
    public var closed: [NotificationRecord] { history.records.reversed() }

    /// Shows the newest closed notification again, under a new id, and takes it out of the history; nil when the
    /// history is empty. It shows as a new one does: it waits while paused (unless critical).
    public func popHistory() -> UInt32? {
        guard reopen != nil, let record = history.popLast() else { return nil }
        return reshow(record)
    }

    /// Shows `record` again under a new id, as `popHistory` does.
    func reshow(_ record: NotificationRecord) -> UInt32? {
        guard let reopen else { return nil }
        var n = record.notification
        n.replacesID = 0
        // Brought back to be read: as dunst's history-pop, it stays until closed unless `popped` says otherwise.
        if popped == .stay { n.expiry = .never }
        let id = reopen(n)
        show(id, n, picture: record.picture)
        return id
    }

    /// Why `invoke(_:action:)` did nothing.
    public enum InvokeFailure: Error, Equatable {
        case noSuchNotification
        /// The notification has no such action (or none, when none was named): its actions' keys.
        case noSuchAction(available: [String])
    }

    /// Invokes action `key` of open notification `id` as a click would (`ActionInvoked`, then closed with reason
    /// 2 unless resident); without a key, its `default` action, else its first.
    public func invoke(_ id: UInt32, action key: String?) throws(InvokeFailure) {
        guard let n = notification(id) else { throw .noSuchNotification }
        let keys = n.actions.map(\.key)
        guard let chosen = key ?? n.defaultAction ?? keys.first, keys.contains(chosen) else {
            throw .noSuchAction(available: keys)
        }
        invoke(id, chosen)
    }

    // MARK: dunst's control interface, and x11hud's `close`, `action`, `menu`, `pop ID` and `rule`

    /// The notifications on screen (not hiding) in dunst's order of its displayed list: the most urgent first, then
    /// the oldest (dunst's `sort`); `dunstctl close` closes the first, `dunstctl action N` acts on the Nth.
    public var displayedInDunstOrder: [UInt32] {
        entries.filter(\.value.isShown)
            .sorted { a, b in
                let (ua, ub) = (a.value.notification.urgency.rawValue, b.value.notification.urgency.rawValue)
                return ua != ub ? ua > ub : a.key < b.key
            }
            .map(\.key)
    }

    /// The notifications on screen (not hiding), newest first.
    public var shownNewestFirst: [UInt32] {
        entries.filter(\.value.isShown).keys.sorted(by: >)
    }

    /// The name of the HUD showing notification `id` (`x11hud list` shows it).
    public func hudName(of id: UInt32) -> String? { entries[stacks.key(of: id) ?? id]?.name }

    /// Closes the newest notification on screen as dismissed (reason 2); its id, nil when none is shown.
    @discardableResult public func closeNewest() -> UInt32? {
        guard let id = shownNewestFirst.first else { return nil }
        close(id, reason: .dismissed)
        return id
    }

    /// Says `ActionInvoked` for action `key` of open notification `id` without closing it, as dunst's
    /// `dunstctl action` and context menu do (the sender closes it if it wants: notify-send -A does).
    public func signalAction(_ id: UInt32, _ key: String) {
        onInvoked?(entries[id] != nil ? stacks.newest(of: id) : id, key)
    }

    /// Shows closed notification `id` again under a new id, taken out of the history; nil when the history holds
    /// no notification `id`.
    public func popHistory(id: UInt32) -> UInt32? {
        guard history.records.contains(where: { $0.id == id }), let record = history.remove(id: id) else {
            return nil
        }
        return reshow(record)
    }

    /// Takes notification `id` out of the history; whether it was there.
    @discardableResult public func removeFromHistory(_ id: UInt32) -> Bool { history.remove(id: id) != nil }

    /// Empties the history; how many it held.
    @discardableResult public func clearHistory() -> Int { history.removeAll() }

    /// The names of the rules, in the order they apply, and whether each is on.
    public var namedRules: [(name: String, enabled: Bool)] { intake.rules.named }

    /// Turns every rule called `name` on (`true`), off (`false`) or to the other state (nil, dunst's toggle); false
    /// when no rule has that name.
    public func setRule(_ name: String, enabled: Bool?) -> Bool { intake.rules.set(name, enabled: enabled) }

    /// The actions and links of the notifications on screen as dunst's context menu lists them, one line each:
    /// `#LABEL (SUMMARY) [ID,KEY]`, then each link's `[TEXT] URL` (`NotificationLink`), the notifications in
    /// reverse of dunst's displayed order, as it builds the list.
    public var menuLines: [String] { displayedInDunstOrder.reversed().flatMap(menuLines(of:)) }

    /// Acts on a line `menuLines` gave (dmenu's pick): `ActionInvoked` for its id and key when that notification is
    /// still shown with that action; the id and key, nil for a line that names none.
    @discardableResult public func invokeMenuLine(_ line: String) -> (id: UInt32, key: String)? {
        let text = String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard text.hasPrefix("#"), let open = text.lastIndex(of: "["), text.hasSuffix("]") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let comma = inside.firstIndex(of: ","), let id = UInt32(inside[..<comma]) else { return nil }
        let key = String(inside[inside.index(after: comma)...])
        guard shownNewestFirst.contains(id), notification(id)?.actions.contains(where: { $0.key == key }) == true
        else { return nil }
        signalAction(id, key)
        return (id, key)
    }
}
