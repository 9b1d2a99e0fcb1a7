import Glibc
import HUDScene
import ProgressFeed

/// What the program already fixed, which a watcher must not overwrite.
public struct WatchTexts: Hashable, Sendable {
    /// The label is the program's (`--label`): the watcher sends no command or file name.
    public var labelIsSet = false
    /// The details are the program's (`--details TEXT`): the watcher sends no file names.
    public var detailsIsSet = false

    public init(labelIsSet: Bool = false, detailsIsSet: Bool = false) {
        self.labelIsSet = labelIsSet
        self.detailsIsSet = detailsIsSet
    }
}

/// `--watch-pid`: the progress of the file a running process reads (or, with `--total`, writes).
///
/// A process that reads nothing with a size (`dd if=/dev/zero of=big`) and is given no total shows the file it
/// writes: the bytes written so far, so `--details auto` gives them and the rate, with the spinner (there is no
/// fraction without a total); `noTotal` is called once then, so the program can say that `--total` gives a ring.
///
/// It claims only what it saw. The end of the job is the process's exit status (`ExitStatusWatch`), never where one
/// file was left: 0 is the success icon; another status or a signal is the error icon, "ended early", and the watch
/// ends `failed` with the status a shell would report. When the status cannot be read, the info icon and `incomplete`:
/// the last figures (the position the process left the file at, read through a copy of its descriptor,
/// `ProcessFiles.hold`, or the last look's) say how far it came, never "done".
final class ProcessProbe: WatchProbe {
    private let files: ProcessFiles
    private let total: Int64?
    private let texts: WatchTexts
    private let noTotal: (@Sendable (_ command: String, _ file: String) -> Void)?
    private var current: ProcessFiles.OpenFile?
    /// A copy of the descriptor of `current`, when the process lets us have one.
    private var held: ProcessFiles.HeldFile?
    /// Each candidate's position and size at the last look, to tell which one the process works on.
    private var previous: [ProcessFiles.Identity: (position: Int64, size: Int64)] = [:]
    private var lastDone: Int64?
    private var toldNoTotal = false
    /// Whether the process has been seen reading a source: then its outputs are never followed without a total (nor
    /// ever a backup tool's: `ToolStores.isBackupTool`).
    private var sourceSeen = false
    /// Whether to ask for copies of the process's descriptors (false: judge the end by the last look, as where
    /// they are refused).
    private let holdsFiles: Bool
    /// How the process ended, from the thread that follows it.
    private let exit: ExitStatusWatch
    /// Looks since the end was seen while the thread had not yet reported it.
    private var looksWithoutStatus = 0

    init(files: ProcessFiles, total: Int64?, texts: WatchTexts,
         noTotal: (@Sendable (_ command: String, _ file: String) -> Void)? = nil, holdsFiles: Bool = true,
         followsExit: Bool = true) {
        self.files = files
        self.total = total
        self.texts = texts
        self.noTotal = noTotal
        self.holdsFiles = holdsFiles
        exit = ExitStatusWatch(pid: files.pid, follows: followsExit)
    }

    var endDescriptor: Int32? { files.exitDescriptor }

    func whenEnded(_ body: @escaping @Sendable () -> Void) { exit.whenEnded(body) }

    func look() -> WatchLook {
        guard !files.hasEnded, let open = files.openFiles() else { return ending() }
        var update = FeedUpdate(label: texts.labelIsSet ? nil : files.command)
        let candidates = ProcessFiles.OpenFile.candidates(open, total: total,
                                                          sourceSeen: sourceSeen || files.stores.isBackupTool)
        if candidates.contains(where: { !$0.writes }) { sourceSeen = true }
        let moved = movement(of: candidates)
        let chosen = ProcessFiles.OpenFile.pick(candidates, current: current, moved: moved)
        defer { current = chosen }
        guard let file = chosen else { return .progress(update, moved: current != nil) }
        if holdsFiles, held?.identity != file.identity { held = files.hold(file) }
        figures(of: file, size: file.size, into: &update)
        if !texts.detailsIsSet {
            // A tool busy with several files at once (restic reads two) says so.
            let others = candidates.count(where: { $0.identity != file.identity && moved[$0.identity, default: 0] > 0 })
            update.details = others == 0 ? file.name
                : "\(file.name) and \(others) other file\(others == 1 ? "" : "s")"
        }
        if total == nil, writing(file), !toldNoTotal {
            toldNoTotal = true
            noTotal?(files.command, file.name)
        }
        let done = update.bytesDone
        defer { lastDone = done }
        return .progress(update, moved: done != lastDone || file != current)
    }

    /// How far the process moved through each candidate since the last look (read or written), and remembers
    /// where each is now.
    private func movement(of candidates: [ProcessFiles.OpenFile]) -> [ProcessFiles.Identity: Int64] {
        var moved: [ProcessFiles.Identity: Int64] = [:]
        var now: [ProcessFiles.Identity: (position: Int64, size: Int64)] = [:]
        for file in candidates {
            now[file.identity] = (file.position, file.size)
            if let before = previous[file.identity] {
                moved[file.identity] = max(file.position - before.position, file.size - before.size, 0)
            }
        }
        previous = now
        return moved
    }

    /// Whether `file` is shown as an output growing (its size) rather than an input read (its position).
    private func writing(_ file: ProcessFiles.OpenFile) -> Bool { file.writes && (total != nil || !file.reads) }

    /// The bytes done, the total and the fraction `file` shows, its size being `size`.
    private func figures(of file: ProcessFiles.OpenFile, size: Int64, into update: inout FeedUpdate) {
        let writing = writing(file)
        // A growing output's size is what was written; a disk's is fixed, so the position says.
        let done = writing && !file.isDisk ? max(size, file.position) : file.position
        update.bytesDone = done
        guard let all = writing ? total : size else { return }
        update.bytesTotal = all
        update.progress = all > 0 ? min(Double(done) / Double(all), 1) : 0
    }

    /// The process has ended, its descriptors closed. Its outcome: what the following thread saw, else its status
    /// as a zombie, else (after a moment for the thread's report, which brings the next look) unknown.
    private func outcome() -> ProcessOutcome? {
        if let known = exit.outcome { return known }
        if let raw = files.zombieStatus, let read = ProcessOutcome(waitStatus: raw) { return read }
        looksWithoutStatus += 1
        if exit.isFollowing, looksWithoutStatus <= 4 { return nil }
        return .unknown(exit.isFollowing ? "its end was not reported" : exit.refusal ?? "it could not be followed")
    }

    /// The ending: the file's final figures where they can be known (an output's size now; an input's position
    /// through the copy of its descriptor), else the last look's; the icon and the end from the outcome.
    private func ending() -> WatchLook {
        guard let outcome = outcome() else { return .progress(FeedUpdate(), moved: true) }
        var update = FeedUpdate()
        var at = ""
        if var final = current {
            var size = final.size
            if let held, held.identity == final.identity {
                final.position = held.position
                if !final.isDisk, let now = held.size { size = now }
            } else if writing(final) {
                var st = stat()
                if stat(final.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG { size = Int64(st.st_size) }
            }
            figures(of: final, size: size, into: &update)
            if let all = update.bytesTotal {
                var sizes = ByteFormatter()
                let done = sizes.format(Double(update.bytesDone ?? 0))
                at = " at \(done) of \(sizes.format(Double(all))) of \(final.name)"
            }
        }
        held = nil
        switch outcome {
        case .exited(0):
            update.icon = .success
            update.hideAfter = WatchFeed.successHold
            return .finished(update, end: .completed)
        case .exited, .signalled:
            update.icon = .error
            update.hideAfter = WatchFeed.incompleteHold
            if !texts.detailsIsSet { update.details = "Ended early: \(outcome.description)" }
            let message = "\(files.command) ended early\(at): \(outcome.description)"
            return .finished(update, end: .failed(status: outcome.shellStatus ?? 1, message: message))
        case .unknown:
            update.icon = .info
            update.hideAfter = WatchFeed.incompleteHold
            let message = "\(files.command) ended\(at); \(outcome.description), so it is not reported as done"
            return .finished(update, end: .incomplete(message))
        }
    }
}

/// `--watch-file`: a file growing towards `--total` bytes.
///
/// Missing at the start, it is waited for with the spinner (a download may not have begun). It ends with the
/// success icon at the first look that finds it at or past the total (past: the total was an estimate), and with
/// the error icon and status 66 when it disappears or stops being a regular file. A file that stops growing is
/// waited for, with `stalled` in the details: the program writing it may resume.
final class FileProbe: WatchProbe {
    private let path: String
    private let total: Int64
    private let texts: WatchTexts
    private var seen = false
    private var lastSize: Int64?

    init(path: String, total: Int64, texts: WatchTexts) {
        self.path = path
        self.total = total
        self.texts = texts
    }

    var name: String { ProcessFiles.baseName(path) }
    var endDescriptor: Int32? { nil }

    func look() -> WatchLook {
        var st = stat()
        let exists = stat(path, &st) == 0
        guard exists, st.st_mode & S_IFMT == S_IFREG else {
            if seen || exists {
                let why = exists ? "is no longer a regular file" : "was deleted"
                return .finished(FeedUpdate(details: "\(name) \(why)", icon: .error, hideAfter: 2), end: .fileLost)
            }
            return .progress(FeedUpdate(label: texts.labelIsSet ? nil : name,
                                        details: texts.detailsIsSet ? nil : "Waiting for the file"), moved: false)
        }
        let size = Int64(st.st_size)
        var update = FeedUpdate(progress: min(Double(size) / Double(total), 1), bytesDone: size, bytesTotal: total)
        if !seen {
            seen = true
            if !texts.labelIsSet { update.label = name }
            if !texts.detailsIsSet { update.details = "" }
        }
        if size >= total {
            update.icon = .success
            update.hideAfter = WatchFeed.successHold
            return .finished(update, end: .completed)
        }
        defer { lastSize = size }
        return .progress(update, moved: size != lastSize)
    }
}
