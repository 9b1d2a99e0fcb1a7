import HUDBus
import HUDControl
import HUDLoop

/// Duplicates stacked with a count, as dunst's `stack_duplicates`: a notification from the same application with
/// the same text, icon, urgency and actions as one shown or waiting joins it, and its bubble shows how many it holds
/// (`Build failed ×3`, the count kept whole beside a long summary: `HUDContent.stackCount`), its timeout started
/// again. Unlike dunst, which closes the older id at once, every id stays open until the stack closes, then each is
/// closed with the stack's reason; `CloseNotification` of one id takes it out of the stack alone, and a replacement
/// of one id takes it out to be shown as itself.
extension NotificationDesk {
    /// The open notification `n` would join (its id), if any: never a value or synchronous one (an OSD, or a
    /// bubble with a bar), one with raw pixels, or one hiding.
    func duplicate(of n: Notification, skipHistory: Bool) -> UInt32? {
        guard let key = stackIndex[StackKey(n, skipHistory: skipHistory)], let entry = entries[key], entry.stackable,
              entry.reason == nil, entry.skipHistory == skipHistory, stacksDuplicates(entry.notification),
              entry.notification.isDuplicate(of: n) else { return nil }
        return key
    }

    /// Notes the text `id` shows now, for `duplicate(of:skipHistory:)`; the index is rebuilt when stale answers
    /// outnumber live ones, so it stays as small as what is open.
    func indexForStacking(_ id: UInt32) {
        func stacks(_ entry: Entry) -> Bool { entry.stackable && stacksDuplicates(entry.notification) }
        guard let entry = entries[id], stacks(entry) else { return }
        stackIndex[StackKey(entry.notification, skipHistory: entry.skipHistory)] = id
        guard stackIndex.count > 2 * entries.count + 64 else { return }
        stackIndex = [:]
        for (id, entry) in entries where stacks(entry) {
            stackIndex[StackKey(entry.notification, skipHistory: entry.skipHistory)] = id
        }
    }

    /// Notification `id` joins the stack kept under `key`: a shown one counts it and its time starts again.
    func join(_ id: UInt32, onto key: UInt32) {
        guard var entry = entries[key] else { return }
        entry.stacked.append(id)
        entries[key] = entry
        stackedInto[id] = key
        if entry.hud != nil { present(key) }
    }

    /// Takes `id` out of its stack, the stack staying with one fewer, and says it closed for `reason` (nil: it is
    /// being replaced, and goes on as a notification of its own).
    func unstack(_ id: UInt32, reason: NotificationServer.CloseReason?) {
        if let key = stackedInto.removeValue(forKey: id) {
            entries[key]?.stacked.removeAll { $0 == id }
            recount(key)
        } else if let next = entries[id]?.stacked.first {
            rekey(id, to: next)
        } else {
            return
        }
        if let reason { onClosed?(id, reason) }
    }

    /// The stack kept under `old` is kept under `new`, one of its ids, from now on: its place in the queue, its
    /// HUD (whose clicks and hide now name `new`) and its expiry go with it.
    private func rekey(_ old: UInt32, to new: UInt32) {
        guard var entry = entries.removeValue(forKey: old) else { return }
        entry.stacked.removeAll { $0 == new }
        stackedInto[new] = nil
        for id in entry.stacked { stackedInto[id] = new }
        waiting.rename(old, to: new)
        entries[new] = entry
        indexForStacking(new)
        recount(new)
    }

    /// The shown stack under `key` says its count again; one on its way out only hears of its new key when it
    /// has hidden.
    private func recount(_ key: UInt32) {
        guard let entry = entries[key], let hud = entry.hud else { return }
        if entry.reason == nil {
            hud.post(bound(to: key, entry))
        } else {
            var change = HUDChange()
            change.completion = { [unowned self] in finished(key) }
            hud.post(change)
        }
    }
}

/// What `Notification.isDuplicate(of:)` compares, hashed.
struct StackKey: Hashable {
    var app, summary, body, icon: String
    var imagePath: String?
    var urgency: Int
    var actions: [String]
    var skipHistory: Bool

    init(_ n: Notification, skipHistory: Bool) {
        (app, summary, body, icon) = (n.appName, n.summary, n.body, n.appIcon)
        imagePath = n.imagePath
        urgency = n.urgency.rawValue
        actions = n.actions.flatMap { [$0.key, $0.label] }
        self.skipHistory = skipHistory
    }
}

extension Notification {
    var imagePath: String? { (hints["image-path"] ?? hints["image_path"])?.string }

    /// Whether `other` is the same notification again (dunst's test): the same application, text, icon (by name),
    /// urgency and actions, and neither a replacement nor synchronous.
    func isDuplicate(of other: Notification) -> Bool {
        appName == other.appName && summary == other.summary && body == other.body
            && appIcon == other.appIcon && urgency == other.urgency && imagePath == other.imagePath
            && actions.map(\.key) == other.actions.map(\.key) && actions.map(\.label) == other.actions.map(\.label)
            && synchronousTag == nil && other.synchronousTag == nil && isResident == other.isResident
            && isTransient == other.isTransient
    }
}
