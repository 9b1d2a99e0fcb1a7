import HUDBase
package import HUDCommandLine
import Glibc
package import HUDFeeds
import HUDLoop
package import ProgressFeed

/// `--watch-pid`, `--watch-file` and `--total`: progress from work already running, without a pipe.
package struct WatchOptions: OptionGroup, Codable {
    package var pidText: String?
    package var watchFile: String?
    package var total: TransferTotal?

    package init() {}

    package static let rows: [OptionRow<WatchOptions>] = [
        .text("watch-pid", valueName: "pid", help: """
            Show the progress of a running process, as the 'progress' tool does: the position in the file it reads \
            most (with --total, the size of the one it writes most), never a deleted one; label its command name, \
            details the file and --details auto. When it exits 0: the success icon. Another status or a signal: \
            the error icon, one line saying it ended early, and x11hud exits with that status (128+N for signal N). \
            Its status is read by tracing it (ptrace, as its user may); where that is refused (another user's \
            process, one being debugged, Yama's ptrace_scope) and it cannot be read otherwise, the info icon and \
            exit \(ExitStatus.incomplete.code): never reported as done.
            """, section: "WATCHING") { $0.pidText = $1 },
        .text("watch-file", valueName: "path", help: """
            Show a file growing towards --total (a download another program writes); waits for it to appear; \
            success at the total, error (66) if it is deleted first.
            """, completion: .file(extensions: []), section: "WATCHING") { $0.watchFile = $1 },
        .option("total", valueName: "size|duration", help: """
            What the job adds up to when its output does not say: a size (123456, 700M, 1.5G: K, M, G, T are \
            powers of 1024 as in dd and pv; kB, MB, GB of 1000) for dd, pv without -s and the watchers, or a \
            duration (1:30:00, 90s, 1.5h, 90min) for ffmpeg's time=.
            """, section: "WATCHING", parse: Self.parseTotal) { $0.total = $1 },
    ]

    /// The PID `--watch-pid` gives, once `validate()` has read it.
    package var watchPID: Int32? { pidText.flatMap { Self.pids(in: $0).first } }

    /// The whole numbers in `--watch-pid`'s value: `$(pidof x)` gives none, one, or several separated by blanks.
    package static func pids(in text: String) -> [Int32] {
        text.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
    }

    /// The one line for several PIDs (`--watch-pid "$(pidof rsync)"`): which one to watch. When they are one
    /// process tree (rsync's sender, and the receiver and generator it started), the one the others were started
    /// from, which for rsync is the sender, the process that reads the files; else the way to pick by age.
    package static func whichPID(_ pids: [Int32]) -> String {
        let given = "--watch-pid: \(pids.count) PIDs given (\(pids.map(String.init).joined(separator: " ")))"
        let parents = Dictionary(uniqueKeysWithValues: pids.map { ($0, ProcessFiles.parent(of: $0)) })
        let roots = pids.filter { pid in parents[pid].flatMap { $0 }.map { !pids.contains($0) } ?? true }
        // One tree: every other one's parent is among them.
        if roots.count == 1, let root = roots.first, parents.values.allSatisfy({ $0 != nil }) {
            let name = ProcessFiles.commandName(of: root) ?? "process"
            let reader = name == "rsync" ? "rsync's sender, which reads the files" : "which started the others"
            return "\(given), one \(name) and the processes it started: watch \(root) (\(reader); "
                + "pgrep -o -x \(name) gives it)"
        }
        return "\(given): watch the one that reads the files (pgrep -o NAME gives the oldest, pgrep -n the newest)"
    }

    /// Opened in `validate()`, so a missing process is an error before anything is shown.
    package var process: ProcessFiles?

    /// The process is watched where it was opened: a request to the resident carries the options only.
    package enum CodingKeys: String, CodingKey { case pidText, watchFile, total }

    package var isWatching: Bool { watchPID != nil || watchFile != nil }

    package static func parseTotal(_ text: String) throws(ValueError) -> TransferTotal {
        guard let total = TransferTotal(parsing: text) else { throw .rule(TransferTotal.rule) }
        return total
    }

    package mutating func validate() throws {
        if watchPID != nil, watchFile != nil {
            throw UsageError("--watch-pid and --watch-file cannot be used together")
        }
        if watchFile != nil, total?.bytes == nil {
            throw UsageError("--watch-file needs --total SIZE, the size the file grows to (1.5G, 700M, 123456)")
        }
        if watchPID != nil, total?.seconds != nil {
            throw UsageError("--watch-pid takes --total as a size (1.5G), not a duration")
        }
        if let path = watchFile {
            var st = stat()
            if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                fail(.noInput, "--watch-file: '\(path)' is not a regular file")
            }
        }
        if let text = pidText {
            let words = text.split(whereSeparator: \.isWhitespace)
            let pids = Self.pids(in: text)
            // `--watch-pid "$(pidof x)"` when pidof finds nothing, or finds several processes.
            if words.isEmpty {
                fail(.noInput, "--watch-pid: no process (the PID given is empty: did pidof or pgrep find none?)")
            }
            guard pids.count == words.count else {
                throw UsageError("The value '\(text)' is invalid for '--watch-pid <pid>': expected a process ID")
            }
            if pids.count > 1 { throw UsageError(Self.whichPID(pids)) }
        }
        if let pid = watchPID {
            do { process = try ProcessFiles(pid: pid) } catch {
                switch error {
                case .noProcess: fail(.noInput, "--watch-pid: \(error)")
                case .notPermitted: fail(.noPermission, "--watch-pid: \(error)")
                }
            }
        }
    }

    /// A watched process or file that cannot be read ends the program with its own status, not 64.
    private func fail(_ status: ExitStatus, _ message: String) -> Never { fail(status.code, message) }
    private func fail(_ code: Int32, _ message: String) -> Never {
        ExitError.printError(message)
        Glibc.exit(code)
    }

    /// The watcher the options ask for, not yet started; nil when they ask for none.
    package func makeFeed(texts: WatchTexts, onEnd: @escaping @Sendable (WatchEnd) -> Void) -> WatchFeed? {
        if let process {
            // One line, once: without a total the bytes written and the rate are shown, with the spinner.
            let noTotal: @Sendable (String, String) -> Void = { command, file in
                ExitError.printError("warning: \(command) reads no file of known size; showing the bytes it "
                    + "writes to \(file): --total SIZE gives a ring")
            }
            return ProcessWatch(process, total: total?.bytes, texts: texts, noTotal: noTotal, onEnd: onEnd)
        }
        if let watchFile, let bytes = total?.bytes {
            return FileWatch(path: watchFile, total: bytes, texts: texts, onEnd: onEnd)
        }
        return nil
    }

    /// A watcher and piped standard input: the watcher is the input. Standard input is read and dropped on a
    /// thread of its own, so a program writing into it is neither blocked nor killed by SIGPIPE.
    package static func ignoreStandardInput(option: String) {
        ExitError.printError("warning: standard input is ignored with \(option)")
        BlockingThread.start("x11hud.stdin-ignored") { FileDescriptorFeed.discard(0) }
    }
}
