import Glibc

/// The lock a name is claimed under: the file `PATH.lock` beside the name's socket, locked with `flock` and removed
/// by its holder before it lets go, so that no lock file outlives its claim (they used to stay, one per name and
/// per notification ever shown). Removing it opens no race: a claimer that waited on a file its holder then
/// removed finds, once it has the lock, that the path is gone or names another file, and locks again. So at most
/// one process at a time holds the lock of a name that is the file at its path.
enum NameLock {
    /// Runs `body` holding the lock of `path`, then removes the lock file and lets go.
    /// - Parameter wait: false: nil at once when another process holds the lock.
    /// - Throws: `NameError` when the lock file cannot be made, or what `body` throws.
    static func holding<T>(_ path: String, wait: Bool = true, _ body: () throws(NameError) -> T)
        throws(NameError) -> T? {
        let lockPath = path + ".lock"
        while true {
            let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw NameError("cannot lock \(path): \(String(cString: strerror(errno)))") }
            var locked: Int32
            repeat { locked = flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
            guard locked == 0 else {
                let failure = errno
                close(fd)
                if failure == EWOULDBLOCK { return nil }
                throw NameError("cannot lock \(path): \(String(cString: strerror(failure)))")
            }
            // The holder before us may have removed the file we waited on: that lock guards nothing any more.
            guard refersToSameFile(fd, lockPath) else {
                close(fd)
                continue
            }
            // Removed while still held: a claimer blocked on this file sees it gone and locks the path anew.
            defer {
                unlink(lockPath)
                close(fd)
            }
            return try body()
        }
    }

    /// Whether `path` is still the file open at `fd`.
    private static func refersToSameFile(_ fd: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
