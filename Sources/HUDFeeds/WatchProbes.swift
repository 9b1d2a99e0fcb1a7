import FoundationEssentials
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
final class ProcessProbe: WatchProbe {
    private let files: ProcessFiles
    private let total: Int64?
    private let texts: WatchTexts
    private let noTotal: (@Sendable (_ command: String, _ file: String) -> Void)?
    private var current: ProcessFiles.OpenFile?
    private var lastDone: Int64?
    private var toldNoTotal = false

    init(files: ProcessFiles, total: Int64?, texts: WatchTexts,
         noTotal: (@Sendable (_ command: String, _ file: String) -> Void)? = nil) {
        self.files = files
        self.total = total
        self.texts = texts
        self.noTotal = noTotal
    }

    var endDescriptor: Int32? { files.exitDescriptor }

    func look() -> WatchLook {
        // Its exit status is not ours to know (it is not our child): the end of the process is the end of the job.
        guard !files.hasEnded, let open = files.openFiles() else { return ending() }
        var update = FeedUpdate(label: texts.labelIsSet ? nil : files.command)
        let chosen = ProcessFiles.OpenFile.pick(open, total: total, current: current)
        defer { current = chosen }
        guard let file = chosen else { return .progress(update, moved: current != nil) }
        figures(of: file, size: file.size, into: &update)
        if !texts.detailsIsSet { update.details = file.name }
        if total == nil, writing(file), !toldNoTotal {
            toldNoTotal = true
            noTotal?(files.command, file.name)
        }
        let done = update.bytesDone
        defer { lastDone = done }
        return .progress(update, moved: done != lastDone || file != current)
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

    /// The process has ended: its descriptors are closed, so instead of the figures of the last look (up to a few
    /// seconds old) the ending shows the file's final ones: an output's size now, or an input read to its end
    /// (the success icon already says the job is done).
    private func ending() -> WatchLook {
        var update = FeedUpdate(icon: .success, hideAfter: WatchFeed.successHold)
        if let file = current {
            var st = stat()
            let size = stat(file.path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int64(st.st_size) : file.size
            var final = file
            if !writing(file) { final.position = size }
            figures(of: final, size: size, into: &update)
        }
        return .finished(update, end: .completed)
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
