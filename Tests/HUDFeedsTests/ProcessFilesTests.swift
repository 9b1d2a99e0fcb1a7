import Foundation
import HUDScene
import ProgressFeed
import Synchronization
import Testing
@testable import HUDFeeds
import HUDTestSupport

/// The choice of the file a process works on, and `/proc` read on the test's own open file (no X, no CLI).
@Suite(.ownThreads) struct ProcessFilesTests {
    func file(_ fd: Int, size: Int64, reads: Bool = true, writes: Bool = false) -> ProcessFiles.OpenFile {
        ProcessFiles.OpenFile(descriptor: fd, path: "/data/f\(fd)", device: 1, inode: UInt64(fd), size: size,
                              position: 0, reads: reads, writes: writes)
    }

    func pick(_ files: [ProcessFiles.OpenFile], total: Int64? = nil, current: ProcessFiles.OpenFile? = nil,
              moved: [Int: Int64] = [:]) -> Int? {
        let candidates = ProcessFiles.OpenFile.candidates(files, total: total)
        let byIdentity = Dictionary(uniqueKeysWithValues: files.compactMap { f in
            moved[f.descriptor].map { (f.identity, $0) }
        })
        return ProcessFiles.OpenFile.pick(candidates, current: current, moved: byIdentity)?.descriptor
    }

    @Test func theLargestFileReadIsChosen() {
        let files = [file(3, size: 100), file(4, size: 5000), file(5, size: 9000, reads: false, writes: true)]
        #expect(pick(files) == 4)
    }

    @Test func withATotalTheLargestOutputIsChosen() {
        let files = [file(3, size: 100), file(4, size: 5000), file(5, size: 10, reads: false, writes: true)]
        #expect(pick(files, total: 1_000_000) == 5)
        // Nothing written: the reading side counts after all.
        #expect(pick(Array(files.prefix(2)), total: 1_000_000) == 4)
    }

    @Test func theCurrentFileIsKeptUntilItCloses() {
        let files = [file(3, size: 5000), file(4, size: 5100)]
        #expect(pick(files, current: files[0]) == 3)
        #expect(pick([files[1]], current: files[0]) == 4)
        #expect(pick([], current: files[0]) == nil)
    }

    /// Issue 30 item 5: of several files open, the one the process reads most since the last look, whatever the
    /// sizes; the current one while it keeps up with half of that, so two files read at once do not take turns.
    @Test func theFileReadMostIsChosenAndTheCurrentOneKeptWhileItKeepsUp() {
        let files = [file(3, size: 9000), file(4, size: 5000), file(5, size: 100)]
        #expect(pick(files, moved: [4: 800, 5: 10]) == 4, "the largest, 3, is open but not read")
        #expect(pick(files, current: files[2], moved: [4: 800, 5: 400]) == 5)
        #expect(pick(files, current: files[2], moved: [4: 800, 5: 399]) == 4)
        #expect(pick(files, current: files[2], moved: [:]) == 5, "nothing moved: the current one stays")
    }

    /// Issue 40 item 3: a file open read-write (restic's `…-tmp-…` pack, always at its end) is never a source;
    /// once a source has been read, an output is not followed without a total (between two of restic's files),
    /// while a process that never read one (`dd if=/dev/zero`) still shows what it writes.
    @Test func aFileOpenForWritingIsNeverTheSource() {
        let pack = file(7, size: 12_000_000, reads: true, writes: true)
        let files = [file(3, size: 5000), pack]
        #expect(pick(files) == 3)
        #expect(ProcessFiles.OpenFile.candidates([pack], total: nil, sourceSeen: true).isEmpty)
        #expect(ProcessFiles.OpenFile.candidates([pack], total: nil, sourceSeen: false) == [pack])
        #expect(ProcessFiles.OpenFile.candidates([pack], total: 1000, sourceSeen: true) == [pack])
    }

    /// Issue 40 item 3: the places restic and borg keep their own files, from their arguments and environment.
    @Test func aBackupToolsRepositoryCacheAndConfigurationAreItsStores() throws {
        let home = ["HOME": "/home/u"]
        let restic = ToolStores(command: "restic", arguments: ["restic", "-r", "repo", "backup", "/home/u"],
                                environment: home, directory: "/nonexistent-x11hud")
        #expect(restic.directories == ["/nonexistent-x11hud/repo", "/home/u/.cache/restic"])
        #expect(restic.contains("/nonexistent-x11hud/repo/data/4d/4d3c-tmp-27") && !restic.contains("/home/u/a"))
        #expect(!restic.contains("/nonexistent-x11hud/repository"))
        let fromEnvironment = ToolStores(command: "restic", arguments: ["restic", "backup", "--repo=x", "/data"],
                                         environment: ["RESTIC_REPOSITORY": "local:/srv/r", "RESTIC_CACHE_DIR": "/c"],
                                         directory: "/")
        #expect(fromEnvironment.directories == ["/x", "/c"], "the option before the environment")
        let remote = ToolStores(command: "restic", arguments: ["restic", "backup", "/data"],
                                environment: ["RESTIC_REPOSITORY": "sftp:host:/r", "RESTIC_CACHE_DIR": "/c"],
                                directory: "/")
        #expect(remote.directories == ["/c"])
        let named = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-repo-\(UUID().uuidString)")
        try "/srv/named\n".write(to: named, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: named) }
        let fromFile = ToolStores(command: "restic", arguments: ["restic", "--repository-file", named.path, "backup"],
                                  environment: ["RESTIC_CACHE_DIR": "/c"], directory: "/")
        #expect(fromFile.directories == ["/srv/named", "/c"])
        let borg = ToolStores(command: "borg", arguments: ["/usr/bin/python3", "/usr/bin/borg", "create",
                                                           "/srv/b::{now}", "/home/u", "ssh://h/r::x"],
                              environment: home, directory: "/")
        #expect(borg.directories == ["/srv/b", "/home/u/.cache/borg", "/home/u/.config/borg"])
        let cp = ToolStores(command: "cp", arguments: ["cp", "-r", "a", "b"], environment: home, directory: "/")
        #expect(cp.directories.isEmpty && !cp.isBackupTool)
        #expect(restic.isBackupTool && remote.isBackupTool && borg.isBackupTool)
    }

    /// `borg check REPO`: a path argument is a store when it holds a real borg repository (made here).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/borg"), "packaging/deps.sh test"))
    func aBorgRepositoryNamedWithoutAnArchiveIsAStore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-borg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = dir.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/borg"), ["init", "-e", "none", repo.path],
                                        environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made.stderr)")
        let stores = ToolStores(command: "borg", arguments: ["borg", "check", "repo", "src"],
                                environment: ["HOME": "/h"], directory: dir.path)
        #expect(stores.directories.first == repo.resolvingSymlinksInPath().path)
        #expect(!stores.contains(dir.appendingPathComponent("src").path))
    }

    @Test func thisProcesssOwnOpenFileIsReadFromProc() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-own-\(UUID().uuidString)")
        try Data(count: 300_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        _ = try handle.read(upToCount: 120_000)
        let files = try ProcessFiles(pid: getpid())
        #expect(!files.hasEnded)
        let open = try #require(files.openFiles())
        let mine = try #require(open.first { $0.path == url.path })
        #expect(mine.size == 300_000 && mine.position == 120_000 && mine.reads && !mine.writes)
        #expect(mine.name == url.lastPathComponent)
    }

    /// A deleted file still open (a tool's temporary, `… (deleted)` in `/proc/PID/fd`) is never one of the files.
    @Test func aDeletedFileIsNotListed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-gone-\(UUID().uuidString)")
        try Data(count: 300_000).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let open = try #require(try ProcessFiles(pid: getpid()).openFiles())
        #expect(open.contains { $0.path == url.path })
        try FileManager.default.removeItem(at: url)
        let after = try #require(try ProcessFiles(pid: getpid()).openFiles())
        #expect(!after.contains { $0.path.hasPrefix(url.path) }, "\(after.map(\.path))")
    }

    @Test func fdinfoIsRead() {
        let (position, flags) = ProcessFiles.fdinfo("pos:\t12845056\nflags:\t0100002\nmnt_id:\t27\n")
        #expect(position == 12_845_056 && flags == 0o100002)
    }
}

/// Issue 22 items 3 and 4: a watched process's ending shows the final figures, and a writer without a total its
/// bytes. A real child process (bash with dd) reads or writes a real file while the probe looks.
@Suite(.ownThreads) struct ProcessProbeTests {
    /// Runs `script` in bash with `$1` the file; it waits for a line on its standard input before finishing.
    typealias Child = ShellChild

    func temporaryFile(size: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-probe-\(UUID().uuidString)")
        try Data(count: size).write(to: url)
        return url
    }

    /// Looks until `done` holds, at most 5 s.
    func look(_ probe: ProcessProbe, until done: (FeedUpdate) -> Bool) -> FeedUpdate? {
        for _ in 0..<100 {
            if case .progress(let update, _) = probe.look(), done(update) { return update }
            usleep(50_000)
        }
        return nil
    }

    @Test func aReaderEndsOnItsWholeInputNotTheLastLook() throws {
        let url = try temporaryFile(size: 500_000)
        defer { try? FileManager.default.removeItem(at: url) }
        // Reads 100 kB, waits, then the rest.
        let child = try Child("exec 3<\"$1\"; dd bs=100000 count=1 <&3 >/dev/null 2>&1; read -r _; "
            + "cat <&3 >/dev/null", argument: url.path)
        let probe = ProcessProbe(files: try ProcessFiles(pid: child.pid), total: nil,
                                 texts: WatchTexts())
        let seen = try #require(look(probe) { $0.bytesDone == 100_000 })
        #expect(seen.bytesTotal == 500_000 && seen.progress == 0.2)
        child.finish()
        guard case .finished(let end, let how) = probe.look() else {
            Issue.record("the probe did not see the end")
            return
        }
        #expect(how == .completed && end.icon == .success)
        #expect(end.bytesDone == 500_000 && end.bytesTotal == 500_000 && end.progress == 1, "\(end)")
    }

    @Test func aWriterWithATotalEndsOnTheFilesFinalSize() throws {
        let url = try temporaryFile(size: 0)
        defer { try? FileManager.default.removeItem(at: url) }
        let child = try Child("exec 3>\"$1\"; head -c 100000 /dev/zero >&3; read -r _; head -c 300000 /dev/zero >&3",
                              argument: url.path)
        let probe = ProcessProbe(files: try ProcessFiles(pid: child.pid), total: 1_000_000,
                                 texts: WatchTexts())
        _ = try #require(look(probe) { $0.bytesDone == 100_000 })
        child.finish()
        guard case .finished(let end, _) = probe.look() else {
            Issue.record("the probe did not see the end")
            return
        }
        #expect(end.bytesDone == 400_000 && end.bytesTotal == 1_000_000 && end.progress == 0.4, "\(end)")
    }

    @Test func aWriterWithoutATotalShowsItsBytesAndSaysSoOnce() throws {
        let url = try temporaryFile(size: 0)
        defer { try? FileManager.default.removeItem(at: url) }
        // dd if=/dev/zero of=big: nothing read has a size.
        let child = try Child("exec 3>\"$1\"; head -c 100000 /dev/zero >&3; read -r _", argument: url.path)
        let told = Mutex<[String]>([])
        let probe = ProcessProbe(files: try ProcessFiles(pid: child.pid), total: nil,
                                 texts: WatchTexts(), noTotal: { command, file in
                                     told.withLock { $0.append("\(command) \(file)") }
                                 })
        let seen = try #require(look(probe) { $0.bytesDone == 100_000 }, "the bytes written were not shown")
        #expect(seen.bytesTotal == nil && seen.progress == nil && seen.details == url.lastPathComponent)
        _ = probe.look()
        #expect(told.withLock { $0 } == ["bash \(url.lastPathComponent)"])
        child.finish()
    }

    // MARK: Issue 30 item 5 and issue 40 item 1: an honest end

    /// How the probe's watch of a killed pv is set up: whether it holds a copy of pv's descriptor, whether its
    /// thread follows pv's exit, and whether pv has been reaped by its parent (the test) before the probe looks.
    struct KilledCopy: CustomTestStringConvertible, Sendable {
        var holdsFiles = true
        var followsExit = true
        var reapedFirst = true
        var testDescription: String { "holds \(holdsFiles), follows \(followsExit), reaped first \(reapedFirst)" }
    }

    /// pv copies a 40 MB file at 4 MB/s and is SIGKILLed a moment in. Its status, seen by the thread that follows it
    /// or read from /proc while it is a zombie, ends the watch `failed` with 137 and the error icon; when neither
    /// can see it, `incomplete` with the info icon, never success. Either way with the figures it stopped at:
    /// through the copy of its descriptor, where it really stopped; without one, the last look's.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pv"), "no pv (packaging/deps.sh test)"),
          arguments: [KilledCopy(), KilledCopy(holdsFiles: false), KilledCopy(followsExit: false, reapedFirst: false),
                      KilledCopy(followsExit: false, reapedFirst: true)])
    func aCopyKilledMidwayIsNeverDone(_ setup: KilledCopy) throws {
        let url = try temporaryFile(size: 40_000_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let child = try Child("exec pv -q -L 4m \"$1\" > /dev/null", argument: url.path)
        let pv = child.pid
        // Watched once bash has become pv (the command name is read when the watch starts).
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            (try? String(contentsOfFile: "/proc/\(pv)/comm", encoding: .utf8)) == "pv\n"
        })
        let probe = ProcessProbe(files: try ProcessFiles(pid: pv), total: nil, texts: WatchTexts(),
                                 holdsFiles: setup.holdsFiles, followsExit: setup.followsExit)
        let seen = try #require(look(probe) { ($0.bytesDone ?? 0) > 0 }, "pv's reading was not seen")
        #expect(seen.label == "pv" && seen.details == url.lastPathComponent && seen.bytesTotal == 40_000_000)
        // A stopped shell cannot reap pv: it stays a zombie, whose status /proc shows.
        if !setup.reapedFirst {
            kill(child.shell.pid, SIGSTOP)
            #expect(Tools.waitUntil(timeout: 5) {
                let stat = (try? String(contentsOfFile: "/proc/\(child.shell.pid)/stat", encoding: .utf8)) ?? ""
                return stat.split(separator: ")").last?.split(separator: " ").first == "T"
            })
        }
        kill(pv, SIGKILL)
        #expect(Tools.waitUntil(timeout: 5) {
            let stat = (try? String(contentsOfFile: "/proc/\(pv)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            return setup.reapedFirst ? state == nil : state == "Z"
        })
        // The thread's report may take a look or two.
        var ending: (FeedUpdate, WatchEnd)?
        for _ in 0..<100 where ending == nil {
            if case .finished(let end, let how) = probe.look() { ending = (end, how) } else { usleep(20_000) }
        }
        let (end, how) = try #require(ending, "the probe did not see the end")
        if !setup.reapedFirst { kill(child.shell.pid, SIGCONT) }
        child.shell.process.waitUntilExit()
        let done = try #require(end.bytesDone)
        #expect(end.hideAfter == WatchFeed.incompleteHold && end.icon != .success, "\(end)")
        #expect(end.bytesTotal == 40_000_000 && done < 40_000_000 && end.progress! < 1, "\(end)")
        if setup.holdsFiles {
            #expect(done >= seen.bytesDone!, "the copy of its descriptor says where it stopped")
        } else {
            #expect(done == seen.bytesDone, "the last look's figures")
        }
        var sizes = ByteFormatter()
        let at = "\(sizes.format(Double(done))) of \(sizes.format(40_000_000)) of \(url.lastPathComponent)"
        if setup.followsExit || !setup.reapedFirst {
            #expect(end.icon == .error && end.details == "Ended early: killed by signal 9 (Killed)", "\(end)")
            #expect(how == .failed(status: 137, message: "pv ended early at \(at): killed by signal 9 (Killed)"),
                    "\(how)")
        } else {
            #expect(end.icon == .info, "\(end)")
            #expect(how == .incomplete("pv ended at \(at); its exit status cannot be read (not followed), so it is "
                + "not reported as done"), "\(how)")
        }
    }

    /// bash holds a deleted temporary file (larger than anything else, open for reading and writing, as a tool's
    /// temporary pack is) and reads a real file: the real one is followed, the temporary never shown.
    @Test func aDeletedTemporaryIsNeverFollowed() throws {
        let url = try temporaryFile(size: 500_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let child = try Child("exec 3<\"$1\" 4<>\"$1.tmp\"; head -c 2000000 /dev/zero >&4; rm \"$1.tmp\"; "
            + ": > \"$1.ready\"; dd bs=100000 count=1 <&3 >/dev/null 2>&1; read -r _", argument: url.path)
        defer {
            child.finish()
            try? FileManager.default.removeItem(atPath: url.path + ".ready")
        }
        // Watched once the temporary is deleted (before, it is a file like any other).
        let ready = url.path + ".ready"
        #expect(Tools.waitUntil(timeout: Sanitizer.upTo(5)) { FileManager.default.fileExists(atPath: ready) })
        var updates: [FeedUpdate] = []
        let seen = look(probe: ProcessProbe(files: try ProcessFiles(pid: child.pid), total: nil, texts: WatchTexts()),
                        into: &updates) { $0.bytesDone == 100_000 }
        #expect(seen?.details == url.lastPathComponent && seen?.bytesTotal == 500_000, "\(updates)")
        #expect(!updates.contains { $0.details?.contains(".tmp") == true }, "\(updates)")
    }

    func look(probe: ProcessProbe, into updates: inout [FeedUpdate], until done: (FeedUpdate) -> Bool) -> FeedUpdate? {
        for _ in 0..<100 {
            if case .progress(let update, _) = probe.look() {
                updates.append(update)
                if done(update) { return update }
            }
            usleep(50_000)
        }
        return nil
    }
}
