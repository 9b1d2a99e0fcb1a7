import Foundation
import Testing
@testable import HUDFeeds

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
