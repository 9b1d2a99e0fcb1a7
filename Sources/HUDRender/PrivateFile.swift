import Glibc
import HUDBase

/// Small files of the user's own in a directory of theirs (the kept text images), read and written without trusting
/// whatever sits at a file's name: anything may have been put there (a FIFO, a link to `/dev/zero`, a file of
/// gigabytes, another user's file), and none of it may hang a HUD, fill its memory or be read as ours.
enum PrivateFile {
    /// The bytes of the regular file at `path` owned by `owner`, at most `limit` of them; nil for anything else.
    /// What is not such a file is never read: `O_NOFOLLOW` refuses a link (`ELOOP`), `O_NONBLOCK` keeps the open of
    /// a FIFO with no writer from waiting for one, and `fstat` on the open descriptor (not on the name, which may
    /// change in between) decides the rest.
    static func read(_ path: String, owner: uid_t, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == owner, info.st_size >= 0,
              info.st_size <= limit
        else { return nil }
        // The size fstat gave, never more: a file that grows meanwhile is cut short, and then not decoded.
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        bytes.removeLast(size - done)
        return bytes
    }

    /// Puts `data` at `path` whole or not at all, mode 0600: written to a new file (`O_EXCL | O_NOFOLLOW`: never
    /// through a link or into a file already there), then renamed over whatever `path` was, which is left unread.
    static func replace(_ path: String, with data: [UInt8]) -> Bool {
        // The process id and a random part: another process, or another cache of this one, writing the same
        // name at the same time picks another temporary name, and the later rename wins.
        let temporary = path + ".\(getpid()).\(String(UInt32.random(in: .min ... .max), radix: 16))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = data.withUnsafeBytes { writeAll(fd, $0) }
        guard close(fd) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Makes the directory `path` and the missing ones above it, each 0700 (what they hold names the user's files
    /// and labels); whether `path` is a directory now.
    static func makeDirectory(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 { return true }
        if errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex,
           makeDirectory(String(path[..<slash])), mkdir(path, 0o700) == 0
        {
            return true
        }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Removes the oldest entries of the directory `path` (by modification time) until at most `limit` are left.
    /// `unlink`: a link goes, not what it names, and a directory someone put there stays.
    static func prune(_ path: String, keeping limit: Int) {
        guard let names = FileSystem.entries(ofDirectory: path), names.count > limit else {
            return
        }
        let dated = names.map { name in
            var info = stat()
            let found = lstat(path + "/" + name, &info) == 0
            return (name, found ? Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 : 0)
        }
        for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - limit) {
            unlink(path + "/" + name)
        }
    }

    /// The owner of what `path` names (links followed), or nil when it does not exist.
    static func owner(of path: String) -> uid_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_uid : nil
    }
}
