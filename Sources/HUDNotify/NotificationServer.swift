public import HUDBus

/// The `org.freedesktop.Notifications` service of the Desktop Notifications specification 1.2 on the session bus:
/// it reads `Notify` calls into `Notification`s, gives them ids (the same id to a replacement, by `replaces_id` or
/// by a synchronous hint), and hands them to the program, which shows each as a HUD and says how each ended. No X
/// here: what to draw and when to hide is the program's.
@MainActor public final class NotificationServer {
    public static let busName = "org.freedesktop.Notifications"
    public static let path = "/org/freedesktop/Notifications"
    public static let interface = "org.freedesktop.Notifications"

    /// Why a notification closed (the `NotificationClosed` signal's reason).
    public enum CloseReason: UInt32, Sendable {
        case expired = 1
        case dismissed = 2
        case closedByCall = 3
        case undefined = 4
    }

    /// What `GetCapabilities` answers: only what is honoured; `persistence` besides when `persistence` is set.
    public static let capabilities = [
        "body", "body-markup", "actions", "icon-static", "x-canonical-private-synchronous", "x-dunst-stack-tag",
        "synchronous", "private-synchronous",
    ]

    public let connection: BusConnection
    /// Whether closed notifications are kept (a history): `persistence` is advertised then, and only then, as
    /// libnotify programs keep their own reminders when it is not.
    public var persistence = false
    private var object: BusObject?
    private var nextID: UInt32 = 1
    /// The notifications not yet closed, by id, with the key of their synchronous hint.
    private var live: [UInt32: String?] = [:]
    /// The id of each synchronous key (app name and hint value) still open.
    private var byTag: [String: UInt32] = [:]
    private let version: String

    /// A notification to show, new (false) or replacing one still open under the same id (true).
    public var onShow: (@MainActor (UInt32, Notification, _ replacing: Bool) -> Void)?
    /// `CloseNotification` for an open id: hide it, then call `closed(_:reason: .closedByCall)`. (An id that is not
    /// open is answered here.)
    public var onClose: (@MainActor (UInt32) -> Void)?

    /// Connects to the session bus (loading libsystemd then, not before).
    public init(version: String) throws(BusError) {
        connection = try BusConnection()
        self.version = version
    }

    /// Takes the name (from its owner too with `replace`) and starts answering calls.
    public func start(replace: Bool) throws(BusError) -> BusConnection.NameRequest {
        object = try connection.export(path: Self.path, interface: Self.interface, members: [
            .method("Notify", "susssasa{sv}i", returns: "u"),
            .method("CloseNotification", "u", returns: ""),
            .method("GetCapabilities", "", returns: "as"),
            .method("GetServerInformation", "", returns: "ssss"),
            .signal("NotificationClosed", "uu"),
            .signal("ActionInvoked", "us"),
            .signal("ActivationToken", "us"),
        ]) { [unowned self] call, reply throws(BusErrorReply) in try answer(call, reply) }
        return try connection.requestName(Self.busName, replace: replace)
    }

    /// Whether `id` is open (shown, queued or hiding).
    public func isOpen(_ id: UInt32) -> Bool { live[id] != nil }

    private func answer(_ call: BusMessage, _ reply: BusMessage) throws(BusErrorReply) {
        try BusErrorReply.answering {
            switch call.member {
            case "Notify": try reply.append(notify(try Notification(reading: call)))
            case "CloseNotification": close(try call.readUInt32())
            case "GetCapabilities": try reply.append(Self.capabilities + (persistence ? ["persistence"] : []))
            case "GetServerInformation":
                for s in ["x11hud", "x11hud", version, "1.2"] { try reply.append(s) }
            default: throw BusErrorReply.unknownMethod
            }
        }
    }

    /// Takes `n` in as if it had been sent (an id, new unless its synchronous hint's is open) without showing it:
    /// the program shows it itself (a notification taken back from the history).
    public func reopen(_ n: Notification) -> UInt32 { register(n).id }

    private func notify(_ n: Notification) -> UInt32 {
        let (id, replacing) = register(n)
        onShow?(id, n, replacing)
        return id
    }

    private func register(_ n: Notification) -> (id: UInt32, replacing: Bool) {
        let tag = n.synchronousTag.map { "\(n.appName)\u{1F}\($0)" }
        var id: UInt32
        if n.replacesID != 0 {
            id = n.replacesID
        } else if let tag, let existing = byTag[tag] {
            id = existing
        } else {
            id = takeID()
        }
        let replacing = live[id] != nil
        if let old = live[id], let oldTag = old, oldTag != tag { byTag[oldTag] = nil }
        live[id] = .some(tag)
        if let tag { byTag[tag] = id }
        return (id, replacing)
    }

    private func takeID() -> UInt32 {
        // Ids are never 0 and never one still open, also after 2^32 notifications.
        repeat {
            let id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            if live[id] == nil { return id }
        } while true
    }

    /// Closes `id` if it is open. One that is not (expired, closed already, or never issued here) is a success
    /// with nothing signalled, as dunst and mako answer: the specification asks for an error, but libnotify takes
    /// that as a failure (its test-removal, closing a notification that has just expired, exits 1), and an id
    /// never issued here may be one of the server this one replaced (`--replace`).
    private func close(_ id: UInt32) {
        guard live[id] != nil else { return }
        onClose?(id)
    }

    /// The notification `id` has gone (its HUD hid, or it was dropped): says so on the bus.
    public func closed(_ id: UInt32, reason: CloseReason) {
        guard let entry = live.removeValue(forKey: id) else { return }
        if let tag = entry, byTag[tag] == id { byTag[tag] = nil }
        let member = "NotificationClosed"
        try? connection.emit(path: Self.path, interface: Self.interface, member: member) { m throws(BusError) in
            try m.append(id)
            try m.append(reason.rawValue)
        }
    }

    /// The user chose `action` of `id`: `ActivationToken` (empty: X11 has no activation tokens), then
    /// `ActionInvoked`; the program then hides it and calls `closed(_:reason: .dismissed)`.
    public func invoked(_ id: UInt32, action: String) {
        guard live[id] != nil else { return }
        for (member, text) in [("ActivationToken", ""), ("ActionInvoked", action)] {
            try? connection.emit(path: Self.path, interface: Self.interface, member: member) { m throws(BusError) in
                try m.append(id)
                try m.append(text)
            }
        }
    }
}
