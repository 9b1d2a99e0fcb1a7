import Glibc
import HUDScene

/// A running process's open files, read from `/proc/PID/fd` and `/proc/PID/fdinfo` as Xfennec's `progress` reads
/// them: each descriptor's target, its type and size (`fstatat` through the link), its offset and open mode
/// (`pos:` and `flags:` in fdinfo).
///
/// The `/proc/PID` directory is held open from the start: once that process has ended, reading through it fails
/// even when a new process has been given the same PID, so a reused PID is never watched by mistake.
public final class ProcessFiles: Sendable {
    public let pid: Int32
    /// The command name (`/proc/PID/comm`): `cp`, `dd`, `tar`…
    public let command: String
    /// A backup tool's repository, cache and configuration: never the followed file.
    let stores: ToolStores
    private let directory: Int32
    /// A pidfd (Linux 5.3): readable the moment the process ends, so its end is seen at once rather than at the
    /// next look. Nil where the kernel or the C library has none; the looks still see the end.
    let exitDescriptor: Int32?

    /// One open regular file or disk.
    struct OpenFile: Equatable {
        var descriptor: Int
        var path: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var position: Int64
        var reads: Bool
        var writes: Bool
        /// A block device: its size does not grow with what is written to it.
        var isDisk = false

        var name: String { ProcessFiles.baseName(path) }
        /// Which open file it is: the same descriptor on the same file.
        var identity: Identity { Identity(descriptor: descriptor, device: device, inode: inode) }
    }

    struct Identity: Hashable {
        var descriptor: Int
        var device: UInt64
        var inode: UInt64
    }

    /// A copy of one of the process's descriptors, sharing its open file and so its position: read after the
    /// process has ended, it says where the process stopped, which no look at `/proc` can once its files are closed.
    final class HeldFile {
        let identity: Identity
        private let fd: Int32

        fileprivate init(fd: Int32, identity: Identity) {
            self.fd = fd
            self.identity = identity
        }

        deinit { close(fd) }

        /// The position the process left the file at.
        var position: Int64 { max(0, Int64(lseek(fd, 0, SEEK_CUR))) }
        /// The file's size now.
        var size: Int64? {
            var st = stat()
            return fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int64(st.st_size) : nil
        }
    }

    /// The last part of a path, for the details label.
    static func baseName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Opens `/proc/PID`.
    /// - Throws: `WatchError.noProcess` when there is no such process, `.notPermitted` when its open files may not
    ///   be read.
    public init(pid: Int32) throws(WatchError) {
        self.pid = pid
        let dir = open("/proc/\(pid)", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard pid > 0, dir >= 0 else { throw .noProcess(pid) }
        directory = dir
        let fds = openat(dir, "fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let failure = errno
        if fds < 0 {
            close(dir)
            if failure == EACCES || failure == EPERM { throw .notPermitted(pid) }
            throw .noProcess(pid)
        }
        close(fds)
        command = Self.read(dir, "comm")?.trimmingWhitespace() ?? "process \(pid)"
        stores = ToolStores(command: command, arguments: Self.strings(dir, "cmdline"),
                            environment: Self.environment(dir), directory: Self.link(dir, "cwd"))
        exitDescriptor = Self.pidfdOpen.flatMap { open in
            let fd = open(pid, 0)
            return fd >= 0 ? fd : nil
        }
    }

    deinit {
        close(directory)
        if let exitDescriptor { close(exitDescriptor) }
    }

    /// The parent of process `pid` (the 4th field of its stat), nil when there is no such process.
    public static func parent(of pid: Int32) -> Int32? {
        let dir = open("/proc/\(pid)", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard pid > 0, dir >= 0 else { return nil }
        defer { close(dir) }
        guard let stat = read(dir, "stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The command name of process `pid` (`/proc/PID/comm`), nil when there is no such process.
    public static func commandName(of pid: Int32) -> String? {
        let dir = open("/proc/\(pid)", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard pid > 0, dir >= 0 else { return nil }
        defer { close(dir) }
        return read(dir, "comm")?.trimmingWhitespace()
    }

    /// A copy of the process's descriptor of `file` (`pidfd_getfd`, Linux 5.6), or nil: it needs the right to
    /// trace the process (with Yama's `ptrace_scope` 1, as on Ubuntu, only root has it for a process that is not
    /// x11hud's descendant), and the descriptor must still be that file.
    func hold(_ file: OpenFile) -> HeldFile? {
        guard let exitDescriptor, let getfd = Self.pidfdGetfd else { return nil }
        let fd = getfd(exitDescriptor, Int32(file.descriptor), 0)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_dev) == file.device, UInt64(st.st_ino) == file.inode else {
            close(fd)
            return nil
        }
        return HeldFile(fd: fd, identity: file.identity)
    }

    /// glibc 2.36's `pidfd_getfd` (the copy is close-on-exec), looked up as `pidfd_open` is.
    private static let pidfdGetfd: (@convention(c) (Int32, Int32, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_getfd") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32, UInt32) -> Int32).self)
    }()

    /// glibc 2.36's `pidfd_open`, looked up at run time so that an older C library still runs x11hud.
    private static let pidfdOpen: (@convention(c) (Int32, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt32) -> Int32).self)
    }()

    /// Whether the process has ended: its directory is gone (or belongs to no one now), or it is a zombie.
    var hasEnded: Bool {
        guard let stat = Self.read(directory, "stat"), let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].drop(while: { $0 == " " }).first
        return state == "Z" || state == "X"
    }

    /// Its wait status while it is a zombie (`exit_code`, the 52nd field of its stat, Linux 3.5): what its parent
    /// is about to be told. Nil while it runs, once it has been reaped, or where the field is missing.
    var zombieStatus: Int32? {
        guard let stat = Self.read(directory, "stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.first == "Z", fields.count > 49 else { return nil }
        return Int32(fields[49])
    }

    /// The bytes it has read so far, from files, pipes and sockets alike (`rchar` in `/proc/PID/io`, which only
    /// its owner may read); nil once it has ended.
    var bytesRead: Int64? {
        guard let io = Self.read(directory, "io") else { return nil }
        let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        return line.flatMap { Int64($0.dropFirst("rchar:".count).trimmingWhitespace()) }
    }

    /// Its open regular files and disks; nil when they can no longer be read (it has ended).
    func openFiles() -> [OpenFile]? {
        let fds = openat(directory, "fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fds >= 0, let dir = fdopendir(fds) else { return nil }
        defer { closedir(dir) }
        var files: [OpenFile] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let n = Int(name) else { continue }
            var st = stat()
            guard fstatat(fds, name, &st, 0) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFBLK else { continue }
            // A deleted file (`restic-temp-pack-… (deleted)`) is a temporary one, never the job's progress.
            guard type == S_IFBLK || st.st_nlink > 0 else { continue }
            let path = Self.link(fds, name) ?? name
            // A backup tool's own files (restic's packs and index, borg's segments) are not what it backs up.
            guard !stores.contains(path) else { continue }
            // A disk (`dd if=/dev/sdb`) has no size in stat: its end is found by seeking, as `progress` does with
            // BLKGETSIZE64. Opening it needs the right to read the disk, as dd itself has.
            let size = type == S_IFBLK ? Self.deviceSize(fds, name) : Int64(st.st_size)
            guard let info = Self.read(directory, "fdinfo/\(n)") else { continue }
            let (position, flags) = Self.fdinfo(info)
            let mode = flags & Int(O_ACCMODE)
            files.append(OpenFile(descriptor: n, path: path, device: UInt64(st.st_dev),
                                  inode: UInt64(st.st_ino), size: size, position: position,
                                  reads: mode == Int(O_RDONLY) || mode == Int(O_RDWR),
                                  writes: mode == Int(O_WRONLY) || mode == Int(O_RDWR), isDisk: type == S_IFBLK))
        }
        return files
    }

    // MARK: Reading /proc

    /// `pos:` (decimal) and `flags:` (octal) of one fdinfo file.
    static func fdinfo(_ text: String) -> (position: Int64, flags: Int) {
        var position: Int64 = 0, flags = 0
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingWhitespace()
            if parts[0] == "pos" { position = Int64(value) ?? 0 }
            if parts[0] == "flags" { flags = Int(value, radix: 8) ?? 0 }
        }
        return (position, flags)
    }

    /// A small file under `/proc/PID`, or nil.
    static func read(_ directory: Int32, _ path: String) -> String? {
        let fd = openat(directory, path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil
    }

    /// A NUL-separated file under `/proc/PID` (`cmdline`, `environ`), up to 256 KiB, as its strings; empty when
    /// it may not be read.
    static func strings(_ directory: Int32, _ path: String) -> [String] {
        let fd = openat(directory, path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 262_144 {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The process's environment, as far as it may be read (the same user's process).
    private static func environment(_ directory: Int32) -> [String: String] {
        var environment: [String: String] = [:]
        for pair in strings(directory, "environ") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return environment
    }

    /// The size of the disk open as `name` in the fd directory, or 0 when it cannot be opened.
    private static func deviceSize(_ directory: Int32, _ name: String) -> Int64 {
        let fd = openat(directory, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        return max(0, Int64(lseek(fd, 0, SEEK_END)))
    }

    private static func link(_ directory: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlinkat(directory, name, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ProcessFiles.OpenFile {
    /// The files the process works on, of the kind whose progress to show: without a total, the files and disks
    /// open for reading only (a position against a size), else, for a process never seen reading one
    /// (`sourceSeen` false: `dd if=/dev/zero of=big`), those open for writing (a size: bytes, no fraction); with a
    /// total, those open for writing (a growing output against the total), else the read ones.
    ///
    /// A file open for writing (`O_WRONLY` or `O_RDWR`: restic's temporary packs, borg's segments, a temporary
    /// file) is never taken for a source: it is always at its end (issue 40 item 3). And once a process has read a
    /// source (or from the start, for restic and borg), what it writes is never followed without a total: between
    /// two sources it shows the last one.
    static func candidates(_ files: [Self], total: Int64?, sourceSeen: Bool = false) -> [Self] {
        let readers = files.filter { $0.reads && !$0.writes && $0.size > 0 }
        let writers = files.filter { $0.writes }
        if total != nil, !writers.isEmpty { return writers }
        return readers.isEmpty && !sourceSeen ? writers : readers
    }

    /// The file whose progress to show among `candidates`: the one the process moved through most since the last
    /// look (`moved`: bytes read or written, by file), so a tool with several files open shows the one it is busy
    /// with; `current` is kept while it moves at least half as much, and while it is open when none moves, so two
    /// files do not take turns. Else the largest.
    static func pick(_ candidates: [Self], current: Self?, moved: [ProcessFiles.Identity: Int64] = [:]) -> Self? {
        let same = current.flatMap { c in candidates.first { $0.identity == c.identity } }
        let most = candidates.map { moved[$0.identity, default: 0] }.max() ?? 0
        if most > 0 {
            if let same, moved[same.identity, default: 0] * 2 >= most { return same }
            return candidates.first { moved[$0.identity, default: 0] == most }
        }
        return same ?? candidates.max { $0.size < $1.size }
    }
}

/// Why a process cannot be watched.
public enum WatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no process with that PID.
    case noProcess(Int32)
    /// Its open files may not be read (another user's process).
    case notPermitted(Int32)

    public var description: String {
        switch self {
        case .noProcess(let pid): return "no process \(pid)"
        case .notPermitted(let pid):
            return "may not read the open files of process \(pid) (another user's; run as that user)"
        }
    }
}
