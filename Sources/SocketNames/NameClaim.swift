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
        switch try SocketFile.claim(path) {
        case .connected(let fd): return .taken(NameClient(id: id, descriptor: fd, loop: loop))
        case .listening(let listener): return .ours(NameOwner(id: id, path: path, listener: listener, loop: loop))
        }
    }

    /// A socket for a HUD without a name, so that `hide --all` reaches it as it reaches the named ones; `serial`
    /// tells apart the HUDs of one process (the resident's).
    public static func anonymous(in directory: NameDirectory, loop: any EventLoop, serial: Int = 0)
        throws(NameError) -> NameOwner {
        let path = directory.path + "/_\(getpid())" + (serial == 0 ? "" : "-\(serial)") + ".sock"
        // Under the lock as a name is, so that a sweep never removes it as it is made. A file there is a dead
        // process's of the same pid: ours is taken over at once.
        let listener = try NameLock.holding(path) { () throws(NameError) -> Int32 in
            unlink(path)
            return try SocketFile.listen(at: path)
        }
        guard let listener else { throw NameError("cannot lock \(path)") }
        return NameOwner(id: "", path: path, listener: listener, loop: loop)
    }

    /// The resident's socket (`x11hud serve`), nil when another resident holds it. Not a `.sock`: `list` and
    /// `hide --all` do not take it for a HUD.
    public static func resident(in directory: NameDirectory, loop: any EventLoop) throws(NameError) -> NameOwner? {
        let path = directory.residentPath
        switch try SocketFile.claim(path) {
        case .connected(let fd):
            close(fd)
            return nil
        case .listening(let listener):
            return NameOwner(id: "", path: path, listener: listener, loop: loop)
        }
    }

    /// The resident of `directory`'s display, when one runs: the HUD it is asked to show is driven through it.
    public static func residentClient(in directory: NameDirectory, loop: any EventLoop) -> NameClient? {
        SocketFile.connect(directory.residentPath).map { NameClient(id: nil, descriptor: $0, loop: loop) }
    }

    /// Calls `body` once no process holds `id` (at once if none does): `--queue` waits so.
    public static func whenFree(_ id: String, in directory: NameDirectory, loop: any EventLoop,
                                _ body: @escaping @MainActor () -> Void) {
        guard let fd = SocketFile.connect(directory.socket(for: id)) else { return body() }
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
        SocketFile.connect(directory.socket(for: id)).map { NameClient(id: id, descriptor: $0, loop: loop) }
    }

    /// Every named HUD up in `directory`, for the display it is for (`hide --all`).
    public static func clients(in directory: NameDirectory, loop: any EventLoop) -> [NameClient] {
        directory.sockets().compactMap { path in
            SocketFile.connect(path).map { NameClient(id: nil, descriptor: $0, loop: loop) }
        }
    }
}
