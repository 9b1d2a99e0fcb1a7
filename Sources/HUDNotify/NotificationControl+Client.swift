import HUDBus
import HUDConfig

extension NotificationControl {
    /// A closed notification, as `x11hud notifications history` prints it.
    public struct HistoryItem: Sendable, Encodable, Equatable {
        public var id: UInt32
        public var app: String
        public var summary: String
        public var body: String
        public var icon: String
        /// low, normal or critical.
        public var urgency: String
        /// Why it closed: expired, dismissed, closed (by its sender) or undefined.
        public var closed: String
        /// When it arrived, in seconds since 1970.
        public var received: Int64
    }

    /// The command line's end of the interface: one connection to the session bus, and a call for each question.
    @MainActor public struct Client {
        /// Why a question got no answer.
        public enum Failure: Error, Sendable {
            /// Nothing owns org.freedesktop.Notifications.
            case noServer
            /// Another server (dunst, mako) owns it: its process name and PID when the bus says.
            case notOurs(owner: String?, pid: Int32?)
            /// The bus cannot be reached, or the server did not answer.
            case bus(String)
            /// The server refused (no such notification, no such action): its message.
            case refused(name: String, message: String)
        }

        private let connection: BusConnection

        public init() throws(Failure) {
            do { connection = try BusConnection() } catch { throw .bus(error.description) }
        }

        public func history() throws(Failure) -> [HistoryItem] {
            let reply = try call("History")
            var items: [HistoryItem] = []
            do {
                try reply.readStructArray(NotificationControl.record) { () throws(BusError) in
                    let id = try reply.readUInt32()
                    let (app, summary, body, icon) = (try reply.readString(), try reply.readString(),
                                                      try reply.readString(), try reply.readString())
                    let urgency = Urgency(wire: Int64(try reply.readUInt32())) ?? .normal
                    let reason = NotificationServer.CloseReason(rawValue: try reply.readUInt32()) ?? .undefined
                    items.append(HistoryItem(id: id, app: app, summary: summary, body: body, icon: icon,
                                             urgency: urgency.word, closed: reason.word,
                                             received: try reply.readInt64()))
                }
            } catch { throw .bus("reading the history: \(error)") }
            return items
        }

        /// The new id of the notification shown again; nil when the history is empty.
        public func pop() throws(Failure) -> UInt32? {
            let id = try read(try call("Pop")) { m throws(BusError) in try m.readUInt32() }
            return id == 0 ? nil : id
        }

        /// `what`: on, off, toggle or status; `seconds`: how long a pause lasts. Whether it is paused now, and the
        /// seconds left of a pause given a duration.
        public func pause(_ what: String, for seconds: Double?) throws(Failure) -> (paused: Bool, left: Double?) {
            let reply = try call("Pause") { m throws(BusError) in
                try m.append(what)
                try m.append(seconds ?? -1)
            }
            return try read(reply) { m throws(BusError) in
                let paused = try m.readBool()
                let left = try m.readDouble()
                return (paused, left >= 0 ? left : nil)
            }
        }

        /// How many were closed.
        public func closeAll() throws(Failure) -> Int {
            Int(try read(try call("CloseAll")) { m throws(BusError) in try m.readUInt32() })
        }

        public func count() throws(Failure) -> (shown: Int, waiting: Int, history: Int) {
            try read(try call("Count")) { m throws(BusError) in
                (Int(try m.readUInt32()), Int(try m.readUInt32()), Int(try m.readUInt32()))
            }
        }

        /// Invokes action `key` (nil: the default one, else the first) of open notification `id`.
        public func invoke(_ id: UInt32, action key: String?) throws(Failure) {
            _ = try call("InvokeAction") { m throws(BusError) in
                try m.append(id)
                try m.append(key ?? "")
            }
        }

        /// Closes notification `id` (nil: the newest shown) as dismissed; the id closed, nil when none was shown.
        public func close(_ id: UInt32?) throws(Failure) -> UInt32? {
            let closed = try read(try call("Close") { m throws(BusError) in try m.append(id ?? 0) }) {
                m throws(BusError) in try m.readUInt32()
            }
            return closed == 0 ? nil : closed
        }

        /// The actions of the notifications shown, newest first: id, its HUD's name, key and label.
        public func actions() throws(Failure) -> [(id: UInt32, name: String, key: String, label: String)] {
            let reply = try call("Actions")
            var rows: [(id: UInt32, name: String, key: String, label: String)] = []
            do {
                try reply.readStructArray("usss") { () throws(BusError) in
                    rows.append((try reply.readUInt32(), try reply.readString(), try reply.readString(),
                                 try reply.readString()))
                }
            } catch { throw .bus("reading the actions: \(error)") }
            return rows
        }

        /// The links of the notifications shown, newest first: id, its HUD's name, the link's text and URL.
        public func links() throws(Failure) -> [(id: UInt32, name: String, link: NotificationLink)] {
            let reply = try call("Links")
            var rows: [(id: UInt32, name: String, link: NotificationLink)] = []
            do {
                try reply.readStructArray("usss") { () throws(BusError) in
                    let (id, name) = (try reply.readUInt32(), try reply.readString())
                    rows.append((id, name, NotificationLink(text: try reply.readString(), url: try reply.readString())))
                }
            } catch { throw .bus("reading the links: \(error)") }
            return rows
        }

        /// The lines of the context menu, as dunst gives dmenu: `#LABEL (SUMMARY) [ID,KEY]`, then `[TEXT] URL`.
        public func menuLines() throws(Failure) -> [String] {
            try read(try call("MenuLines")) { m throws(BusError) in try m.readStringArray() }
        }

        /// Invokes the action a menu line names (its id and key), or opens its link with the server's browser (0 and
        /// the URL).
        public func invokeMenuLine(_ line: String) throws(Failure) -> (id: UInt32, key: String) {
            try read(try call("InvokeMenuLine") { m throws(BusError) in try m.append(line) }) { m throws(BusError) in
                (try m.readUInt32(), try m.readString())
            }
        }

        /// Shows closed notification `id` again; its new id, nil when the history holds no such id.
        public func pop(id: UInt32) throws(Failure) -> UInt32? {
            let new = try read(try call("PopID") { m throws(BusError) in try m.append(id) }) { m throws(BusError) in
                try m.readUInt32()
            }
            return new == 0 ? nil : new
        }

        /// Turns rule `name` on, off or toggle; whether it is on now.
        public func rule(_ name: String, _ state: String) throws(Failure) -> Bool {
            try read(try call("Rule") { m throws(BusError) in
                try m.append(name)
                try m.append(state)
            }) { m throws(BusError) in try m.readBool() }
        }

        private func call(_ member: String, _ fill: (BusMessage) throws(BusError) -> Void = { _ in })
            throws(Failure) -> BusMessage {
            do {
                return try connection.call(destination: NotificationServer.busName, path: NotificationServer.path,
                                           interface: NotificationControl.interface, member: member, fill)
            } catch {
                switch error {
                case .failed(let e): throw .bus(e.description)
                case .reply(let e): throw failure(e)
                }
            }
        }

        private func failure(_ e: BusErrorReply) -> Failure {
            switch e.name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                return .noServer
            case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
                 "org.freedesktop.DBus.Error.UnknownObject":
                if case .taken(let owner, let pid) = connection.owner(of: NotificationServer.busName) {
                    return .notOurs(owner: owner, pid: pid)
                }
                return .notOurs(owner: nil, pid: nil)
            case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
                return .bus("the notification server did not answer")
            default: return .refused(name: e.name, message: e.message)
            }
        }

        private func read<T>(_ m: BusMessage, _ body: (BusMessage) throws(BusError) -> T) throws(Failure) -> T {
            do { return try body(m) } catch { throw .bus("reading the answer: \(error)") }
        }
    }
}

extension NotificationServer.CloseReason {
    /// How `history` names it.
    public var word: String {
        switch self {
        case .expired: return "expired"
        case .dismissed: return "dismissed"
        case .closedByCall: return "closed"
        case .undefined: return "undefined"
        }
    }
}
