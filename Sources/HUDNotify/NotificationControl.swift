public import HUDBus
import HUDConfig

/// `org.x11hud.Notifications`: x11hud's own interface beside the freedesktop one, on the same name and object, for
/// scripts and key bindings (`x11hud notifications history|pop|pause|close-all|count|action`). `Client` is the
/// other end; both read the members from here.
@MainActor public final class NotificationControl {
    public nonisolated static let interface = "org.x11hud.Notifications"

    /// The error names of its replies, beside D-Bus's own.
    public enum ErrorName {
        public static let noSuchNotification = "org.x11hud.Notifications.Error.NoSuchNotification"
        public static let noSuchAction = "org.x11hud.Notifications.Error.NoSuchAction"
        public static let noSuchRule = "org.x11hud.Notifications.Error.NoSuchRule"
    }

    /// A closed notification on the wire: id, app, summary, body, icon, urgency, close reason, time received.
    static let record = "ussssuux"

    static let members: [BusMember] = [
        .method("History", "", returns: "a(\(record))"),
        // The new id, 0 when the history is empty.
        .method("Pop", "", returns: "u"),
        // on|off|toggle|status and a duration in seconds (negative: none); paused or not, and the seconds left
        // (negative: until resumed).
        .method("Pause", "sd", returns: "bd"),
        .method("CloseAll", "", returns: "u"),
        // Shown, waiting, in the history.
        .method("Count", "", returns: "uuu"),
        // Its id (0: the newest shown with an action) and the action's key (empty: its default action, else its
        // first).
        .method("InvokeAction", "us", returns: ""),
        // An id (0: the newest shown); the id closed, 0 when none was.
        .method("Close", "u", returns: "u"),
        // The actions of the notifications shown, newest first: id, its HUD's name, key, label.
        .method("Actions", "", returns: "a(usss)"),
        // The links of the notifications shown, newest first: id, its HUD's name, text, URL.
        .method("Links", "", returns: "a(usss)"),
        // A line of those `MenuLines` gives, as dmenu picked it; the id and key invoked, or 0 and the URL opened.
        .method("MenuLines", "", returns: "as"),
        .method("InvokeMenuLine", "s", returns: "us"),
        // The id of a closed notification; the new id, 0 when the history holds no such id.
        .method("PopID", "u", returns: "u"),
        // A rule's name and on, off or toggle; whether it is on now.
        .method("Rule", "ss", returns: "b"),
    ]

    /// The longest pause with a duration, in seconds (a week).
    public nonisolated static let longestPause = 7 * 86400.0

    private let desk: NotificationDesk
    private var object: BusObject?
    /// dunst's `org.dunstproject.cmd0`, for dunstctl, on the same object.
    private var dunst: DunstControl?
    /// mako's `fr.emersion.Mako`, for makoctl.
    private var mako: MakoControl?

    /// Exports the interface on `connection` at the freedesktop object's path.
    public init(desk: NotificationDesk, connection: BusConnection) throws(BusError) {
        self.desk = desk
        object = try connection.export(path: NotificationServer.path, interface: Self.interface,
                                       members: Self.members) { [unowned self] call, reply throws(BusErrorReply) in
            try answer(call, reply)
        }
        dunst = try DunstControl(desk: desk, connection: connection, dmenu: desk.dmenu)
        mako = try MakoControl(desk: desk, connection: connection)
    }

    private func answer(_ call: BusMessage, _ reply: BusMessage) throws(BusErrorReply) {
        try BusErrorReply.answering {
            switch call.member {
            case "History":
                try reply.appendStructArray(Self.record, desk.closed) { r throws(BusError) in
                    let n = r.notification
                    try reply.append(r.id)
                    for s in [n.appName, n.summary, n.body, n.appIcon] { try reply.append(s) }
                    try reply.append(UInt32(n.urgency.rawValue))
                    try reply.append(r.reason.rawValue)
                    try reply.append(n.received)
                }
            case "Pop": try reply.append(desk.popHistory() ?? 0)
            case "Pause":
                let what = try call.readString()
                let seconds = try call.readDouble()
                try pause(what, seconds: seconds)
                try reply.append(desk.isPaused)
                try reply.append(desk.pauseLeft ?? -1)
            case "CloseAll": try reply.append(UInt32(desk.closeAll(reason: .dismissed)))
            case "Count":
                let c = desk.counts
                for n in [c.shown, c.waiting, c.history] { try reply.append(UInt32(n)) }
            case "InvokeAction":
                var id = try call.readUInt32()
                let key = try call.readString()
                if id == 0 {
                    guard let newest = desk.shownNewestFirst.first(where: { desk.notification($0)?.actions.isEmpty
                        == false }) else {
                        throw BusErrorReply(name: ErrorName.noSuchNotification,
                                            message: "no notification with an action is shown")
                    }
                    id = newest
                }
                try invoke(id, key.isEmpty ? nil : key)
            case "Close":
                let id = try call.readUInt32()
                if id == 0 {
                    try reply.append(desk.closeNewest() ?? 0)
                } else {
                    guard desk.notification(id) != nil else {
                        throw BusErrorReply(name: ErrorName.noSuchNotification,
                                            message: "no notification \(id) is open")
                    }
                    desk.close(id, reason: .dismissed)
                    try reply.append(id)
                }
            case "Actions":
                let rows = desk.shownNewestFirst.flatMap { id in
                    (desk.notification(id).map { n in
                        n.actions.map { (id, desk.hudName(of: id) ?? "", $0.key, $0.label) }
                    }) ?? []
                }
                try reply.appendStructArray("usss", rows) { row throws(BusError) in
                    try reply.append(row.0)
                    for s in [row.1, row.2, row.3] { try reply.append(s) }
                }
            case "Links":
                let rows = desk.shownLinks.flatMap { shown in
                    shown.links.map { (shown.id, desk.hudName(of: shown.id) ?? "", $0.text, $0.url) }
                }
                try reply.appendStructArray("usss", rows) { row throws(BusError) in
                    try reply.append(row.0)
                    for s in [row.1, row.2, row.3] { try reply.append(s) }
                }
            case "MenuLines": try reply.append(desk.menuLines)
            case "InvokeMenuLine":
                let line = try call.readString()
                switch desk.pick(line) {
                case .invoked(let id, let key):
                    try reply.append(id)
                    try reply.append(key)
                case .opened(let url):
                    try reply.append(UInt32(0))
                    try reply.append(url)
                case nil:
                    throw BusErrorReply(name: ErrorName.noSuchAction, message: "no action or link shown is '\(line)'")
                }
            case "PopID": try reply.append(desk.popHistory(id: try call.readUInt32()) ?? 0)
            case "Rule":
                let name = try call.readString()
                let what = try call.readString()
                let state: Bool?
                switch what {
                case "on": state = true
                case "off": state = false
                case "toggle": state = nil
                default: throw BusErrorReply.invalidArgs("'\(what)' is not one of on, off, toggle")
                }
                guard desk.setRule(name, enabled: state) else {
                    let names = desk.namedRules.map(\.name)
                    throw BusErrorReply(name: ErrorName.noSuchRule, message: "no rule is named '\(name)'"
                        + (names.isEmpty ? " (no rule has a name)" : " (named: \(names.joined(separator: ", ")))"))
                }
                try reply.append(desk.namedRules.first { $0.name == name }?.enabled ?? false)
            default: throw BusErrorReply.unknownMethod
            }
        }
    }

    private func pause(_ what: String, seconds: Double) throws(BusErrorReply) {
        // At most a week, as the command line allows: another caller's 1e300 must not reach the timer as infinity.
        let duration = seconds.isFinite && seconds > 0 ? min(seconds, Self.longestPause) : nil
        switch what {
        case "on": desk.pause(for: duration)
        case "off": desk.resume()
        case "toggle": if desk.isPaused { desk.resume() } else { desk.pause(for: duration) }
        case "status": break
        default: throw .invalidArgs("'\(what)' is not one of on, off, toggle, status")
        }
    }

    private func invoke(_ id: UInt32, _ key: String?) throws(BusErrorReply) {
        do throws(NotificationDesk.InvokeFailure) {
            try desk.invoke(id, action: key)
        } catch {
            switch error {
            case .noSuchNotification:
                throw BusErrorReply(name: ErrorName.noSuchNotification, message: "no notification \(id) is open")
            case .noSuchAction(let keys):
                let has = keys.isEmpty ? "it has none" : "it has " + keys.joined(separator: ", ")
                let what = key.map { "no action '\($0)'" } ?? "no action"
                throw BusErrorReply(name: ErrorName.noSuchAction, message: "notification \(id) has \(what): \(has)")
            }
        }
    }
}
