import HUDBus
import HUDConfig

/// Duplicates stacked with a count, as dunst's `stack_duplicates`: a notification from the same application with the
/// same text, icon, urgency and actions as one shown or waiting joins it, and its bubble shows how many it holds
/// (`Build failed ×3`). Unlike dunst, which closes the older id at once, every id stays open until the stack closes;
/// `CloseNotification` of one id takes it out alone, and a replacement of one id takes it out to be shown as itself.
///
/// This value is only the bookkeeping: which ids stand in which stack, and the index that finds a duplicate without
/// a look at each open notification. The desk keeps a stack under one id (its key, an entry of its own) and asks
/// here what a change means for it.
struct NotificationStacks {
    /// What taking an id out of its stack left.
    enum Removal: Equatable {
        /// It was one of the stack kept under `key`, which stays with one fewer.
        case left(key: UInt32)
        /// It was the stack's key: the stack is now kept under `next`, its oldest other id.
        case handedOver(to: UInt32)
    }

    /// The ids stacked onto each key, oldest first.
    private var members: [UInt32: [UInt32]] = [:]
    /// The key each stacked id belongs to.
    private var keys: [UInt32: UInt32] = [:]
    /// The open notification each text was last shown or queued under: an answer may be stale, so the desk checks
    /// it against what is open (a flood of 5,000 against a hundred waiting must not look at each).
    private var index: [StackKey: UInt32] = [:]

    /// The key of the stack `id` was stacked onto; nil for a key or an id in no stack.
    func key(of id: UInt32) -> UInt32? { keys[id] }

    /// The key of the stack `id` is part of, as a member or as its key; nil when it stands alone.
    func stack(of id: UInt32) -> UInt32? { keys[id] ?? (members[id]?.isEmpty == false ? id : nil) }

    /// The ids stacked onto `key`, oldest first (the key itself not among them).
    func members(of key: UInt32) -> [UInt32] { members[key] ?? [] }

    /// The id a click on the stack under `key` speaks for: its newest.
    func newest(of key: UInt32) -> UInt32 { members[key]?.last ?? key }

    /// `id` joins the stack kept under `key`.
    mutating func join(_ id: UInt32, onto key: UInt32) {
        members[key, default: []].append(id)
        keys[id] = key
    }

    /// Takes `id` out of its stack; nil when it was in none.
    mutating func remove(_ id: UInt32) -> Removal? {
        if let key = keys.removeValue(forKey: id) {
            members[key]?.removeAll { $0 == id }
            if members[key]?.isEmpty == true { members[key] = nil }
            return .left(key: key)
        }
        guard var rest = members.removeValue(forKey: id), !rest.isEmpty else { return nil }
        let next = rest.removeFirst()
        keys[next] = nil
        for each in rest { keys[each] = next }
        if !rest.isEmpty { members[next] = rest }
        return .handedOver(to: next)
    }

    /// The stack kept under `key` is over: its members, which are over with it, oldest first.
    mutating func dissolve(_ key: UInt32) -> [UInt32] {
        let gone = members.removeValue(forKey: key) ?? []
        for id in gone { keys[id] = nil }
        return gone
    }

    /// The open notification `key` might be a duplicate of (to be checked: the index may be stale).
    func candidate(for key: StackKey) -> UInt32? { index[key] }

    /// Notes that `id` shows the text of `key` now. The index is rebuilt from `open` when stale answers outnumber
    /// live ones (`openCount` is how many are open), so it stays as small as what is open.
    mutating func remember(_ id: UInt32, as key: StackKey, openCount: Int, open: () -> [(StackKey, UInt32)]) {
        index[key] = id
        guard index.count > 2 * openCount + 64 else { return }
        index = [:]
        for (key, id) in open() { index[key] = id }
    }

    /// The open notification (of `entries`) that `n` would join, if any: never a value or synchronous one (an OSD,
    /// or a bubble with a bar: `stacking` says which may), one with raw pixels, or one hiding.
    func duplicate(of n: Notification, skipHistory: Bool, in entries: [UInt32: NotificationEntry],
                   stacking: (Notification) -> Bool) -> UInt32? {
        guard let key = candidate(for: StackKey(n, skipHistory: skipHistory)), let entry = entries[key],
              entry.stackable, entry.reason == nil, entry.skipHistory == skipHistory, stacking(entry.notification),
              entry.notification.isDuplicate(of: n) else { return nil }
        return key
    }

    /// Notes the text `id` of `entries` shows now, for `duplicate(of:skipHistory:in:stacking:)`.
    mutating func index(_ id: UInt32, in entries: [UInt32: NotificationEntry], stacking: (Notification) -> Bool) {
        func stacks(_ entry: NotificationEntry) -> Bool { entry.stackable && stacking(entry.notification) }
        guard let entry = entries[id], stacks(entry) else { return }
        remember(id, as: StackKey(entry.notification, skipHistory: entry.skipHistory), openCount: entries.count) {
            entries.compactMap { id, entry in
                stacks(entry) ? (StackKey(entry.notification, skipHistory: entry.skipHistory), id) : nil
            }
        }
    }
}

/// What `Notification.isDuplicate(of:)` compares, hashed.
struct StackKey: Hashable {
    var app, summary, body, icon: String
    var imagePath: String?
    var urgency: Urgency
    var actions: [String]
    var skipHistory: Bool

    init(_ n: Notification, skipHistory: Bool) {
        (app, summary, body, icon) = (n.appName, n.summary, n.body, n.appIcon)
        imagePath = n.imagePath
        urgency = n.urgency
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
