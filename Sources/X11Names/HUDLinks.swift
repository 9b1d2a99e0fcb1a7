package import X11Display
package import CX11
import Glibc
import HUDScene
import ProgressFeed

/// How processes reach each other's HUDs through the X server, with no daemon and no file.
///
/// - A named HUD's process owns an X selection for the name, as compositors own `_NET_WM_CM_Sn`: the server ends the
///   ownership with the connection, so a killed owner leaves nothing stuck. Owning it is checked and taken under a
///   server grab, so two processes started at the same instant cannot both win.
/// - A request is a few lines of the stdin protocol's JSON in a property of the sender's own (unmapped) control
///   window, announced by a ClientMessage to the HUD's window or to the owner's control window; the receiver reads and
///   deletes the property in one request, so appended lines are never lost or read twice.
/// - The answer is a ClientMessage to the sender's control window: an acknowledgement, and, for those who asked to
///   hear it, how the HUD ended (0 hidden, 1 cancelled). It names the request by a random token (another client
///   cannot guess it, as it could a count) and the window that answers, which must be the one asked.
@MainActor package final class HUDLinks {
    /// What a request asks for, in the ClientMessage's flags.
    package struct Flags: OptionSet {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Lines wait in the sender's property.
        package static let update = Flags(rawValue: 1)
        /// Tell the sender when the HUD ends.
        package static let subscribe = Flags(rawValue: 2)
        /// Hide the HUD (honouring its minimum show time).
        package static let hide = Flags(rawValue: 4)
        /// Write the details from the figures from now on (`--details auto`): the receiver keeps the estimate,
        /// since it sees every update of every sender.
        package static let autoDetails = Flags(rawValue: 8)
        /// Show a new HUD, named by the request, described by its lines (`x11hud serve`: a client's whole HUD).
        package static let open = Flags(rawValue: 16)
    }

    package enum Reply: Int {
        /// The request was read and applied.
        case ack = 1
        /// The HUD has ended, with a status.
        case ended = 2
        /// No HUD takes requests there any more (it ended meanwhile): ask again.
        case gone = 3
    }

    package static let requestName = "_X11HUD_REQUEST"
    package static let replyName = "_X11HUD_REPLY"

    private let connection: XConnection
    /// Made on first use: the owner of this process's names, and where answers to its requests arrive.
    private var controlStorage: UInt = 0
    /// Control windows of other processes waiting to hear how a HUD (by its window) ends.
    private var subscribers: [UInt: [UInt: (serial: Int, target: UInt)]] = [:]

    package init(connection: XConnection) {
        self.connection = connection
    }

    isolated deinit {
        if controlStorage != 0 { XDestroyWindow(connection.display, controlStorage) }
    }

    package var controlWindow: UInt {
        if controlStorage == 0 {
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            controlStorage = XCreateWindow(connection.display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly),
                                           nil, UInt(CWOverrideRedirect), &attributes)
            // Its property changes are not wanted, but some event mask is needed for nothing else; keep it quiet.
            XSelectInput(connection.display, controlStorage, NoEventMask)
            WindowOwner.mark(controlStorage, connection: connection)
        }
        return controlStorage
    }

    /// The selection that stands for the HUD named `id` of this user on this display.
    package func selection(for id: String) -> UInt {
        connection.atom("_X11HUD_ID_\(getuid())_\(Self.escape(id))")
    }

    /// The selection the resident x11hud (`x11hud serve`) of this user on this display owns.
    package var serveSelection: UInt { connection.atom("_X11HUD_SERVE_\(getuid())") }

    /// The control window of this user's resident x11hud, or 0 when none runs (or it is this process).
    package func residentOwner() -> UInt {
        let (owner, ours) = owner(ofSelection: serveSelection)
        return ours && owner != controlWindow ? owner : 0
    }

    /// The window owning `atom` (0: none), read once, and whether it is ours to heed: none, this process's, or
    /// another process's of this user (`WindowOwner`). Another user's window holding one of our names is ignored.
    private func owner(ofSelection atom: UInt) -> (window: UInt, ours: Bool) {
        let owner = XGetSelectionOwner(connection.display, atom)
        return (owner, owner == 0 || owner == controlWindow
            || WindowOwner.isSameUser(owner, ours: controlWindow, connection: connection))
    }

    /// `id` as the tail of an atom name: ASCII letters, digits, `-`, `.` and `_` as they are, every other byte as
    /// `%` and two hex digits (fixed width, so no two ids share a name).
    package nonisolated static func escape(_ id: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for b in id.utf8.prefix(128) {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(b)
            default:
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The window that owns the name `id` (another process's control window, or ours), or 0. A window that is
    /// not this user's (`WindowOwner`) counts as none: nothing is forwarded to it, and `claim` takes the name.
    package func owner(of id: String) -> UInt {
        let (owner, ours) = owner(ofSelection: selection(for: id))
        return ours ? owner : 0
    }

    /// Takes the name `id` for this process unless another holds it. Returns the other owner's window, or nil when
    /// the name is now ours.
    package func claim(_ id: String) -> UInt? {
        claim(selection: selection(for: id))
    }

    /// Takes the resident's selection unless another resident of this user holds it (`claim`).
    package func claimServing() -> UInt? {
        claim(selection: serveSelection)
    }

    /// `claim` of the selection `atom`. Another user's window holding it is ignored (taken over); whether the owner
    /// is another user's is decided from one reading of the owner, the one it is compared with under the grab: two
    /// of our processes claiming at once must not each take the other's fresh ownership for a foreign one.
    private func claim(selection atom: UInt) -> UInt? {
        let control = controlWindow
        // Checked before the grab (it takes a few round trips).
        let seen = owner(ofSelection: atom)
        let foreign = seen.ours ? 0 : seen.window
        XGrabServer(connection.display)
        var owner = XGetSelectionOwner(connection.display, atom)
        if owner == 0 || owner == foreign {
            XSetSelectionOwner(connection.display, atom, control, UInt(CurrentTime))
            owner = XGetSelectionOwner(connection.display, atom)
        }
        XUngrabServer(connection.display)
        XFlush(connection.display)
        return owner == control ? nil : owner
    }

    /// Gives the name up (the HUD has gone), so that a queued process can take it.
    package func release(_ id: String) {
        let atom = selection(for: id)
        guard controlStorage != 0, XGetSelectionOwner(connection.display, atom) == controlStorage else { return }
        XSetSelectionOwner(connection.display, atom, 0, UInt(CurrentTime))
        XFlush(connection.display)
    }

    /// Asks to hear (as an XFixes selection event) when the owner of `id` changes: a queued process waits so.
    package func watchOwner(of id: String) {
        guard connection.xfixesEventBase != nil else { return }
        let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
            | XFixesSelectionClientCloseNotifyMask)
        XFixesSelectSelectionInput(connection.display, connection.root, selection(for: id), mask)
    }

    // MARK: Sending

    /// Sends `lines` (and `flags`) to `target`: a HUD's window, or the control window owning `id`. Returns the token
    /// the answers will carry: random, so that no other client can answer in the target's place.
    @discardableResult
    package func send(_ lines: [String], flags: Flags, to target: UInt, id: String?) -> Int {
        send(lines, flags: flags, to: target, selection: id.map(selection) ?? 0)
    }

    /// `send` for the selection `selection` (a name's, the resident's or 0).
    @discardableResult
    package func send(_ lines: [String], flags: Flags, to target: UInt, selection: UInt) -> Int {
        let serial = Int.random(in: 1..<(1 << 62))
        let control = controlWindow
        var flags = flags
        if !lines.isEmpty {
            var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            XChangeProperty(connection.display, control, connection.atom(Self.requestName),
                            connection.atom("UTF8_STRING"), 8, PropModeAppend, &bytes, Int32(bytes.count))
            flags.insert(.update)
        }
        // The target may have gone meanwhile (its process ended): that is what the answer, or its absence, tells.
        XErrorHandlers.quietly(connection: connection, sync: true) {
            message(to: target, type: Self.requestName,
                    [CLong(bitPattern: control), flags.rawValue, serial & Self.half,
                     CLong(bitPattern: selection), serial >> 31])
        }
        return serial
    }

    /// Answers `reply` (with a value) to `request`'s sender, which may be gone.
    package func answer(_ reply: Reply, _ value: Int, to request: Request) {
        XErrorHandlers.quietly(connection: connection, sync: true) {
            message(to: request.sender, type: Self.replyName,
                    [reply.rawValue, value, request.serial & Self.half, CLong(bitPattern: request.target),
                     request.serial >> 31])
        }
    }

    private func message(to window: UInt, type: String, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = connection.atom(type)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data) { raw in
            let longs = raw.bindMemory(to: CLong.self)
            for (i, v) in values.prefix(5).enumerated() { longs[i] = v }
        }
        XSendEvent(connection.display, window, 0, NoEventMask, &event)
        XFlush(connection.display)
    }

    // MARK: Receiving

    /// A request read off the sender's control window.
    package struct Request {
        package var sender: UInt
        /// The window it was sent to (a HUD's, or our control window): the one the answers come from.
        package var target: UInt
        package var flags: Flags
        package var serial: Int
        /// The selection of the named HUD it is for, or 0 when it was sent to a HUD's window.
        package var selection: UInt
        package var lines: [String]

        package init(sender: UInt, target: UInt, flags: Flags, serial: Int, selection: UInt, lines: [String]) {
            self.sender = sender
            self.target = target
            self.flags = flags
            self.serial = serial
            self.selection = selection
            self.lines = lines
        }
    }

    /// Reads the request a ClientMessage announces, or nil when the message is not one.
    package func request(from message: XClientMessageEvent) -> Request? {
        guard message.message_type == connection.atom(Self.requestName) else { return nil }
        var m = message
        let values = withUnsafeBytes(of: &m.data) { Array($0.bindMemory(to: CLong.self).prefix(5)) }
        let sender = UInt(bitPattern: values[0] & 0xffff_ffff)
        let flags = Flags(rawValue: values[1])
        var lines: [String] = []
        if flags.contains(.update) {
            let bytes = XErrorHandlers.quietly(connection: connection) {
                Property.bytes(connection, window: sender, name: Self.requestName, delete: true)
            }
            lines = Self.lines(in: bytes ?? [])
        }
        return Request(sender: sender, target: message.window, flags: flags, serial: Self.token(values[2], values[4]),
                       selection: UInt(bitPattern: values[3]),
                       lines: lines)
    }

    /// The lines of a request, cut as standard input's are (`LineSplitter`): a line longer than the 64 KiB limit
    /// is dropped, as its JSON would be cut short, so no request brings a label or details stdin would refuse.
    package static func lines(in bytes: [UInt8]) -> [String] {
        var splitter = LineSplitter()
        var lines: [String] = []
        let keep = { (line: UnsafeRawBufferPointer, truncated: Bool) in
            if !truncated, !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        bytes.withUnsafeBytes { splitter.push($0, line: keep) }
        splitter.finish(line: keep)
        return lines
    }

    /// Reads a reply a ClientMessage carries (its kind, value, the token of the request it answers and the window
    /// that answers), or nil when the message is not one.
    package func reply(from message: XClientMessageEvent) -> (reply: Reply, value: Int, serial: Int, from: UInt)? {
        guard message.message_type == connection.atom(Self.replyName) else { return nil }
        var m = message
        let values = withUnsafeBytes(of: &m.data) { Array($0.bindMemory(to: CLong.self).prefix(5)) }
        return Reply(rawValue: values[0]).map {
            ($0, values[1], Self.token(values[2], values[4]), UInt(bitPattern: values[3] & 0xffff_ffff))
        }
    }

    /// A request's token travels in two 31-bit halves: format-32 data is 32 bits on the wire (whatever the size of
    /// a C long here) and comes back sign-extended.
    private static let half = (1 << 31) - 1
    private static func token(_ low: CLong, _ high: CLong) -> Int { (high & half) << 31 | (low & half) }

    /// Remembers to tell `request`'s sender how the HUD on `hudWindow` ends.
    /// Beyond `maxSubscribers` windows waiting on one HUD, a new one is not remembered (it hears no end): real
    /// clients are a few at a time, and forged requests must not grow memory or the work done at the end.
    package func subscribe(_ request: Request, to hudWindow: UInt) {
        let waiting = subscribers[hudWindow, default: [:]]
        guard waiting.count < Self.maxSubscribers || waiting[request.sender] != nil else { return }
        subscribers[hudWindow, default: [:]][request.sender] = (request.serial, request.target)
    }

    /// Windows of other processes that may wait on one HUD.
    package static let maxSubscribers = 1024

    /// How many windows wait to hear how the HUD on `hudWindow` ends.
    package func subscriberCount(of hudWindow: UInt) -> Int { subscribers[hudWindow]?.count ?? 0 }

    /// The HUD on `window` has ended: tell everyone who asked, with one round trip for them all.
    package func hudEnded(window: UInt, status: Int) {
        guard let waiting = subscribers.removeValue(forKey: window) else { return }
        XErrorHandlers.quietly(connection: connection, sync: true) {
            for (sender, asked) in waiting {
                message(to: sender, type: Self.replyName,
                        [Reply.ended.rawValue, status, asked.serial & Self.half, CLong(bitPattern: asked.target),
                         asked.serial >> 31])
            }
        }
    }
}

extension XConnection {
    /// The atoms of the named-HUD protocol, interned with the connection's own in its first round trip.
    package static let namedHUDAtoms = [HUDRegistry.listName, HUDRegistry.stateName, HUDLinks.requestName,
                                        HUDLinks.replyName]
}
