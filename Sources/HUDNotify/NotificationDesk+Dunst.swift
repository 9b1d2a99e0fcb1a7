import HUDConfig

/// What dunst's control interface (`DunstControl`, for dunstctl) and x11hud's own `close`, `action`, `menu`, `pop ID`
/// and `rule` commands ask of the desk, beyond `NotificationDesk+Control`.
extension NotificationDesk {
    /// The notifications on screen (not hiding) in dunst's order of its displayed list: the most urgent first, then
    /// the oldest (dunst's `sort`); `dunstctl close` closes the first, `dunstctl action N` acts on the Nth.
    public var displayedInDunstOrder: [UInt32] {
        entries.filter { $0.value.hud != nil && $0.value.reason == nil }
            .sorted { a, b in
                let (ua, ub) = (a.value.notification.urgency.rawValue, b.value.notification.urgency.rawValue)
                return ua != ub ? ua > ub : a.key < b.key
            }
            .map(\.key)
    }

    /// The notifications on screen (not hiding), newest first.
    public var shownNewestFirst: [UInt32] {
        entries.filter { $0.value.hud != nil && $0.value.reason == nil }.keys.sorted(by: >)
    }

    /// The name of the HUD showing notification `id` (`x11hud list` shows it).
    public func hudName(of id: UInt32) -> String? { entries[stackedInto[id] ?? id]?.name }

    /// Closes the newest notification on screen as dismissed (reason 2); its id, nil when none is shown.
    @discardableResult public func closeNewest() -> UInt32? {
        guard let id = shownNewestFirst.first else { return nil }
        close(id, reason: .dismissed)
        return id
    }

    /// Says `ActionInvoked` for action `key` of open notification `id` without closing it, as dunst's
    /// `dunstctl action` and context menu do (the sender closes it if it wants: notify-send -A does).
    public func signalAction(_ id: UInt32, _ key: String) {
        onInvoked?(entries[id].map { $0.stacked.last ?? id } ?? id, key)
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
    public var namedRules: [(name: String, enabled: Bool)] {
        rules.compactMap { rule in rule.name.map { ($0, isEnabled(rule)) } }
    }

    /// Turns every rule called `name` on (`true`), off (`false`) or to the other state (nil, dunst's toggle); false
    /// when no rule has that name.
    public func setRule(_ name: String, enabled: Bool?) -> Bool {
        guard let rule = rules.first(where: { $0.name == name }) else { return false }
        ruleSwitches[name] = enabled ?? !isEnabled(rule)
        return true
    }

    func isEnabled(_ rule: NotificationRule) -> Bool {
        rule.name.flatMap { ruleSwitches[$0] } ?? rule.enabled
    }

    /// The actions of the notifications on screen as dunst's context menu lists them, one line each:
    /// `#LABEL (SUMMARY) [ID,KEY]`, the notifications in reverse of dunst's displayed order, as it builds the list.
    public var menuLines: [String] {
        displayedInDunstOrder.reversed().flatMap { id -> [String] in
            guard let n = notification(id) else { return [] }
            return n.actions.map { "#\($0.label) (\(n.summary)) [\(id),\($0.key)]" }
        }
    }

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
