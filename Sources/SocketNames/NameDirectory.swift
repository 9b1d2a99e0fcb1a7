import Glibc
import Synchronization

/// Where the names of one user's HUDs on one display live: `$XDG_RUNTIME_DIR/x11hud/HASH-OF-DISPLAY` (made
/// 0700), one socket per name. The folders are the user's own (0700, their owner checked), so another user can
/// neither see the names nor connect; each connection's peer is checked again on accept.
public struct NameDirectory: Sendable {
    public let path: String
    /// The display the names belong to (a Wayland socket's name or path): one user may run two compositors.
    public let display: String

    /// - Throws: `NameError` when there is no usable runtime directory (unset, relative, not ours, not 0700).
    public init(display: String, environment: [String: String]) throws(NameError) {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            throw NameError("XDG_RUNTIME_DIR is not set to an absolute path: named HUDs need it on Wayland")
        }
        let top = runtime + "/x11hud"
        // A socket's path holds at most 107 bytes: hashes, not the display's path.
        let path = top + "/" + Self.hash(display)
        for folder in [top, path] {
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw NameError("cannot make \(folder): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                  info.st_mode & 0o077 == 0 else {
                throw NameError("\(folder) is not a private directory of this user: named HUDs are not used there")
            }
        }
        self.path = path
        self.display = display
    }

    /// The directories this process has swept: once each is enough, what a later process leaves is its to sweep.
    private static let swept = Mutex<Set<String>>([])

    /// `sweep()`, once per process and directory. Called where it costs no HUD its start: by the resident and the
    /// notification server as they start, and by `list` and `hide`, which reach every socket anyway. A HUD's own
    /// start does not: the sweep connects to every live socket, which put a served HUD's first pixels a frame
    /// later on sway (BENCHMARKS §39).
    public func sweepOnce() {
        if Self.swept.withLock({ $0.insert(path).inserted }) { sweep() }
    }

    /// Removes what killed processes left: a socket nobody listens on, a lock file nobody holds. Each under its
    /// name's lock, taken without waiting (a name being claimed is left to its claimer), so that a socket bound
    /// meanwhile is never taken for a dead one. SIGKILL is the one ending that leaves files, and a name's next claim
    /// removes its own; this takes the others (a notification's or an unnamed HUD's, which no one claims again).
    public func sweep() {
        var bases = Set<String>()
        for name in entries() {
            let base = name.hasSuffix(".lock") ? String(name.dropLast(5)) : name
            if base.hasSuffix(".sock") || base == "serve.resident" { bases.insert(path + "/" + base) }
        }
        for base in bases.sorted() {
            _ = try? NameLock.holding(base, wait: false) { () throws(NameError) in
                switch SocketFile.reach(base) {
                case .connected(let fd): close(fd)
                case .refused: unlink(base)
                case .failed: break
                }
            }
        }
    }

    /// The socket of `id`: a hash of the name (names may hold any byte and be 128 long; a socket's path at most
    /// 107), after a readable part of it for a person listing the directory.
    public func socket(for id: String) -> String { path + "/\(Self.readable(id))-\(Self.hash(id)).sock" }

    /// The resident's socket (`x11hud serve`).
    public var residentPath: String { path + "/serve.resident" }

    /// Whether a resident's socket is there for `display` (it may be a dead one's), without making any folder.
    public static func hasResident(display: String) -> Bool {
        guard let runtime = getenv("XDG_RUNTIME_DIR") else { return false }
        return access(String(cString: runtime) + "/x11hud/\(hash(display))/serve.resident", F_OK) == 0
    }

    /// Whether a socket is there for the name `id` on `display` (it may be a dead one's), without making any folder.
    public static func hasSocket(for id: String, display: String) -> Bool {
        guard let runtime = getenv("XDG_RUNTIME_DIR") else { return false }
        return access(String(cString: runtime) + "/x11hud/\(hash(display))/\(readable(id))-\(hash(id)).sock", F_OK) == 0
    }

    /// Up to 12 of the letters, digits, `-` and `_` of `text`.
    private static func readable(_ text: String) -> String {
        let kept = text.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_".unicodeScalars.contains($0))
        }
        return String(String.UnicodeScalarView(kept.prefix(12)))
    }

    /// The sockets of this display's names.
    public func sockets() -> [String] {
        entries().filter { $0.hasSuffix(".sock") }.map { path + "/" + $0 }.sorted()
    }

    /// The names of the files in the directory.
    func entries() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { found.append(name) }
        }
        return found
    }

    /// FNV-1a, 64 bits, in hex: stable across processes and versions (Swift's own hash is seeded per process).
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }
}

/// Why a name cannot be used: one line for a person.
public struct NameError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    init(_ message: String) { self.message = message }
}
