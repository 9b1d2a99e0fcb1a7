internal import CSystemdBus
internal import CSystemdBusLoader
import Glibc
public import HUDLoop

/// A connection to the session bus through sd-bus, driven by the main loop like every other input: its descriptor
/// watched for input, for room to write only while sd-bus has output queued, and a timer on the loop's clock only
/// while a call waits for its reply. While nothing happens it costs no wake-up.
@MainActor public final class BusConnection {
    let bus: OpaquePointer
    private var watch: DescriptorWatch?
    private let loop: any EventLoop
    private var timer: LoopTimer?
    private var closed = false
    private var objects: [BusObject] = []
    private var nameLostSlot: OpaquePointer?

    /// Runs once when the bus has gone (the daemon ended, the connection broke).
    public var onClosed: (@MainActor (BusError) -> Void)?
    /// Runs when another connection took a name this one owned (`NameLost`).
    public var onNameLost: (@MainActor (String) -> Void)?

    /// Opens libsystemd (on first use, see CSystemdBusLoader) and connects to the session bus
    /// (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    /// - Parameter loop: the loop that watches the connection and times sd-bus's deadlines (a call waiting for its
    ///   reply).
    public init(loop: any EventLoop = SystemLoop.main) throws(BusError) {
        self.loop = loop
        try Self.load()
        var bus: OpaquePointer? = nil
        let r = sd_bus_open_user(&bus)
        guard r >= 0, let bus else { throw BusError("cannot connect to the session bus", code: -r) }
        self.bus = bus
        watchAndProcess()
    }

    /// Connects to the bus at `address` (`unix:path=…`), as a client of a bus daemon: the accessibility bus, whose
    /// address the session bus's `org.a11y.Bus` gives.
    public init(address: String, loop: any EventLoop = SystemLoop.main) throws(BusError) {
        self.loop = loop
        try Self.load()
        var made: OpaquePointer? = nil
        var r = sd_bus_new(&made)
        guard r >= 0, let bus = made else { throw BusError("cannot make a bus connection", code: -r) }
        r = sd_bus_set_address(bus, address)
        if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0 else {
            sd_bus_unref(bus)
            throw BusError("cannot connect to \(address)", code: -r)
        }
        self.bus = bus
        watchAndProcess()
    }

    private static func load() throws(BusError) {
        if let why = hud_sdbus_load() {
            if hud_sdbus_missing_function() != 0 { throw BusError(String(cString: why), code: ELIBBAD) }
            throw BusError("cannot load \(HUD_SDBUS_LIBRARY) (\(String(cString: why)))", code: ELIBACC)
        }
    }

    private func watchAndProcess() {
        let watch = loop.watch(sd_bus_get_fd(bus)) { [weak self] in self?.process() }
        watch.start()
        self.watch = watch
        // The connection is set up asynchronously (authentication, Hello): work through it now.
        loop.soon { [weak self] in self?.process() }
    }

    isolated deinit {
        watch?.cancel()
        timer?.cancel()
        if let nameLostSlot { sd_bus_slot_unref(nameLostSlot) }
        sd_bus_flush_close_unref(bus)
    }

    /// This connection's unique name (`:1.42`).
    public var uniqueName: String? {
        var p: UnsafePointer<CChar>? = nil
        return sd_bus_get_unique_name(bus, &p) >= 0 ? p.map { String(cString: $0) } : nil
    }

    // MARK: Names

    /// How `requestName` ended.
    public enum NameRequest: Sendable, Equatable {
        case owned
        /// Another connection owns the name and does not let it go: its process name and PID when the bus says.
        case taken(owner: String?, pid: Int32?)
    }

    /// Asks for `name`, letting a later `--replace` take it over; with `replace`, takes it from an owner that
    /// allows it (dunst, mako and x11hud do).
    public func requestName(_ name: String, replace: Bool) throws(BusError) -> NameRequest {
        var flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT)
        if replace { flags |= UInt64(SD_BUS_NAME_REPLACE_EXISTING) }
        let r = sd_bus_request_name(bus, name, flags)
        if r >= 0 {
            watchNameLost()
            return .owned
        }
        guard r == -EEXIST || r == -EALREADY else { throw BusError("cannot request \(name)", code: -r) }
        return owner(of: name)
    }

    /// Who owns `name`, as `requestName` reports a name taken: its process name and PID when the bus says.
    public func owner(of name: String) -> NameRequest {
        var creds: OpaquePointer? = nil
        let mask = UInt64(SD_BUS_CREDS_PID) | UInt64(SD_BUS_CREDS_COMM) | UInt64(SD_BUS_CREDS_AUGMENT)
        guard sd_bus_get_name_creds(bus, name, mask, &creds) >= 0, let creds else {
            return .taken(owner: nil, pid: nil)
        }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        var comm: UnsafePointer<CChar>? = nil
        let hasPID = sd_bus_creds_get_pid(creds, &pid) >= 0
        let hasComm = sd_bus_creds_get_comm(creds, &comm) >= 0
        return .taken(owner: hasComm ? comm.map { String(cString: $0) } : nil, pid: hasPID ? pid : nil)
    }

    private func watchNameLost() {
        guard nameLostSlot == nil else { return }
        var slot: OpaquePointer? = nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        let r = sd_bus_match_signal(bus, &slot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                    "org.freedesktop.DBus", "NameLost", { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let connection = Unmanaged<BusConnection>.fromOpaque(userdata).takeUnretainedValue()
            let m = BusMessage(retaining: message)
            MainActor.assumeIsolated {
                if let name = try? m.readString() { connection.onNameLost?(name) }
            }
            return 0
        }, me)
        if r >= 0 { nameLostSlot = slot }
    }

    // MARK: Objects and signals

    /// Exports `interface` at `path`; sd-bus checks each call's signature against `members` (answering a wrong one
    /// with `InvalidArgs`) and answers `Introspect`. `handler` returns the reply to fill, or throws the error reply.
    /// `properties` answers the `.property` members' Get and Set (org.freedesktop.DBus.Properties, which sd-bus
    /// serves).
    public func export(path: String, interface: String, members: [BusMember], properties: BusProperties? = nil,
                       handler: @escaping @MainActor (BusMessage, BusMessage) throws(BusErrorReply) -> Void)
        throws(BusError) -> BusObject {
        let object = try BusObject(bus: bus, path: path, interface: interface, members: members,
                                   properties: properties, handler: handler)
        objects.append(object)
        return object
    }

    /// Stops exporting `object` (an accessible object that has gone).
    public func unexport(_ object: BusObject) {
        objects.removeAll { $0 === object }
    }

    /// Broadcasts a signal whose body `fill` appends.
    public func emit(path: String, interface: String, member: String,
                     _ fill: (BusMessage) throws(BusError) -> Void) throws(BusError) {
        var m: OpaquePointer? = nil
        let r = sd_bus_message_new_signal(bus, &m, path, interface, member)
        guard r >= 0, let m else { throw BusError("making the signal \(member)", code: -r) }
        let message = BusMessage(adopting: m)
        try fill(message)
        let s = sd_bus_send(bus, message.pointer, nil)
        if s < 0 { throw BusError("sending the signal \(member)", code: -s) }
        schedule()
    }

    // MARK: Calls

    /// Calls `member` of `interface` at `path` of the connection owning `destination`, whose arguments `fill`
    /// appends, and waits at most `timeout` seconds for the reply (for a command line's one question: the loop
    /// does not run meanwhile). A name without an owner is never started by D-Bus activation: the question is for
    /// the program running, unless `autoStart` (the AT-SPI registry, which its bus starts when first asked).
    public func call(destination: String, path: String, interface: String, member: String, timeout: Double = 5,
                     autoStart: Bool = false,
                     _ fill: (BusMessage) throws(BusError) -> Void = { _ in }) throws(BusCallError) -> BusMessage {
        var m: OpaquePointer? = nil
        var r = sd_bus_message_new_method_call(bus, &m, destination, path, interface, member)
        guard r >= 0, let m else { throw .failed(BusError("making the call \(member)", code: -r)) }
        let message = BusMessage(adopting: m)
        _ = sd_bus_message_set_auto_start(m, autoStart ? 1 : 0)
        do { try fill(message) } catch { throw .failed(error) }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer? = nil
        r = sd_bus_call(bus, m, UInt64(max(0.001, timeout) * 1e6), &error, &reply)
        if r < 0 {
            if let name = error.name {
                throw .reply(BusErrorReply(name: String(cString: name),
                                           message: error.message.map { String(cString: $0) } ?? ""))
            }
            throw .failed(BusError("calling \(member)", code: -r))
        }
        guard let reply else { throw .failed(BusError("calling \(member)", code: EBADMSG)) }
        return BusMessage(adopting: reply)
    }

    // MARK: The event loop

    /// Works through everything sd-bus has to do now, then waits for what it waits for.
    func process() {
        guard !closed else { return }
        while true {
            let r = sd_bus_process(bus, nil)
            if r < 0 {
                close(BusError("the session bus connection ended", code: -r))
                return
            }
            if r == 0 { break }
        }
        // A closed connection is reported once through a local Disconnected message, not always as an error.
        if sd_bus_is_open(bus) <= 0 {
            close(BusError("the session bus connection ended", code: ECONNRESET))
            return
        }
        schedule()
    }

    /// Watches for writability only while output is queued, and arms the timer only while sd-bus has a deadline.
    func schedule() {
        guard !closed else { return }
        let events = sd_bus_get_events(bus)
        watch?.wantsWrite = events > 0 && (Int16(events) & Int16(POLLOUT)) != 0
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else {
            timer?.cancel()
            timer = nil
            return
        }
        // sd-bus's deadline is on CLOCK_MONOTONIC (the loop's system clock); what is left of it, on the loop's clock.
        let nowUsec = MonotonicClock.microseconds
        let deadline = loop.now + Double(usec > nowUsec ? usec - nowUsec : 0) / 1e6
        if let timer, timer.isPending, abs(timer.deadline - deadline) < 1e-3 { return }
        timer?.cancel()
        timer = loop.schedule(at: deadline) { [weak self] in self?.process() }
    }

    private func close(_ error: BusError) {
        closed = true
        watch?.cancel()
        timer?.cancel()
        onClosed?(error)
    }
}

/// A method (with its reply's signature), a signal or a property of an exported interface.
public struct BusMember: Sendable {
    public var name: String
    public var signature: String
    /// nil for a signal or a property.
    public var result: String?
    /// 0: a method or a signal; 1: a read-only property; 2: a property that can be set.
    var property: Int32 = 0

    public static func method(_ name: String, _ signature: String, returns result: String) -> BusMember {
        BusMember(name: name, signature: signature, result: result)
    }

    public static func signal(_ name: String, _ signature: String) -> BusMember {
        BusMember(name: name, signature: signature, result: nil)
    }

    /// A property of one basic type (`signature`), whose value `BusProperties` gives and takes.
    public static func property(_ name: String, _ signature: String, writable: Bool) -> BusMember {
        BusMember(name: name, signature: signature, result: nil, property: writable ? 2 : 1)
    }
}

/// An interface's properties: `get` appends the value of the one named (sd-bus has opened its variant), `set`
/// reads the new value; each throws the error reply for a value it refuses.
public struct BusProperties {
    public var get: @MainActor (_ name: String, _ reply: BusMessage) throws(BusErrorReply) -> Void
    public var set: @MainActor (_ name: String, _ value: BusMessage) throws(BusErrorReply) -> Void

    public init(get: @escaping @MainActor (String, BusMessage) throws(BusErrorReply) -> Void,
                set: @escaping @MainActor (String, BusMessage) throws(BusErrorReply) -> Void) {
        self.get = get
        self.set = set
    }
}
