import Glibc
import HUDBase
import HUDBus
import HUDLoop

/// dunst's control interface, `org.dunstproject.cmd0` on the freedesktop object, as dunst 1.9 serves it (its
/// src/dbus.c), so that dunstctl and the key bindings written for it work unchanged: the same members and
/// signatures, the same errors for a bad position or rule, and the same answers where the two servers agree.
@MainActor final class DunstControl {
    static let interface = "org.dunstproject.cmd0"

    static let members: [BusMember] = [
        .method("ContextMenuCall", "", returns: ""),
        .method("NotificationAction", "u", returns: ""),
        .method("NotificationCloseLast", "", returns: ""),
        .method("NotificationCloseAll", "", returns: ""),
        .method("NotificationListHistory", "", returns: "aa{sv}"),
        .method("NotificationPopHistory", "u", returns: ""),
        .method("NotificationShow", "", returns: ""),
        .method("NotificationRemoveFromHistory", "u", returns: ""),
        .method("NotificationClearHistory", "", returns: ""),
        .method("RuleEnable", "si", returns: ""),
        .method("Ping", "", returns: ""),
        .property("paused", "b", writable: true),
        .property("displayedLength", "u", writable: false),
        .property("historyLength", "u", writable: false),
        .property("waitingLength", "u", writable: false),
    ]

    private let desk: NotificationDesk
    private let dmenu: String
    private var object: BusObject?
    /// A context menu is open: dunst refuses to open a second.
    private var menuOpen = false

    init(desk: NotificationDesk, connection: BusConnection, dmenu: String = DmenuPick.defaultCommand)
        throws(BusError) {
        self.desk = desk
        self.dmenu = dmenu
        let properties = BusProperties(get: { [unowned self] name, reply throws(BusErrorReply) in
            try get(name, reply)
        }, set: { [unowned self] name, value throws(BusErrorReply) in
            try set(name, value)
        })
        object = try connection.export(path: NotificationServer.path, interface: Self.interface, members: Self.members,
                                       properties: properties) { [unowned self] call, reply throws(BusErrorReply) in
            try answer(call, reply)
        }
    }

    private func get(_ name: String, _ reply: BusMessage) throws(BusErrorReply) {
        try BusErrorReply.answering {
            let c = desk.counts
            switch name {
            case "paused": try reply.append(desk.isPaused)
            case "displayedLength": try reply.append(UInt32(desk.displayedInDunstOrder.count))
            case "historyLength": try reply.append(UInt32(c.history))
            case "waitingLength": try reply.append(UInt32(c.waiting))
            default: throw BusErrorReply.invalidArgs("no property \(name)")
            }
        }
    }

    private func set(_ name: String, _ value: BusMessage) throws(BusErrorReply) {
        guard name == "paused" else { throw .invalidArgs("\(name) cannot be set") }
        let paused: Bool
        do { paused = try value.readBool() } catch { throw .invalidArgs("paused takes a boolean") }
        if paused, !desk.isPaused { desk.pause() } else if !paused, desk.isPaused { desk.resume() }
    }

    private func answer(_ call: BusMessage, _ reply: BusMessage) throws(BusErrorReply) {
        try BusErrorReply.answering {
            switch call.member {
            case "ContextMenuCall": openMenu()
            case "NotificationAction": try action(Int(try call.readUInt32()))
            case "NotificationCloseLast":
                if let first = desk.displayedInDunstOrder.first { desk.close(first, reason: .dismissed) }
            case "NotificationCloseAll": desk.closeAll(reason: .dismissed)
            case "NotificationListHistory":
                try reply.appendDictionaries(desk.closed.map { Self.entry($0, expiry: desk.expiryRule) })
            // dunst answers success whether or not the id is in the history.
            case "NotificationPopHistory": _ = desk.popHistory(id: try call.readUInt32())
            case "NotificationShow": _ = desk.popHistory()
            case "NotificationRemoveFromHistory": desk.removeFromHistory(try call.readUInt32())
            case "NotificationClearHistory": desk.clearHistory()
            case "RuleEnable":
                let name = try call.readString()
                let state = try call.readInt32()
                guard (0...2).contains(state) else {
                    throw BusErrorReply.invalidArgs("Couldn't understand state \(state). It must be 0, 1 or 2")
                }
                guard desk.setRule(name, enabled: state == 2 ? nil : state == 1) else {
                    throw BusErrorReply.invalidArgs("There is no rule named \"\(name)\"")
                }
            case "Ping": break
            default: throw BusErrorReply.unknownMethod
            }
        }
    }

    /// dunst's `notification_do_action` on the notification at `position` of its displayed list: its default
    /// action, else its only action, else the context menu of its actions and links.
    private func action(_ position: Int) throws(BusErrorReply) {
        let shown = desk.displayedInDunstOrder
        guard position < shown.count else {
            // dunst says it so, and answers success for position 0 with nothing shown.
            if position == 0 { return }
            throw .invalidArgs("Couldn't activate action for notification in position \(position), "
                + "\(shown.count) notifications currently open")
        }
        let id = shown[position]
        // dunst 1.9 does nothing for one without actions (later releases open its links).
        guard let n = desk.notification(id), !n.actions.isEmpty else { return }
        if let key = n.defaultAction ?? (n.actions.count == 1 ? n.actions[0].key : nil) {
            desk.signalAction(id, key)
        } else {
            openMenu(only: id)
        }
    }

    /// Runs the dmenu command with the actions and links of the notifications shown (or of `only`), and acts on its
    /// pick.
    private func openMenu(only: UInt32? = nil) {
        let lines = only.map(desk.menuLines(of:)) ?? desk.menuLines
        guard !menuOpen, !lines.isEmpty else { return }
        menuOpen = true
        DmenuPick.start(dmenu, lines: lines, loop: SystemLoop.main) { [weak self] outcome in
            guard let self else { return }
            menuOpen = false
            switch outcome {
            case .picked(let line):
                if desk.pick(line) == nil {
                    desk.onWarning?("the menu's pick names no action shown and no link: \(line)")
                }
            case .cancelled: break
            case .failed(let why): desk.onWarning?("cannot open the context menu: \(why)")
            }
        }
    }

    /// A closed notification as dunst's `NotificationListHistory` gives it: dunst 1.9's eleven keys, then
    /// `urgency`, `stack_tag` and `urls`, which later dunst releases add.
    static func entry(_ record: NotificationRecord, expiry: NotificationExpiry)
        -> [(key: String, value: BusVariant)] {
        let n = record.notification
        let call = RuleScriptCall(script: "", id: record.id, n, timeout: nil, now: 0)
        let micro = 1_000_000.0
        // Received on the wall clock; dunst's timestamp is the monotonic time it arrived.
        let age = Double(max(0, Int64(time(nil)) - n.received))
        let timestamp = Int64((MonotonicClock.now - age) * micro)
        let timeout = expiry.seconds(for: n).map { Int64($0 * micro) } ?? 0
        return [
            ("body", .string(n.body)),
            ("message", .string(message(n))),
            ("summary", .string(n.summary)),
            ("appname", .string(n.appName)),
            ("category", .string(n.hints["category"]?.string ?? "")),
            ("default_action_name", .string("default")),
            ("icon_path", .string(call.environment["DUNST_ICON_PATH"] ?? "")),
            ("id", .int32(Int32(bitPattern: record.id))),
            ("timestamp", .int64(timestamp)),
            ("timeout", .int64(timeout)),
            ("progress", .int32(Int32(call.environment["DUNST_PROGRESS"] ?? "") ?? -1)),
            ("urgency", .string(call.arguments.last ?? "NORMAL")),
            ("stack_tag", .string(call.environment["DUNST_STACK_TAG"] ?? "")),
            ("urls", .string(call.environment["DUNST_URLS"] ?? "")),
        ]
    }

    /// dunst's default format, `<b>%s</b>\n%b`: the summary escaped in bold, then the body with its links as their
    /// text.
    static func message(_ n: Notification) -> String {
        var summary = n.summary
        for (c, e) in [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")] { summary = summary.replacing(c, with: e) }
        return "<b>\(summary)</b>\n\(NotificationLinks.withoutAnchorTags(n.body))"
    }
}
