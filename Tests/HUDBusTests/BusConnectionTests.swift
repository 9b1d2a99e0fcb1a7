import Foundation
import Glibc
import HUDBus
import HUDTestSupport
import Testing

/// HUDBus through its public API (connect, own a name, export, emit) on a private dbus-daemon per test, called by
/// the real clients: `gdbus call`, `gdbus introspect`, `dbus-send`, `dbus-monitor`. The connection is served on the
/// main queue, which runs while a test on the main actor awaits a client.
@Suite(.serialized, .enabled(if: SessionBus.isAvailable && ["gdbus", "dbus-send", "dbus-monitor"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
}, "no dbus-daemon, gdbus, dbus-send or dbus-monitor"))
@MainActor struct BusConnectionTests {
    static let name = "org.x11hud.Test", path = "/org/x11hud/Test", interface = "org.x11hud.Test"
    static let members: [BusMember] = [
        .method("Greet", "sasia{sv}", returns: "sasu"),
        .method("Refuse", "", returns: ""),
        .method("Note", "s", returns: ""),
        .signal("Changed", "sasu"),
    ]
    let bus: SessionBus

    init() async throws { bus = try await SessionBus.start() }

    /// A connection to this test's bus. sd-bus reads the address from the environment when it connects, and only
    /// then (BusConnection takes no address): the test runner's own is put back at once, for the other tests of the
    /// process. Never unset: other threads read the environment meanwhile, and replacing a variable's value swaps
    /// one pointer where adding or removing one moves the array under them. Without one of its own, the runner
    /// keeps the last test bus's address, which no other test relies on (those that use a bus give their own).
    func connect() throws -> BusConnection {
        let name = "DBUS_SESSION_BUS_ADDRESS"
        let old = getenv(name).map { String(cString: $0) }
        setenv(name, bus.address, 1)
        defer { if let old { setenv(name, old, 1) } }
        return try BusConnection()
    }

    /// What the exported object saw of each call: member, signature, sender and the arguments of `Greet`.
    final class Calls {
        var members: [String] = []
        var signatures: [String] = []
        var senders: [String?] = []
        var greetings: [(who: String, words: [String], number: Int32, hints: [String: BusValue])] = []
        var notes: [String] = []
        /// Runs in the handler of each `Note`, before its reply is sent.
        var whileNoting: () -> Void = {}
    }

    /// A connection owning `name` with `Greet` (echoes, reverses, adds), `Refuse` (an error reply) and `Note` (no
    /// reply body) exported.
    func serve(_ calls: Calls) throws -> (BusConnection, BusObject) {
        let connection = try connect()
        #expect(try connection.requestName(Self.name, replace: false) == .owned)
        let object = try connection.export(path: Self.path, interface: Self.interface, members: Self.members) {
            call, reply throws(BusErrorReply) in
            calls.members.append(call.member ?? "")
            calls.signatures.append(call.signature)
            calls.senders.append(call.sender)
            if call.member == "Refuse" {
                throw BusErrorReply(name: "org.x11hud.Test.Error.Refused", message: "not now")
            }
            do {
                if call.member == "Note" {
                    calls.notes.append(try call.readString())
                    return calls.whileNoting()
                }
                let who = try call.readString(), words = try call.readStringArray(), number = try call.readInt32()
                let hints = try call.readVariantDictionary()
                calls.greetings.append((who, words, number, hints))
                try reply.append("Hello \(who)")
                try reply.append(Array(words.reversed()))
                try reply.append(UInt32(hints.count) + UInt32(number))
            } catch {
                throw BusErrorReply.invalidArgs("\(error)")
            }
        }
        return (connection, object)
    }

    func gdbusCall(_ method: String, _ arguments: [String]) async throws -> ChildProcess.Result {
        // A minute, not gdbus's 25 s: the connection is served on the main actor, which other suites may hold.
        try await bus.run("gdbus", ["call", "--session", "--timeout", "60", "--dest", Self.name, "--object-path",
                                    Self.path, "--method", "\(Self.interface).\(method)"] + arguments)
    }

    @Test func aCallsArgumentsReachTheHandlerAndItsReplyTheCaller() async throws {
        let calls = Calls()
        let (connection, object) = try serve(calls)
        defer { withExtendedLifetime((connection, object)) {} }
        let r = try await gdbusCall("Greet", ["Ann", "['a', 'b', 'c']", "7",
                                              "{'k': <'v'>, 'n': <uint32 42>, 'f': <true>, 'd': <2.5>}"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "('Hello Ann', ['c', 'b', 'a'], uint32 11)\n")
        #expect(calls.members == ["Greet"] && calls.signatures == ["sasia{sv}"])
        let sender = try #require(calls.senders.first ?? nil)
        #expect(sender.hasPrefix(":1.") && sender != connection.uniqueName, "sender \(sender)")
        let greeting = try #require(calls.greetings.first)
        #expect(greeting.who == "Ann" && greeting.words == ["a", "b", "c"] && greeting.number == 7)
        #expect(greeting.hints == ["k": .string("v"), "n": .int(42), "f": .bool(true), "d": .double(2.5)])
    }

    @Test func aThrownErrorIsTheCallersErrorReply() async throws {
        let calls = Calls()
        let (connection, object) = try serve(calls)
        defer { withExtendedLifetime((connection, object)) {} }
        let r = try await gdbusCall("Refuse", [])
        #expect(r.status != 0)
        #expect(r.stderr.contains("GDBus.Error:org.x11hud.Test.Error.Refused: not now"), "\(r.stderr)")
        #expect(calls.members == ["Refuse"])
    }

    /// sd-bus checks the signature and the member before the handler runs; the connection answers on.
    @Test func aWrongSignatureOrAnUnknownMemberNeverReachesTheHandler() async throws {
        let calls = Calls()
        let (connection, object) = try serve(calls)
        defer { withExtendedLifetime((connection, object)) {} }
        func send(_ member: String, _ arguments: [String]) async throws -> ChildProcess.Result {
            try await bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(Self.name)", Self.path,
                                            "\(Self.interface).\(member)"] + arguments)
        }
        let wrong = try await send("Greet", ["int32:5"])
        #expect(wrong.status != 0 && wrong.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(wrong)")
        let unknown = try await send("Wave", [])
        #expect(unknown.status != 0 && unknown.stderr.contains("org.freedesktop.DBus.Error.UnknownMethod"),
                "\(unknown)")
        #expect(calls.members.isEmpty, "the handler ran for \(calls.members)")
        let right = try await gdbusCall("Greet", ["Bo", "[]", "1", "{}"])
        #expect(right.stdout == "('Hello Bo', @as [], uint32 1)\n", "\(right)")
    }

    /// A client that does not wait for the reply (`dbus-send` without `--print-reply`, as fire-and-forget
    /// notifiers in shell scripts do) marks its call "no reply expected": the call must still run, and the
    /// connection answers on.
    @Test func aCallerThatDoesNotWaitForTheReplyIsStillServed() async throws {
        let calls = Calls()
        let (connection, object) = try serve(calls)
        defer { withExtendedLifetime((connection, object)) {} }
        // Without --print-reply, dbus-send sends a signal unless told the type.
        let sent = try await bus.run("dbus-send", ["--session", "--type=method_call", "--dest=\(Self.name)",
                                                   Self.path, "\(Self.interface).Note", "string:Cy"])
        #expect(sent.status == 0, "\(sent.stderr)")
        // Then a call that waits: served in order after the first, so the first has been handled by its reply.
        let r = try await gdbusCall("Note", ["Di"])
        #expect(r.status == 0 && r.stdout == "()\n", "\(r)")
        #expect(calls.notes.last == "Di")
        #expect(calls.notes == ["Cy", "Di"], "the one-way call did not reach the handler: \(calls.members)")
    }

    /// The caller dies while its call is being served: the reply goes nowhere, and the connection answers on.
    @Test func aCallerThatDiesBeforeItsReplyHarmsNothing() async throws {
        let calls = Calls()
        let (connection, object) = try serve(calls)
        defer { withExtendedLifetime((connection, object)) {} }
        let caller = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                      ["--session", "--print-reply", "--reply-timeout=60000", "--dest=\(Self.name)",
                                       Self.path, "\(Self.interface).Note", "string:Doomed"],
                                      environment: bus.environment())
        calls.whileNoting = { caller.kill() }
        // Long: the connection is served on the main actor, which other suites' work may hold for seconds.
        #expect(await caller.exited(within: Sanitizer.upTo(60)), "the call was never served")
        #expect(calls.notes == ["Doomed"])
        calls.whileNoting = {}
        let r = try await gdbusCall("Greet", ["Ed", "[]", "2", "{}"])
        #expect(r.stdout == "('Hello Ed', @as [], uint32 2)\n", "\(r)")
    }

    @Test func theInterfaceIsIntrospected() async throws {
        let (connection, object) = try serve(Calls())
        defer { withExtendedLifetime((connection, object)) {} }
        let r = try await bus.run("gdbus", ["introspect", "--session", "--dest", Self.name, "--object-path",
                                            Self.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("interface org.x11hud.Test {"), "\(r.stdout)")
        for member in ["Greet(in  s arg_0,", "in  as arg_1,", "out u arg_6);", "Refuse();", "Changed(s arg_0,"] {
            #expect(r.stdout.contains(member), "no \(member) in \(r.stdout)")
        }
    }

    /// `dbus-monitor` sees the signal with its arguments: it prints its own NameLost once it is a monitor, so the
    /// signal is emitted only after that.
    @Test func anEmittedSignalReachesAMonitor() async throws {
        let (connection, object) = try serve(Calls())
        defer { withExtendedLifetime((connection, object)) {} }
        let out = Pipe()
        let monitor = try ChildProcess(URL(fileURLWithPath: "/usr/bin/dbus-monitor"),
                                       ["type='signal',interface='\(Self.interface)'"],
                                       environment: bus.environment(), output: .pipe(out))
        defer { monitor.kill() }
        let fd = out.fileHandleForReading.fileDescriptor
        var line: String? = ""
        while let l = line, !l.contains("member=NameLost") { line = await Tools.nextLine(from: fd, timeout: 60) }
        try #require(line != nil, "dbus-monitor did not start")
        try connection.emit(path: Self.path, interface: Self.interface, member: "Changed") { m throws(BusError) in
            try m.append("state")
            try m.append(["one", "two"])
            try m.append(UInt32(3))
        }
        var lines: [String] = []
        while lines.count < 7, let l = await Tools.nextLine(from: fd, timeout: Sanitizer.upTo(60)) {
            if !lines.isEmpty || l.contains("member=Changed") { lines.append(l.trimmingCharacters(in: .whitespaces)) }
        }
        let signal = try #require(lines.first, "the monitor saw no signal")
        #expect(signal.contains("path=\(Self.path); interface=\(Self.interface); member=Changed"), "\(signal)")
        #expect(signal.contains("sender=\(connection.uniqueName ?? "?")"), "\(signal)")
        #expect(Array(lines.dropFirst()) == ["string \"state\"", "array [", "string \"one\"", "string \"two\"", "]",
                                             "uint32 3", ], "\(lines)")
    }

    @Test func aTakenNameSaysItsOwnerAndReplaceTakesItOver() async throws {
        let first = try connect(), second = try connect()
        var lost: [String] = []
        first.onNameLost = { lost.append($0) }
        #expect(try first.requestName(Self.name, replace: false) == .owned)
        guard case .taken(let owner, let pid) = try second.requestName(Self.name, replace: false) else {
            Issue.record("a second connection got a name the first owns")
            return
        }
        #expect(pid == getpid() && owner?.isEmpty == false, "owner \(owner ?? "nil") \(pid.map(String.init) ?? "nil")")
        #expect(try second.requestName(Self.name, replace: true) == .owned)
        let deadline = Date().addingTimeInterval(Sanitizer.upTo(60))
        while lost.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(lost == [Self.name])
        let r = try await bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                            "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetNameOwner",
                                            Self.name])
        #expect(r.stdout == "('\(second.uniqueName ?? "?")',)\n", "\(r)")
    }

    /// The daemon ends: `onClosed` runs once, and what is sent afterwards fails instead of being queued for ever.
    @Test func aDeadBusIsReportedOnce() async throws {
        let connection = try connect()
        var closed: [BusError] = []
        connection.onClosed = { closed.append($0) }
        #expect(try connection.requestName(Self.name, replace: false) == .owned)
        bus.stop()
        let deadline = Date().addingTimeInterval(Sanitizer.upTo(60))
        while closed.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(closed.count == 1, "onClosed ran \(closed.count) times")
        #expect(throws: BusError.self) {
            try connection.emit(path: Self.path, interface: Self.interface, member: "Changed") { _ throws(BusError) in }
        }
        #expect(closed.count == 1, "onClosed ran again: \(closed)")
    }

    @Test func noBusIsAnErrorNotACrash() throws {
        bus.stop()
        #expect(throws: BusError.self) { _ = try connect() }
    }
}
