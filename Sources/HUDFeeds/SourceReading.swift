import Glibc
import HUDLoop
import ProgressFeed
import Synchronization

/// `run`'s progress for a backup command that prints none (`QuietCommand`): how far the process has come through its
/// sources, read in `/proc` as `--watch-pid` reads it (`ProcessFiles`), against their size (`SourceSize`, walked on
/// a thread of its own while the tool runs), with the details saying what is read: `Reading Documents`. Issue 52
/// item 4. How far it has come is measured one of two ways (`Measure`).
final class SourceReading: Sendable {
    /// Seconds between looks: quick until the sources are first seen, so little is read before the count starts.
    static let firstInterval = 0.1
    static let interval = 0.5

    /// How far a tool has come through its sources.
    enum Measure: Equatable, Sendable {
        /// All it has read (`rchar` in `/proc/PID/io`), summed over the run, since files shorter than a look come
        /// and go between two looks: for borg, which reads its files in the order of their inodes. What it reads
        /// before its sources (Python's modules, its caches) is not theirs: the count starts at the first look
        /// that finds a source file open (`ReadCount`).
        case bytesRead
        /// Where it is in the file it reads, after the files before it: for duplicity, which reads its files by
        /// name, as the walk orders them, and reads its own volumes back as it stores them (three times the
        /// source's bytes in all, in a test's run), so what it reads in all says nothing.
        case placeInOrder
    }

    private let measure: Measure
    /// The sources, absolute and with links resolved, as `/proc/PID/fd` shows the files under them.
    private let roots: [String]
    private let details: String
    /// `--total`, which replaces the walk's total.
    private let givenTotal: Int64?
    /// What the walk found; nil until then, or when the walk gave up.
    private let walked = Mutex<SourceSize?>(nil)
    /// Set once the command has ended: no look is posted after that.
    private let stopped = Mutex(false)
    private let ended = Latch()
    private let post: @Sendable (FeedUpdate) -> Void

    /// Starts looking at process `pid` and walking `sources` (as its command line names them); `post` gets each
    /// look's update (on another thread).
    /// - Parameter total: `--total`, which then replaces the walk's total.
    init(_ sources: [String], measure: Measure = .bytesRead, pid: Int32, total: Int64?,
         post: @escaping @Sendable (FeedUpdate) -> Void) {
        self.measure = measure
        roots = sources.map(Self.resolved)
        details = Self.details(for: sources)
        givenTotal = total
        self.post = post
        if total == nil || measure == .placeInOrder {
            BlockingThread.start("x11hud.run.sources.size") { [self, roots] in
                let size = SourceSize(under: roots, keepsOrder: measure == .placeInOrder)
                walked.withLock { $0 = size }
            }
        }
        BlockingThread.start("x11hud.run.sources") { [self] in look(at: pid) }
    }

    private var total: Int64? { givenTotal ?? walked.withLock { $0?.total } }

    /// The command has ended: the looks stop, and none is posted after this returns. A command that succeeded has
    /// read all its sources, and the last look was up to half a second before its end: with a total, that is the
    /// last figure (borg's last look was at 26 MB of 32).
    func stop(succeeded: Bool) {
        let total = total
        stopped.withLock { $0 = true }
        ended.open()
        if succeeded, let total { post(ReadCount.update(done: total, total: total, details: details)) }
    }

    /// `Reading Documents`, `Reading 3 sources`.
    static func details(for sources: [String]) -> String {
        guard sources.count == 1, let name = sources[0].split(separator: "/").last else {
            return sources.count == 1 ? "Reading /" : "Reading \(sources.count) sources"
        }
        return "Reading \(name)"
    }

    private func look(at pid: Int32) {
        guard let files = try? ProcessFiles(pid: pid) else { return }
        var count = ReadCount()
        while !ended.wait(seconds: count.started || measure == .placeInOrder ? Self.interval : Self.firstInterval) {
            guard let read = files.bytesRead, let open = files.openFiles() else { return }
            let inSources = open.filter { $0.reads && !$0.writes && contains($0.path) }
            let done: Int64?
            switch measure {
            case .bytesRead:
                done = count.done(read: read, inSources: inSources.isEmpty ? nil : inSources.map(\.position)
                    .reduce(0, +))
            case .placeInOrder:
                done = walked.withLock { size in
                    inSources.compactMap { file in
                        size?.before[SourceSize.File(device: file.device, inode: file.inode)].map { $0 + file.position }
                    }.max()
                }
            }
            guard let done else { continue }
            let update = ReadCount.update(done: done, total: total, details: details)
            stopped.withLock { if !$0 { post(update) } }
        }
    }

    private func contains(_ path: String) -> Bool {
        roots.contains { path == $0 || path.hasPrefix($0 == "/" ? $0 : $0 + "/") }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// The bytes a process has read of its sources, from what it has read in all: what it read before the first look
/// that saw a source open, less the positions in the sources open then, is not theirs.
struct ReadCount {
    private var before: Int64?

    /// Whether the count has started (a source was seen open).
    var started: Bool { before != nil }

    /// The bytes of the sources read by now; nil until a source is first seen open.
    /// - Parameters:
    ///   - read: all the process has read by now (`rchar`).
    ///   - inSources: the sum of its positions in the source files it has open, nil when none is open.
    mutating func done(read: Int64, inSources: Int64?) -> Int64? {
        if before == nil, let inSources { before = read - inSources }
        return before.map { max(0, read - $0) }
    }

    /// The update for `done` bytes of `total`: no more than the total (the tool reads other files too), and the
    /// fraction only with a total.
    static func update(done: Int64, total: Int64?, details: String) -> FeedUpdate {
        var update = FeedUpdate(details: details, bytesDone: done)
        if let total, total > 0 {
            update.bytesDone = min(done, total)
            update.bytesTotal = total
            update.progress = min(Double(done) / Double(total), 1)
        }
        return update
    }
}
