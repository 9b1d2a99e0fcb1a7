import Foundation
import HUDTestSupport
import Testing
@testable import HUDFeeds

/// Issue 52 item 2: the ended jobs `list --json --ended` reads, kept ten minutes, on a clock the test gives.
@Suite(.ownThreads) struct EndedJobsTests {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-ended-\(UUID().uuidString)/ended").path
    }

    static func job(_ pid: Int32, ended: Double, outcome: String = "failed") -> EndedJob {
        EndedJob(id: pid == 1 ? "nightly" : nil, pid: pid, label: "job \(pid)", outcome: outcome,
                 reason: outcome == "failed" ? "exit status 3" : nil, ended: ended, status: outcome == "done" ? 0 : 3)
    }

    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aRecordIsKeptTenMinutesThenRemoved() throws {
        let store = EndedJobs(directory: Self.folder())
        defer { try? FileManager.default.removeItem(atPath: (store.directory as NSString).deletingLastPathComponent) }
        let t = 1_800_000_000.0
        try store.record(Self.job(1, ended: t), now: t)
        try store.record(Self.job(2, ended: t + 100, outcome: "done"), now: t + 100)
        #expect(store.recent(now: t + 6).map(\.pid) == [1, 2], "one from the future (a clock set back) is kept")
        #expect(store.recent(now: t + 600) == [Self.job(1, ended: t), Self.job(2, ended: t + 100, outcome: "done")])
        #expect(Self.files(store.directory).count == 2)
        // Past its ten minutes the first goes, from the listing and from the folder.
        #expect(store.recent(now: t + 601) == [Self.job(2, ended: t + 100, outcome: "done")])
        #expect(Self.files(store.directory).count == 1)
        // A new record prunes too.
        try store.record(Self.job(3, ended: t + 800), now: t + 800)
        #expect(store.recent(now: t + 800).map(\.pid) == [3])
        #expect(Self.files(store.directory).count == 1)
        // Private to the user.
        var info = stat()
        #expect(lstat(store.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aHalfWrittenRecordIsNotReadAndAStrayFileIsRemoved() throws {
        let store = EndedJobs(directory: Self.folder())
        defer { try? FileManager.default.removeItem(atPath: (store.directory as NSString).deletingLastPathComponent) }
        // The real time: a file being written is judged by its own modification time.
        let t = EndedJobs.now
        try store.record(Self.job(1, ended: t), now: t)
        // Another process's record being written, and a file that is no record.
        try "{\"pid\":".write(toFile: store.directory + "/.123-9.tmp", atomically: false, encoding: .utf8)
        try "not json".write(toFile: store.directory + "/456-9.json", atomically: false, encoding: .utf8)
        #expect(store.recent(now: t + 1).map(\.pid) == [1])
        #expect(Self.files(store.directory) == [".123-9.tmp", "\(Int64(t * 1000))-1.json"])
        #expect(EndedJobs(directory: Self.folder()).recent(now: t).isEmpty, "an absent folder has none")
    }

    @Test func theFolderIsTheRuntimeDirectorysElseOneInTmp() {
        #expect(EndedJobs.userDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
            == "/run/user/1000/x11hud/ended")
        #expect(EndedJobs.userDirectory(environment: [:]) == "/tmp/x11hud-\(getuid())/ended")
        #expect(EndedJobs.userDirectory(environment: ["XDG_RUNTIME_DIR": "relative"])
            == "/tmp/x11hud-\(getuid())/ended")
    }
}
