@testable import HUDAccess
import Testing

/// The session bus's socket as libdbus and sd-bus find it: the first unix address with a path or an abstract
/// name, %-escapes undone, else `$XDG_RUNTIME_DIR/bus`.
@Suite struct BusSocketAddressTests {
    func address(_ environment: [String: String]) -> (String, Bool)? {
        BusSocketAddress(environment: environment).map { (String(decoding: $0.name, as: UTF8.self), $0.isAbstract) }
    }

    @Test func aPathAnAbstractNameAndTheRuntimeDirectorysBus() {
        let path = "unix:path=/run/user/1000/bus", abstract = "unix:abstract=/tmp/dbus-Ab,guid=0123"
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": path])! == ("/run/user/1000/bus", false))
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": abstract])! == ("/tmp/dbus-Ab", true))
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "unix:guid=0123,path=/tmp/b"])! == ("/tmp/b", false))
        #expect(address(["XDG_RUNTIME_DIR": "/run/user/5"])! == ("/run/user/5/bus", false))
        let empty = ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/5"]
        #expect(address(empty)! == ("/run/user/5/bus", false))
    }

    @Test func theFirstUnixSocketIsTakenAndItsEscapesUndone() {
        let both = "tcp:host=localhost,port=4000;unix:path=/tmp/a%2cb%20c"
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": both])! == ("/tmp/a,b c", false))
    }

    @Test func whatNamesNoSocketIsNil() {
        #expect(address([:]) == nil)
        #expect(address(["XDG_RUNTIME_DIR": "relative/dir"]) == nil)
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "tcp:host=localhost,port=4000"]) == nil)
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "unix:tmpdir=/tmp"]) == nil)
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/%zz"]) == nil)
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/%2"]) == nil)
        // A bus named, but not a unix one: the runtime directory's bus is not guessed instead.
        #expect(address(["DBUS_SESSION_BUS_ADDRESS": "tcp:host=h,port=1", "XDG_RUNTIME_DIR": "/run/user/5"]) == nil)
    }
}
