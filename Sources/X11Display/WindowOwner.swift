import HUDScene
package import CX11
import Glibc

/// Whether a window belongs to a process of this user: what a named HUD's owner must show before anything is
/// forwarded to it, since any client of the display (another user's, let in by `xhost`) can own any selection.
///
/// Two checks, the second where the server offers it: the `_X11HUD_UID` property x11hud sets on its control window
/// (any client could forge it, so alone it only keeps honest programs apart), and the PID the X server itself
/// learnt from the client's socket (the X-Resource extension's client ids, libXRes loaded when present), whose
/// owner in /proc must be this user. PIDs are used only when the server reports ours as ours: a display reached
/// through ssh or a container sees other PIDs.
@MainActor package enum WindowOwner {
    package static let uidName = "_X11HUD_UID"

    /// Marks `window` (this process's control window) with this user's id.
    package static func mark(_ window: UInt, connection c: XConnection) {
        WindowIdentity.setLongs([CLong(getuid())], name: uidName, type: "CARDINAL", on: window, connection: c)
    }

    /// Whether `window`, of another client, is marked with this user's id and, where the server tells, made by a
    /// process of this user. `ours` is a window of this process, to check that PIDs mean the same here.
    package static func isSameUser(_ window: UInt, ours: UInt, connection c: XConnection) -> Bool {
        let uid = XErrorHandlers.quietly(connection: c) { Property.longs(c, window: window, name: uidName) }
        guard let uid, uid.count == 1, uid[0] == UInt(getuid()) else { return false }
        guard let resources = ClientResources(connection: c), resources.pid(of: ours) == getpid(),
              let pid = resources.pid(of: window) else { return true }
        var st = stat()
        return stat("/proc/\(pid)", &st) == 0 && st.st_uid == getuid()
    }
}

/// The X-Resource extension's `XResQueryClientIds`, from libXRes loaded at run time (it is not a dependency of
/// the package; where it is missing, only the property is checked).
@MainActor package struct ClientResources {
    private typealias Query = @convention(c) (OpaquePointer?, Int, UnsafeMutableRawPointer,
                                              UnsafeMutablePointer<Int>,
                                              UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    private typealias Destroy = @convention(c) (Int, UnsafeMutableRawPointer?) -> Void
    private static let library: (Query, Destroy)? = {
        guard let handle = dlopen("libXRes.so.1", RTLD_LAZY | RTLD_LOCAL),
              let query = dlsym(handle, "XResQueryClientIds"), let destroy = dlsym(handle, "XResClientIdsDestroy")
        else { return nil }
        return (unsafeBitCast(query, to: Query.self), unsafeBitCast(destroy, to: Destroy.self))
    }()

    private let connection: XConnection
    private let query: Query
    private let destroy: Destroy

    /// Nil when libXRes is not installed or the server lacks the extension.
    package init?(connection c: XConnection) {
        guard let (query, destroy) = Self.library else { return nil }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(c.display, "X-Resource", &opcode, &event, &error) != 0 else { return nil }
        connection = c
        self.query = query
        self.destroy = destroy
    }

    /// The PID of the client that made `window`, if the server knows it (a local client).
    package func pid(of window: UInt) -> pid_t? {
        // XResClientIdSpec { XID client; unsigned int mask; }, 16 bytes; mask 2: XRES_CLIENT_ID_PID_MASK.
        let spec = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        defer { spec.deallocate() }
        spec.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
        spec.storeBytes(of: window, as: UInt.self)
        spec.storeBytes(of: UInt32(2), toByteOffset: 8, as: UInt32.self)
        var count = 0
        var ids: UnsafeMutableRawPointer?
        let status = XErrorHandlers.quietly(connection: connection, sync: true) {
            query(connection.display, 1, spec, &count, &ids)
        }
        guard status == Success, let ids else { return nil }
        defer { destroy(count, ids) }
        // XResClientIdValue { XResClientIdSpec spec; long length; void *value; }, 32 bytes.
        for i in 0..<count {
            let value = ids + 32 * i
            let mask = value.load(fromByteOffset: 8, as: UInt32.self)
            let length = value.load(fromByteOffset: 16, as: Int.self)
            guard mask & 2 != 0, length >= 4,
                  let pid = value.load(fromByteOffset: 24, as: UnsafeMutableRawPointer?.self) else { continue }
            return pid_t(bitPattern: pid.load(as: UInt32.self))
        }
        return nil
    }
}
