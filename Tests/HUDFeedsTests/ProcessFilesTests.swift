import Foundation
import HUDScene
import ProgressFeed
import Synchronization
import Testing
@testable import HUDFeeds
import HUDTestSupport

/// The choice of the file a process works on, and `/proc` read on the test's own open file (no X, no CLI).
@Suite struct ProcessFilesTests {
    func file(_ fd: Int, size: Int64, reads: Bool = true, writes: Bool = false) -> ProcessFiles.OpenFile {
        ProcessFiles.OpenFile(descriptor: fd, path: "/data/f\(fd)", device: 1, inode: UInt64(fd), size: size,
                              position: 0, reads: reads, writes: writes)
    }

    @Test func theLargestFileReadIsChosen() {
        let files = [file(3, size: 100), file(4, size: 5000), file(5, size: 9000, reads: false, writes: true)]
        #expect(ProcessFiles.OpenFile.pick(files, total: nil, current: nil)?.descriptor == 4)
    }

    @Test func withATotalTheLargestOutputIsChosen() {
        let files = [file(3, size: 100), file(4, size: 5000), file(5, size: 10, reads: false, writes: true)]
        #expect(ProcessFiles.OpenFile.pick(files, total: 1_000_000, current: nil)?.descriptor == 5)
        // Nothing written: the reading side counts after all.
        #expect(ProcessFiles.OpenFile.pick(Array(files.prefix(2)), total: 1_000_000, current: nil)?.descriptor == 4)
    }

    @Test func theCurrentFileIsKeptUntilItCloses() {
        let files = [file(3, size: 5000), file(4, size: 5100)]
        #expect(ProcessFiles.OpenFile.pick(files, total: nil, current: files[0])?.descriptor == 3)
        #expect(ProcessFiles.OpenFile.pick([files[1]], total: nil, current: files[0])?.descriptor == 4)
        #expect(ProcessFiles.OpenFile.pick([], total: nil, current: files[0]) == nil)
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

    @Test func fdinfoIsRead() {
        let (position, flags) = ProcessFiles.fdinfo("pos:\t12845056\nflags:\t0100002\nmnt_id:\t27\n")
        #expect(position == 12_845_056 && flags == 0o100002)
    }
}

/// Issue 22 items 3 and 4: a watched process's ending shows the final figures, and a writer without a total its
/// bytes. A real child process (bash with dd) reads or writes a real file while the probe looks.
@Suite struct ProcessProbeTests {
    /// Runs `script` in bash with `$1` the file; it waits for a line on its standard input before finishing.
    final class Child {
        let child: ChildProcess
        let go = Pipe()
        init(_ script: String, file: URL) throws {
            child = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", file.path], input: go,
                                     output: .discard)
        }
        var pid: Int32 { child.pid }
        func finish() {
            try? go.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
            child.process.waitUntilExit()
        }
    }

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
            + "cat <&3 >/dev/null", file: url)
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
                              file: url)
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
        let child = try Child("exec 3>\"$1\"; head -c 100000 /dev/zero >&3; read -r _", file: url)
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
}
