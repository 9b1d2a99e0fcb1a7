import Foundation
import HUDTestSupport
import ProgressFeed
import Testing
@testable import HUDFeeds

/// Issue 52 item 4: `--details auto`'s end figures say what the tool did. The real borg 1.2 and restic, on files the
/// test makes, each run twice (the second incremental), their output taken through `CommandFeed` as `x11hud run`
/// takes it, and given to `TransferDetails` as a HUD does.
@Suite(.serialized, .ownThreads) struct BackupEndFiguresTests {
    /// A fresh directory with `src/`: 4 files of 1 MB of random bytes (no compression or deduplication shrinks them).
    static func source() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-end-\(UUID().uuidString)")
        let src = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        var random = SystemRandomNumberGenerator()
        for n in 0..<4 {
            try Data((0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &random) })
                .write(to: src.appendingPathComponent("f\(n).bin"))
        }
        return dir
    }

    /// Runs `argv` through a `CommandFeed` and a `TransferDetails`; the details it ends on, its status, and the
    /// average rate the tool reported, if any.
    static func run(_ argv: [String], total: Int64? = nil) throws -> (details: String, status: Int32, rate: Int64?) {
        let feed = try CommandFeed(argv, parser: FeedParser(total: total.map { .bytes($0) }))
        var details = TransferDetails()
        var text = ""
        var rate: Int64?
        let (_, outcome) = CommandFeedTests().takes(from: feed) { inbox in
            rate = inbox.averageRate ?? rate
            text = details.take(inbox.update, at: FeedReader.uptime()) ?? text
        }
        return (text, outcome.status, rate)
    }

    /// The rate of `details`' `… · 12 MB/s average`, in bytes a second.
    static func average(in details: String) -> Double? {
        guard let part = details.split(separator: " · ").last, part.hasSuffix("/s average") else { return nil }
        let words = part.split(separator: " ")
        let scales: [Substring: Double] = ["B/s": 1, "kB/s": 1e3, "MB/s": 1e6, "GB/s": 1e9, "TB/s": 1e12]
        guard words.count == 3, let value = Double(words[0]), let scale = scales[words[1]] else { return nil }
        return value * scale
    }

    /// borg counts the original bytes it reads: an incremental run reads none of its unchanged files and printed
    /// `0 B O …` alone, so it ended `Done · 0 B of 4.0 MB`; a first run's last line can come before its end. On
    /// success both end at the total.
    @Test func borgCreateEndsAtItsTotalTheFirstTimeAndIncrementally() throws {
        let dir = try Self.source()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = dir.appendingPathComponent("repo").path
        let borg = ["env", "BORG_BASE_DIR=\(dir.path)/base", "BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK=yes", "borg"]
        let env = URL(fileURLWithPath: "/usr/bin/env")
        #expect(try ChildProcess.run(env, Array(borg.dropFirst()) + ["init", "-e", "none", repo], timeout: 60)
            .status == 0)
        for archive in ["first", "second"] {
            let (details, status, _) = try Self.run(borg + ["create", "--progress", "\(repo)::\(archive)",
                                                            dir.appendingPathComponent("src").path],
                                                    total: 4_000_000)
            #expect(status == 0)
            #expect(details.hasPrefix("4.0 MB of 4.0 MB"), "\(archive): \(details)")
        }
    }

    /// restic's `--json` summary ends on restic's own average (`total_bytes_processed` over `total_duration`):
    /// an incremental backup prints one status and the summary, too little for an average of x11hud's own.
    @Test func resticsJSONSummaryEndsOnItsAverageRate() throws {
        let dir = try Self.source()
        defer { try? FileManager.default.removeItem(at: dir) }
        let restic = ["env", "RESTIC_PASSWORD=x", "RESTIC_CACHE_DIR=\(dir.path)/cache", "restic", "-r",
                      dir.appendingPathComponent("repo").path]
        let env = URL(fileURLWithPath: "/usr/bin/env")
        #expect(try ChildProcess.run(env, Array(restic.dropFirst()) + ["init"], timeout: 60).status == 0)
        for run in ["first", "incremental"] {
            let started = Date()
            let (details, status, rate) = try Self.run(restic + ["backup", "--json",
                                                                 dir.appendingPathComponent("src").path])
            let seconds = Date().timeIntervalSince(started)
            #expect(status == 0)
            let average = try #require(rate, "\(run): no average in restic's summary")
            // restic timed the backup itself, within the time the test saw it run.
            #expect(Double(4_000_000) / Double(average) < seconds, "\(run): \(average) B/s in \(seconds) s")
            #expect(details.contains("4.0 MB of 4.0 MB · "), "\(run): \(details)")
            let shown = try #require(Self.average(in: details), "\(run): no average in '\(details)'")
            // As shown: two or three figures.
            #expect(abs(shown - Double(average)) <= 0.06 * Double(average), "\(run): \(details), \(average) B/s")
        }
    }
}
