import Glibc

/// The bytes a backup tool will read from its sources: the sizes of the regular files under them, as `du -sb`
/// counts them without the directories, each file once however many links it has. Links are not followed (restic
/// and borg store a link as a link), and nothing under `/proc` or `/sys` is counted (their files' sizes are not
/// what reading them gives).
///
/// The walk is bounded: past `limit` entries it gives up (nil), since a total found after the backup has ended is
/// of no use and the walk would compete with the tool for the disk. The tool's own excludes (`--exclude`) are not
/// known here: what it skips is counted, so the bar may end short of its end.
enum SourceSize {
    /// Entries walked at most.
    static let limit = 1_000_000

    /// The bytes under `paths` (absolute, or relative to the working directory); nil when none of them exists or
    /// the walk passed `limit` entries.
    static func bytes(under paths: [String], limit: Int = SourceSize.limit) -> Int64? {
        var walk = Walk(limit: limit)
        var found = false
        for path in paths {
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            found = true
            guard walk.add(path, st) else { return nil }
        }
        return found ? walk.total : nil
    }

    private struct Walk {
        let limit: Int
        var total: Int64 = 0
        var entries = 0
        /// Files with more than one link, counted once.
        var linked: Set<[UInt64]> = []

        init(limit: Int) { self.limit = limit }

        /// Adds `path`, whose `lstat` is `st`, and what is under it; false once past the limit.
        mutating func add(_ path: String, _ st: stat) -> Bool {
            entries += 1
            if entries > limit { return false }
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                if st.st_nlink > 1, !linked.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted { return true }
                total += Int64(st.st_size)
            case S_IFDIR:
                guard !SourceSize.isVirtual(UInt64(st.st_dev)) else { return true }
                return addEntries(of: path)
            default:
                break
            }
            return true
        }

        private mutating func addEntries(of directory: String) -> Bool {
            guard let dir = opendir(directory) else { return true }
            defer { closedir(dir) }
            let base = directory.hasSuffix("/") ? directory : directory + "/"
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                var st = stat()
                guard fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                guard add(base + name, st) else { return false }
            }
            return true
        }
    }

    /// Whether a directory on device `device` is on a file system whose sizes mean nothing to a reader: the ones
    /// mounted on /proc and /sys (Swift's Glibc has no `statfs` to ask a file system's type).
    private static func isVirtual(_ device: UInt64) -> Bool { virtualDevices.contains(device) }

    private static let virtualDevices: Set<UInt64> = Set(["/proc", "/sys"].compactMap { path in
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_dev) : nil
    })
}
