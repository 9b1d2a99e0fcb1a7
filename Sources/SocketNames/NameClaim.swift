import Glibc
public import HUDLoop

/// A name of one user's HUDs on one display, held by at most one process: the first to bind its socket. Claims are
/// made under a lock on the name, so that ten processes started at once get one HUD between them, and a socket left
/// by a killed process (nobody accepts on it) is taken over.
@MainActor public enum NameClaim {
    /// This process holds the name: show the HUD, and requests from other processes come to `NameOwner`.
    case ours(NameOwner)
    /// Another process shows a HUD by that name.
    case taken(NameClient)

    /// Claims `id` in `directory`.
    /// - Throws: `NameError` when the socket cannot be made (a full disk, a path too long).
    public static func claim(_ id: String, in directory: NameDirectory, loop: any EventLoop) throws(NameError)
        -> NameClaim {
        let path = directory.socket(for: id)
        let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw NameError("cannot lock the name '\(id)': \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        if let fd = connect(path) { return .taken(NameClient(id: id, descriptor: fd, loop: loop)) }
        unlink(path)
        return .ours(try listen(at: path, id: id, loop: loop))
    }

    private static func listen(at path: String, id: String, loop: any EventLoop) throws(NameError) -> NameOwner {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw NameError("cannot make a socket: \(String(cString: strerror(errno)))") }
        var address = try address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(listener, 64) == 0 else {
            let why = String(cString: strerror(errno))
            close(listener)
            throw NameError("cannot listen on \(path): \(why)")
        }
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        return NameOwner(id: id, path: path, listener: listener, loop: loop)
    }

    /// A socket for a HUD without a name, so that `hide --all` reaches it as it reaches the named ones; `serial`
    /// tells apart the HUDs of one process (the resident's).
    public static func anonymous(in directory: NameDirectory, loop: any EventLoop, serial: Int = 0)
        throws(NameError) -> NameOwner {
        let path = directory.path + "/_\(getpid())" + (serial == 0 ? "" : "-\(serial)") + ".sock"
        unlink(path)
        return try listen(at: path, id: "", loop: loop)
    }

    /// The resident's socket (`x11hud serve`), nil when another resident holds it. Not a `.sock`: `list` and
    /// `hide --all` do not take it for a HUD.
    public static func resident(in directory: NameDirectory, loop: any EventLoop) throws(NameError) -> NameOwner? {
        let path = directory.residentPath
        let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw NameError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        if let fd = connect(path) {
            close(fd)
            return nil
        }
        unlink(path)
        return try listen(at: path, id: "", loop: loop)
    }

    /// The resident of `directory`'s display, when one runs: the HUD it is asked to show is driven through it.
    public static func residentClient(in directory: NameDirectory, loop: any EventLoop) -> NameClient? {
        connect(directory.residentPath).map { NameClient(id: nil, descriptor: $0, loop: loop) }
    }

    /// Calls `body` once no process holds `id` (at once if none does): `--queue` waits so.
    public static func whenFree(_ id: String, in directory: NameDirectory, loop: any EventLoop,
                                _ body: @escaping @MainActor () -> Void) {
        guard let fd = connect(directory.socket(for: id)) else { return body() }
        let client = NameClient(id: id, descriptor: fd, loop: loop)
        var kept: NameClient? = client
        let free: @MainActor () -> Void = {
            guard kept != nil else { return }
            kept = nil
            body()
        }
        client.onEnd = { _ in free() }
        client.onVanished = free
        client.write(NameRequest(subscribe: true))
    }

    /// The HUD another process shows by `id`, if one is up: to update or hide, never to claim.
    public static func client(for id: String, in directory: NameDirectory, loop: any EventLoop) -> NameClient? {
        connect(directory.socket(for: id)).map { NameClient(id: id, descriptor: $0, loop: loop) }
    }

    /// Every named HUD up in `directory`, for the display it is for (`hide --all`).
    public static func clients(in directory: NameDirectory, loop: any EventLoop) -> [NameClient] {
        directory.sockets().compactMap { connect($0).map { NameClient(id: nil, descriptor: $0, loop: loop) } }
    }

    /// A connection to the socket at `path` when a process accepts on it.
    static func connect(_ path: String) -> Int32? {
        guard var address = try? address(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func address(_ path: String) throws(NameError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw NameError("the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return address
    }
}
