import Glibc
import Synchronization

/// The socket files this process has bound, removed when the process exits by any `exit` (a signal's, an error's)
/// and not only when its HUD ends: a file left behind would stay in `list`'s directory until another claim of the
/// same name took it over. SIGKILL leaves it: the next claim of the name takes it over (nobody accepts on it), and
/// the next process to open the directory sweeps it (`NameDirectory.sweep`). No lock file is left either way: each
/// lives only while its claim is made (`NameLock`).
enum OwnedSockets {
    private static let paths = Mutex<[String]>([])
    private static let installed = Mutex(false)

    static func add(_ path: String) {
        installed.withLock { done in
            guard !done else { return }
            done = true
            // C's handler: no captures; `exit` runs it on whichever thread called exit.
            atexit { OwnedSockets.removeAll() }
        }
        paths.withLock { $0.append(path) }
    }

    static func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }

    /// The socket at `path` was closed and unlinked by its owner: nothing is left to do at exit.
    static func remove(_ path: String) {
        paths.withLock { $0.removeAll { $0 == path } }
    }

    private static func removeAll() {
        let taken = paths.withLock { held in
            let all = held
            held = []
            return all
        }
        for path in taken { unlink(path) }
    }
}
