import Dispatch
import Foundation
import Glibc
import HUDFeeds
import HUDScene
import HUDTestSupport
import ProgressFeed
import Synchronization
import Testing

/// What a watcher hands the HUD, taken as a HUD takes it: `FileWatch` on a file the test grows, deletes or replaces,
/// `ProcessWatch` on a real process (bash reading a file) found by its PID. No X.
@Suite(.ownThreads) struct WatchFeedTests {
    /// Takes from a feed each time it asks (and every 0.1 s besides), keeping every non-empty take with the time it
    /// was taken.
    final class Taker {
        let feed: WatchFeed
        private let asked = DispatchSemaphore(value: 0)
        private(set) var takes: [(inbox: FeedInbox, at: Date)] = []
        private let endings = Endings()

        /// How the watch ended, as told to `onEnd`.
        final class Endings: Sendable {
            let list = Mutex<[WatchEnd]>([])
        }

        init(_ make: (@escaping @Sendable (WatchEnd) -> Void) throws -> WatchFeed) rethrows {
            let endings = endings
            feed = try make { end in endings.list.withLock { $0.append(end) } }
            let asked = asked
            feed.start { asked.signal() }
        }

        var inboxes: [FeedInbox] { takes.map(\.inbox) }
        var ends: [WatchEnd] { endings.list.withLock { $0 } }

        /// Takes until `done` holds for some take, at most `timeout` seconds; that take.
        @discardableResult
        func until(timeout: Double = Sanitizer.upTo(5), _ done: (FeedInbox) -> Bool) -> FeedInbox? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                _ = asked.wait(timeout: .now() + 0.1)
                let inbox = feed.take()
                guard !inbox.isEmpty else { continue }
                takes.append((inbox, Date()))
                if done(inbox) { return inbox }
            }
            return nil
        }
    }

    func temporaryPath() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-watch-\(UUID().uuidString)")
    }

    // MARK: FileWatch

    @Test func aMissingFileIsWaitedForThenFollowedToItsTotal() throws {
        let url = temporaryPath()
        defer { try? FileManager.default.removeItem(at: url) }
        let watch = Taker { FileWatch(path: url.path, total: 400_000, onEnd: $0) }
        let waiting = try #require(watch.until { _ in true }, "no first look")
        #expect(waiting.label == url.lastPathComponent && waiting.details == "Waiting for the file")
        #expect(waiting.progress == nil && waiting.icon == nil)

        try Data(count: 100_000).write(to: url)
        let quarter = try #require(watch.until { $0.bytesDone == 100_000 }, "the file was not seen: \(watch.inboxes)")
        #expect(quarter.progress == 0.25 && quarter.bytesTotal == 400_000 && quarter.icon == nil)
        // The waiting text goes once the file is there.
        #expect(quarter.label == url.lastPathComponent && quarter.details == "", "\(quarter)")

        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 300_000))
        try handle.close()
        let end = try #require(watch.until { $0.icon != nil }, "no end at the total: \(watch.inboxes)")
        #expect(end.icon == .success && end.progress == 1 && end.bytesDone == 400_000, "\(end)")
        #expect(end.hideAfter == WatchFeed.successHold)
        #expect(watch.ends == [.completed])
    }

    /// Past the total at the first look (the total was an estimate): done at once, the fraction capped at 1.
    @Test func aFileAlreadyPastItsTotalIsDoneAtTheFirstLook() throws {
        let url = temporaryPath()
        try Data(count: 5000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let watch = Taker { FileWatch(path: url.path, total: 4000, onEnd: $0) }
        let end = try #require(watch.until { $0.icon != nil })
        #expect(end.icon == .success && end.progress == 1 && end.bytesDone == 5000 && end.bytesTotal == 4000)
        #expect(watch.ends == [.completed])
    }

    @Test(arguments: [false, true])
    func aFileThatGoesBeforeItsTotalEndsWithTheErrorIcon(replacedByADirectory: Bool) throws {
        let url = temporaryPath()
        try Data(count: 10).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let watch = Taker { FileWatch(path: url.path, total: 1000, onEnd: $0) }
        #expect(watch.until { $0.bytesDone == 10 }?.progress == 0.01)
        try FileManager.default.removeItem(at: url)
        if replacedByADirectory { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
        let end = try #require(watch.until { $0.icon != nil }, "the loss was not seen: \(watch.inboxes)")
        let why = replacedByADirectory ? "is no longer a regular file" : "was deleted"
        #expect(end.icon == .error && end.details == "\(url.lastPathComponent) \(why)" && end.hideAfter == 2)
        #expect(watch.ends == [.fileLost])
    }

    /// The program's own `--label` and `--details` stay: the watcher sends neither, at first sight of the file or
    /// after.
    @Test func theProgramsOwnLabelAndDetailsAreLeftAlone() throws {
        let url = temporaryPath()
        try Data(count: 500).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let texts = WatchTexts(labelIsSet: true, detailsIsSet: true)
        let watch = Taker { FileWatch(path: url.path, total: 1000, texts: texts, onEnd: $0) }
        #expect(watch.until { _ in true }?.progress == 0.5)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 500))
        try handle.close()
        #expect(watch.until { $0.icon != nil }?.icon == .success)
        #expect(watch.inboxes.allSatisfy { $0.label == nil && $0.details == nil }, "\(watch.inboxes)")
    }

    // MARK: ProcessWatch

    /// bash reads the first 100 kB of a 500 kB file, waits for a line on its stdin, then reads the rest and ends.
    final class Reader {
        let child: ShellChild
        let file: URL

        init(file: URL) throws {
            self.file = file
            try Data(count: 500_000).write(to: file)
            let script = "exec 3<\"$1\"; dd bs=100000 count=1 <&3 >/dev/null 2>&1; read -r _; cat <&3 >/dev/null"
            child = try ShellChild(script, argument: file.path)
        }

        func finish() { child.finish() }

        deinit { try? FileManager.default.removeItem(at: file) }
    }

    @Test func aProcessIsFollowedByItsPIDToTheEndOfWhatItReads() throws {
        let reader = try Reader(file: temporaryPath())
        let watch = try Taker { try ProcessWatch(pid: reader.child.pid, onEnd: $0) }
        let read = try #require(watch.until { $0.bytesDone == 100_000 }, "the read was not seen: \(watch.inboxes)")
        #expect(read.label == "bash" && read.details == reader.file.lastPathComponent, "\(read)")
        #expect(read.bytesTotal == 500_000 && read.progress == 0.2 && read.icon == nil)
        reader.finish()
        let end = try #require(watch.until { $0.icon != nil }, "the end was not seen: \(watch.inboxes)")
        #expect(end.icon == .success && end.bytesDone == 500_000 && end.progress == 1, "\(end)")
        #expect(end.hideAfter == WatchFeed.successHold)
        #expect(watch.ends == [.completed])
    }

    /// Figures that stand still are looked at less and less often (twice a second while they move, then every 1, 2,
    /// up to 4 s); the process's end is still seen at once, through its pidfd, not at the next look.
    @Test func aStalledProcessIsLookedAtLessOftenButItsEndIsSeenAtOnce() throws {
        let reader = try Reader(file: temporaryPath())
        let watch = try Taker { try ProcessWatch(pid: reader.child.pid, onEnd: $0) }
        _ = try #require(watch.until { $0.bytesDone == 100_000 })
        // Each look hands over one update; wait for a pause of at least a second between two.
        var backedOff = false
        _ = watch.until(timeout: Sanitizer.upTo(8)) { _ in
            let times = watch.takes.map(\.at)
            backedOff = times.count > 1 && times[times.count - 1].timeIntervalSince(times[times.count - 2]) > 0.9
            return backedOff
        }
        let gaps = zip(watch.takes.dropFirst(), watch.takes).map { $0.at.timeIntervalSince($1.at) }
        #expect(backedOff, "the looks did not slow down: gaps \(gaps)")
        // The quick looks come about twice a second (never sooner: a timer does not fire early).
        #expect(gaps.dropLast().allSatisfy { $0 > 0.4 }, "gaps \(gaps)")
        // The next look is 2 s away now.
        let finished = Date()
        reader.finish()
        let end = try #require(watch.until { $0.icon != nil }, "the end was not seen")
        let seen = watch.takes.last!.at.timeIntervalSince(finished)
        #expect(end.icon == .success && seen < Sanitizer.upTo(1), "the end was seen \(seen) s after the process ended")
    }

    @Test func aPIDWithNoProcessIsAnError() throws {
        let done = try ChildProcess(URL(fileURLWithPath: "/bin/true"), [])
        #expect(done.waitForExit(timeout: 5))
        #expect(throws: WatchError.noProcess(done.pid)) { try ProcessWatch(pid: done.pid) }
    }
}
