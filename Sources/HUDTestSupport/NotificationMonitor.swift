import Foundation

/// The server's signals as `gdbus monitor --dest` prints them, once they are sure to arrive. Not gdbus
/// itself: it prints "is owned by" and only then asks the bus for the signals, so a signal sent at once could
/// be missed (a suite run lost the first `NotificationClosed` that way). This asks for the owner's signals,
/// then makes a round trip on the same connection (the bus answers requests in order), then prints it.
public final class NotificationMonitor {
    public let child: ChildProcess
    private let out = Pipe()
    public private(set) var text = ""

    static let script = """
        from gi.repository import Gio, GLib
        name = 'org.freedesktop.Notifications'
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        def show(connection, sender, path, interface, member, parameters):
            print('%s: %s.%s %s' % (path, interface, member, parameters.print_(True)), flush=True)
        def call(interface, method, arguments, reply):
            return bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', interface, method, arguments,
                                 reply, Gio.DBusCallFlags.NONE, -1, None)
        owner = call('org.freedesktop.DBus', 'GetNameOwner', GLib.Variant('(s)', (name,)),
                     GLib.VariantType('(s)')).unpack()[0]
        bus.signal_subscribe(owner, None, None, None, None, Gio.DBusSignalFlags.NONE, show)
        call('org.freedesktop.DBus.Peer', 'Ping', None, None)
        print('The name %s is owned by %s' % (name, owner), flush=True)
        GLib.MainLoop().run()
        """

    public init(environment: [String: String]) throws {
        child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.script],
                                 environment: environment, output: .pipe(out))
        guard read(until: { $0.contains("is owned by") }) else {
            child.kill()
            throw TestFailure("the monitor did not start: \(text) \(child.stderr)")
        }
    }

    /// Reads what it printed until `done` holds for all of it, at most 5 s; whether it came to hold.
    @discardableResult
    public func read(until done: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(Sanitizer.upTo(5))
        while !done(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let line = Tools.readLine(from: out.fileHandleForReading.fileDescriptor,
                                                      timeout: left) else { return false }
            text += line + "\n"
        }
        return true
    }

    deinit { child.kill() }
}
