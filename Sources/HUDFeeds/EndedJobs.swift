import Glibc
import HUDBase

/// How one job ended, as `x11hud list --json --ended` prints it: kept for ten minutes after its end so that a status
/// bar polling every few seconds sees every failure, long after the HUD that showed it (if any) has gone.
public struct EndedJob: Codable, Equatable, Sendable {
    /// The HUD's name (`--id`), when it had one.
    public var id: String?
    /// The x11hud process that ran or showed the job.
    public var pid: Int32
    /// The job's label: `--label`, else the command's name.
    public var label: String
    /// `done`, `failed` or `cancelled` (`JobOutcome`).
    public var outcome: String
    /// Why it failed, in the command's own words (else its exit status); nil unless it failed.
    public var reason: String?
    /// When it ended, in seconds since 1970.
    public var ended: Double
    /// The exit status x11hud ended with, when it ran the command (`x11hud run`).
    public var status: Int32?

    public init(id: String?, pid: Int32, label: String, outcome: String, reason: String?, ended: Double,
                status: Int32?) {
        self.id = id
        self.pid = pid
        self.label = label
        self.outcome = outcome
        self.reason = reason
        self.ended = ended
        self.status = status
    }
}

/// The ended jobs of one user: a small JSON file per job in `$XDG_RUNTIME_DIR/x11hud/ended` (else
/// `/tmp/x11hud-UID/ended`), written whole under another name and renamed, so a reader never sees half of one. A
/// folder rather than the display's HUD registry: a job with no display at all (cron, a systemd timer) ends too.
/// Whoever writes or reads removes the records older than `keptSeconds`; the clock is the caller's (a test's own).
public struct EndedJobs: Sendable {
    public let directory: String
    /// How long a record is kept after its job's end.
    public static let keptSeconds = 600.0

    public init(directory: String) { self.directory = directory }

    /// The user's folder, from `environment` (the process's by default).
    public static func userDirectory(environment: [String: String]? = nil) -> String {
        let runtime = environment.map { $0["XDG_RUNTIME_DIR"] } ?? getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        if let runtime, runtime.hasPrefix("/") { return runtime + "/x11hud/ended" }
        return "/tmp/x11hud-\(getuid())/ended"
    }

    /// The current time in seconds since 1970, for `record` and `recent`.
    public static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Writes `job` (the records past their time are removed on the way).
    /// - Throws: `EndedJobsError` when the folder cannot be made or is not the user's own, or the file cannot be
    ///   written.
    public func record(_ job: EndedJob, now: Double) throws(EndedJobsError) {
        try makeFolder()
        _ = recent(now: now)
        guard let text = JSONWriter.text(job) else { throw EndedJobsError("cannot write the record of \(job.pid)") }
        let name = "\(Int64(job.ended * 1000))-\(job.pid)"
        let temporary = "\(directory)/.\(name).tmp", final = "\(directory)/\(name).json"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw EndedJobsError("cannot write \(temporary): \(Self.lastError)") }
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, final) == 0 else {
            let why = Self.lastError
            unlink(temporary)
            throw EndedJobsError("cannot write \(final): \(why)")
        }
    }

    /// The jobs that ended in the last `keptSeconds` before `now`, oldest first; the older records are removed
    /// (and any file that is not one). An absent folder has none.
    public func recent(now: Double) -> [EndedJob] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var jobs: [EndedJob] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            // Another process's record being written: its own until renamed (unless it was left behind long ago).
            if name.hasPrefix(".") {
                if Self.modified(path).map({ now - $0 > Self.keptSeconds }) ?? false { unlink(path) }
                continue
            }
            guard name.hasSuffix(".json"), let job = Self.load(path),
                  Self.isKept(job, now: now) else {
                unlink(path)
                continue
            }
            jobs.append(job)
        }
        return jobs.sorted { ($0.ended, $0.pid) < ($1.ended, $1.pid) }
    }

    /// Whether `job` is still kept at `now`: it ended at most `keptSeconds` before (a record from the future, a
    /// clock set back, is kept: it is never older than its time).
    public static func isKept(_ job: EndedJob, now: Double) -> Bool { now - job.ended <= keptSeconds }

    private func makeFolder() throws(EndedJobsError) {
        let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.endIndex)])
        for folder in [parent, directory] where !folder.isEmpty {
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw EndedJobsError("cannot make \(folder): \(Self.lastError)")
            }
            // /tmp is everyone's: a folder someone else made there first is not written into.
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else {
                throw EndedJobsError("\(folder) is not a directory of this user")
            }
        }
    }

    private static func load(_ path: String) -> EndedJob? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 * 1024 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        return try? JSONReader.decode(EndedJob.self, from: bytes)
    }

    private static func modified(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec)
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// Why an ended job could not be recorded.
public struct EndedJobsError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
