import Glibc

/// The bytes a backup tool will read from its sources: the sizes of the regular files under them, as `du -sb`
/// counts them without the directories, each file once however many links it has. Links are not followed (restic,
/// borg and duplicity store a link as a link), and nothing under `/proc` or `/sys` is counted (their files' sizes
/// are not what reading them gives).
///
/// The walk is bounded: past `limit` entries it gives up (nil), since a total found after the backup has ended is
/// of no use and the walk would compete with the tool for the disk. The tool's own excludes (`--exclude`) are not
/// known here: what it skips is counted, so the bar may end short of its end.
struct SourceSize {
    /// Entries walked at most.
    static let limit = 1_000_000

    /// A file: its device and inode.
    struct File: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The bytes under the sources.
    private(set) var total: Int64 = 0
    /// With `keepsOrder`, for each file, the bytes of the files before it in the walk's order: by name in each
    /// directory, each directory's files where its name falls, as duplicity reads them.
    private(set) var before: [File: Int64] = [:]
    private let keepsOrder: Bool
    private let limit: Int
    private var entries = 0

    /// Walks `paths` (absolute, or relative to the working directory); nil when none of them exists or the walk
    /// passed `limit` entries.
    init?(under paths: [String], keepsOrder: Bool = false, limit: Int = SourceSize.limit) {
        self.keepsOrder = keepsOrder
        self.limit = limit
        var found = false
        for path in paths {
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            found = true
            guard add(path, st) else { return nil }
        }
        if !found { return nil }
    }

    /// The bytes under `paths`, or nil (see `init`).
    static func bytes(under paths: [String], limit: Int = SourceSize.limit) -> Int64? {
        SourceSize(under: paths, limit: limit)?.total
    }

    /// Adds `path`, whose `lstat` is `st`, and what is under it; false once past the limit.
    private mutating func add(_ path: String, _ st: stat) -> Bool {
        entries += 1
        if entries > limit { return false }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            let file = File(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
            // A file with other links is counted once, where it is first met.
            if st.st_nlink > 1 || keepsOrder {
                guard before[file] == nil else { return true }
                before[file] = total
            }
            total += Int64(st.st_size)
        case S_IFDIR:
            guard !Self.isVirtual(UInt64(st.st_dev)) else { return true }
            return addEntries(of: path)
        default:
            break
        }
        return true
    }

    private mutating func addEntries(of directory: String) -> Bool {
        guard let dir = opendir(directory) else { return true }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
            if names.count > limit { return false }
        }
        // By the bytes of the names, as duplicity sorts them (and so as it reads the files).
        if keepsOrder { names.sort { $0.lexicographicallyPrecedes($1) } }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            var st = stat()
            // The name's own bytes, which need not be UTF-8.
            let found = (name + [0]).withUnsafeBytes { raw in
                fstatat(dirfd(dir), raw.baseAddress!.assumingMemoryBound(to: CChar.self), &st, AT_SYMLINK_NOFOLLOW)
            }
            guard found == 0 else { continue }
            guard add(base + String(decoding: name, as: UTF8.self), st) else { return false }
        }
        return true
    }

    /// Whether a directory on device `device` is on a file system whose sizes mean nothing to a reader: the ones
    /// mounted on /proc and /sys (Swift's Glibc has no `statfs` to ask a file system's type).
    private static func isVirtual(_ device: UInt64) -> Bool { virtualDevices.contains(device) }

    private static let virtualDevices: Set<UInt64> = Set(["/proc", "/sys"].compactMap { path in
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_dev) : nil
    })
}
