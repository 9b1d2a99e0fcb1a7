import HUDBus

/// mako's control interface, `fr.emersion.Mako` on `/fr/emersion/Mako`, as mako 1.7 serves it (its dbus/mako.c),
/// so that makoctl and the key bindings written for it work unchanged: the same members and signatures, and the
/// same effects where x11hud has them. mako keeps its notifications newest first, so an id of 0 means the newest;
/// its do-not-disturb mode (`makoctl mode -a do-not-disturb`) is x11hud's pause.
@MainActor final class MakoControl {
    static let path = "/fr/emersion/Mako"
    static let interface = "fr.emersion.Mako"
    /// The mode a mako config conventionally hides notifications in; x11hud pauses for it.
    static let doNotDisturb = "do-not-disturb"

    static let members: [BusMember] = [
        .method("DismissAllNotifications", "", returns: ""),
        .method("DismissGroupNotifications", "", returns: ""),
        .method("DismissLastNotification", "", returns: ""),
        .method("DismissNotification", "ub", returns: ""),
        .method("InvokeAction", "us", returns: ""),
        .method("RestoreNotification", "", returns: ""),
        .method("ListNotifications", "", returns: "aa{sv}"),
        .method("Reload", "", returns: ""),
        .method("SetMode", "s", returns: ""),
        .method("ListModes", "", returns: "as"),
        .method("SetModes", "as", returns: ""),
    ]

    private let desk: NotificationDesk
    private var object: BusObject?
    /// The modes set, as mako starts: `default` only. Whether do-not-disturb is among them follows the pause,
    /// however it was asked (`modes`).
    private var chosen = ["default"]

    init(desk: NotificationDesk, connection: BusConnection) throws(BusError) {
        self.desk = desk
        object = try connection.export(path: Self.path, interface: Self.interface, members: Self.members) {
            [unowned self] call, reply throws(BusErrorReply) in
            try answer(call, reply)
        }
    }

    /// The modes as `ListModes` says them: do-not-disturb while paused, by makoctl, dunstctl or SIGUSR1.
    var modes: [String] {
        let others = chosen.filter { $0 != Self.doNotDisturb }
        return desk.isPaused ? others + [Self.doNotDisturb] : others
    }

    /// The open notifications (shown or waiting, not those on their way out), newest first, as mako lists them.
    private var newestFirst: [UInt32] { desk.entries.filter { $0.value.reason == nil }.keys.sorted(by: >) }

    /// The open notification `id`, or the newest for 0, as mako's handlers pick it.
    private func pick(_ id: UInt32) -> UInt32? {
        id == 0 ? newestFirst.first : (desk.notification(id) != nil ? id : nil)
    }

    private func answer(_ call: BusMessage, _ reply: BusMessage) throws(BusErrorReply) {
        try BusErrorReply.answering {
            switch call.member {
            case "DismissAllNotifications": desk.closeAll(reason: .dismissed)
            // mako's groups are its `group-by` criteria, none by default: a group is the notification and those
            // stacked onto it, which close with it.
            case "DismissGroupNotifications", "DismissLastNotification": dismiss(0)
            case "DismissNotification":
                let id = try call.readUInt32()
                _ = try call.readBool()
                dismiss(id)
            case "InvokeAction":
                let id = try call.readUInt32()
                let key = try call.readString()
                // As mako's handler: the action said, the notification left to its sender to close.
                if let id = pick(id), desk.notification(id)?.actions.contains(where: { $0.key == key }) == true {
                    desk.signalAction(id, key)
                }
            case "RestoreNotification": _ = desk.popHistory()
            case "ListNotifications": try reply.appendDictionaries(newestFirst.compactMap(entry))
            case "Reload":
                throw BusErrorReply(name: "fr.emersion.Mako.InvalidConfig",
                                    message: "x11hud reads its configuration when it starts: restart it to reload")
            case "SetMode": set([try call.readString()])
            case "ListModes": try reply.append(modes)
            case "SetModes": set(try call.readStringArray())
            default: throw BusErrorReply.unknownMethod
            }
        }
    }

    private func dismiss(_ id: UInt32) {
        if let id = pick(id) { desk.close(id, reason: .dismissed) }
    }

    /// Sets the modes; do-not-disturb among them pauses, its absence resumes.
    private func set(_ modes: [String]) {
        chosen = modes
        let quiet = modes.contains(Self.doNotDisturb)
        if quiet, !desk.isPaused { desk.pause() } else if !quiet, desk.isPaused { desk.resume() }
    }

    /// Notification `id` as mako's `ListNotifications` gives it: its seven keys in mako's order (busctl's JSON of
    /// the two servers is the same, but for the ids).
    private func entry(_ id: UInt32) -> [(key: String, value: BusVariant)]? {
        guard let n = desk.notification(id) else { return nil }
        // Last first: mako keeps each action it reads at the head of its list.
        let actions = n.actions.reversed()
        return [
            ("app-name", .string(n.appName)),
            ("app-icon", .string(n.appIcon)),
            ("category", .string(n.hints["category"]?.string ?? "")),
            ("summary", .string(n.summary)),
            ("body", .string(n.body)),
            ("id", .uint32(id)),
            ("actions", .stringMap(keys: actions.map(\.key), values: actions.map(\.label))),
        ]
    }
}
