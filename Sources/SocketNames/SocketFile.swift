import Glibc

/// A Unix stream socket at a path of the name directory, as descriptors: connected to, or bound and listening.
/// Not tied to the main actor, so that a claim's lock-check-bind is one plain function of the path.
enum SocketFile {
    /// How a claim of a path under its lock came out.
    enum Claim {
        /// Nobody accepted on the path: this descriptor listens there now.
        case listening(Int32)
        /// A process accepts on the path: this descriptor is connected to it.
        case connected(Int32)
    }

    /// Under the path's lock: a connection to the process that listens at `path`, else a socket of ours there (a
    /// file left by a killed process replaced).
    static func claim(_ path: String) throws(NameError) -> Claim {
        // Only a wait that does not block returns nil.
        guard let claim = try NameLock.holding(path, { () throws(NameError) -> Claim in
            if let fd = connect(path) { return .connected(fd) }
            unlink(path)
            return .listening(try listen(at: path))
        }) else { throw NameError("cannot lock \(path)") }
        return claim
    }

    /// A socket bound at `path` and listening, non-blocking.
    static func listen(at path: String) throws(NameError) -> Int32 {
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
        return listener
    }

    /// A connection to the socket at `path` when a process accepts on it.
    static func connect(_ path: String) -> Int32? {
        switch reach(path) {
        case .connected(let fd): return fd
        case .refused, .failed: return nil
        }
    }

    /// What a connection to `path` found.
    enum Reach {
        case connected(Int32)
        /// A socket file nobody listens on (its process was killed), or no file.
        case refused
        /// Anything else (no permission, no descriptor left): nothing is known of the path.
        case failed
    }

    static func reach(_ path: String) -> Reach {
        guard var address = try? address(path) else { return .failed }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failed }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let failure = errno
            close(fd)
            return failure == ECONNREFUSED || failure == ENOENT ? .refused : .failed
        }
        return .connected(fd)
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
