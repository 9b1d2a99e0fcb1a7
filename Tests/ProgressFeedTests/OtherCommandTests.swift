import Foundation
import HUDScene
@testable import ProgressFeed
import Testing

/// Issue 40 item 4: the tools' other commands and forms, read from what they really printed on Debian 12 on 20 to 55 MB
/// of random files: rclone 1.60.1 `copy -P --bwlimit 2M` (and `sync -P --bwlimit 4M` over three files already there and
/// one to delete) into a file; restic 0.14.0 `check --read-data --limit-download 10000` (4 MiB packs) and `prune
/// --max-unused 0` repacking half-used packs, with `RESTIC_PROGRESS_FPS=4`; borg 1.2.4 `check --progress`, `check
/// --verify-data --progress` (also of a repository behind `ssh`, a stand-in running `borg serve` here, its output
/// slowed by `pv -L 3m`), `compact --progress`, and the first and last with `--log-json`; xz 5.4.1 `-v -1 -T1` on 35
/// MB; GNU tar 1.34 `--checkpoint=200` making and reading a 35 MB archive. Terminal captures went through `script -qfc
/// "stty cols 120 rows 40; …" /dev/null`; none is thinned.
@Suite struct OtherCommandTests {
    /// Every update the lines of a capture give.
    static func updates(_ file: String, total: TransferTotal? = nil) throws -> [FeedUpdate] {
        let parser = FeedParser(total: total)
        return try fixtureLines(file).compactMap { line -> FeedUpdate? in
            var bytes = Array(line.utf8)
            let event = bytes.withUnsafeMutableBytes { parser.parse(UnsafeRawBufferPointer($0)) }
            if case .update(let u) = event { return u }
            #expect(event == .nothing, "\(file): \(line.debugDescription) → \(event)")
            return nil
        }
    }

    static func parse(_ line: String) -> FeedEvent {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { FeedParser().parse(UnsafeRawBufferPointer($0)) }
    }

    static func unfinished(_ line: String) -> FeedUpdate? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { FeedParser().parseUnfinished(UnsafeRawBufferPointer($0)) }
    }

    /// At least three different fractions, never one lower than the one before.
    static func expectRising(_ fractions: [Double], _ what: String) {
        #expect(Set(fractions).count >= 3, "\(what): \(fractions)")
        #expect(fractions == fractions.sorted(), "\(what) went backwards: \(fractions)")
    }

    // rclone -P into a file: each block's bytes line is glued to the last line of the block before.
    @Test(arguments: [("rclone-progress-pipe.txt", 20, 19_999_490, "10 of 10 files"),
                      ("rclone-progress-pipe-sync.txt", 7, 13_999_538, "7 of 7 files")])
    func rcloneProgressIntoAFileGivesEveryBlock(_ file: String, blocks: Int, bytes: Int64, files: String) throws {
        let got = try Self.updates(file)
        let fractions = got.compactMap(\.progress)
        #expect(fractions.count == blocks, "\(fractions)")
        Self.expectRising(fractions, file)
        #expect(fractions.last == 1)
        #expect(got.compactMap(\.bytesDone).last == bytes)
        #expect(got.compactMap(\.bytesTotal).last == bytes)
        #expect(got.compactMap(\.details).last == files)
    }

    @Test func resticCheckReadDataCountsPacks() throws {
        let got = try Self.updates("restic-check-term.txt")
        #expect(got.first == FeedUpdate(progress: 1, details: "1 of 1 snapshots"))
        let packs = got.filter { $0.details?.hasSuffix(" packs") == true }
        Self.expectRising(packs.compactMap(\.progress), "packs")
        #expect(abs((packs.first?.progress ?? 0) - 3.0 / 13) < 1e-9)
        #expect(packs.last == FeedUpdate(progress: 1, details: "13 of 13 packs"))
    }

    // Each of prune's phases counts from 0: the repacking is the one that takes time.
    @Test func resticPruneCountsEachPhase() throws {
        let got = try Self.updates("restic-prune-term.txt")
        let phases = got.compactMap { $0.details?.split(separator: " ").dropFirst(3).joined(separator: " ") }
        #expect(phases.uniqued() == ["snapshots", "packs processed", "packs repacked", "files deleted"], "\(phases)")
        let repacked = got.filter { $0.details?.hasSuffix("packs repacked") == true }
        Self.expectRising(repacked.compactMap(\.progress), "repacked")
        #expect(repacked.first?.details == "1 of 6 packs repacked")
        #expect(abs((repacked.first?.progress ?? 0) - 1.0 / 6) < 1e-9)
        #expect(repacked.last == FeedUpdate(progress: 1, details: "6 of 6 packs repacked"))
    }

    // borg never prints 100 %: it clears the line when a phase is done.
    @Test(arguments: [("borg-check-term.txt", "Checking segments", 0.9, 10),
                      ("borg-check-verify-term.txt", "Verifying data", 0.9811, 53),
                      ("borg-compact-term.txt", "Compacting segments", 0.93, 15),
                      ("borg-check-remote-term.txt", "Checking segments", 0.833, 6),
                      ("borg-check-remote-term.txt", "Verifying data", 0.9474, 19)])
    func borgPhasesGiveTheirPercentage(_ file: String, phase: String, last: Double, count: Int) throws {
        let got = try Self.updates(file).filter { $0.details == phase }
        #expect(got.count == count, "\(got.count)")
        Self.expectRising(got.compactMap(\.progress), file)
        #expect(abs((got.last?.progress ?? 0) - last) < 1e-9, "\(String(describing: got.last))")
    }

    // --log-json already gives check and compact as `progress_percent`: borg's `current` of `total`, one ahead of the
    // percentage its message says. check's second phase (archives) counts from 0 again.
    @Test(arguments: [("borg-check-json.txt", 10), ("borg-compact-json.txt", 12)])
    func borgsJSONProgressOfCheckAndCompact(_ file: String, phase: Int) throws {
        let fractions = try Self.updates(file).compactMap(\.progress)
        Self.expectRising(Array(fractions.prefix(phase)), file)
        #expect(fractions[phase - 1] == 1, "\(fractions)")
    }

    @Test func xzVerboseGivesItsPercentage() throws {
        let fractions = try Self.updates("xz-verbose-term.txt").compactMap(\.progress)
        #expect(fractions.count == 39)
        Self.expectRising(fractions, "xz")
        #expect(abs((fractions.first ?? 0) - 0.029) < 1e-9 && fractions.last == 1)
        // Into a pipe, one line per file when it is done: not progress.
        #expect(Self.parse("big.bin: 33.4 MiB / 33.4 MiB = 1.000, 360 KiB/s, 1:34") == .nothing)
    }

    @Test(arguments: ["tar-checkpoint-create.txt", "tar-checkpoint-extract.txt"])
    func tarCheckpointsAreRecordsOfTenKiB(_ file: String) throws {
        let plain = try Self.updates(file)
        #expect(plain.allSatisfy { $0.progress == nil }, "tar knows no total")
        let bytes = plain.compactMap(\.bytesDone)
        #expect(bytes.count == 17 && bytes.first == 200 * 10240 && bytes.last == 3400 * 10240, "\(bytes)")
        // The archive is 35,020,800 bytes: 3420 records.
        let against = try Self.updates(file, total: .bytes(35_020_800)).compactMap(\.progress)
        Self.expectRising(against, file)
        #expect(against.last == 3400.0 / 3420)
    }

    // apt's own download line in a terminal (apt colours it); the steps before it (`Reading package lists... 68%`)
    // and dpkg's `(Reading database ... 45%` say nothing.
    @Test(arguments: ["apt-get-acquire-term.txt", "apt-acquire-term.txt"])
    func aptsDownloadLineGivesItsPercentage(_ file: String) throws {
        let fractions = try Self.updates(file).compactMap(\.progress)
        #expect(fractions.count >= 18, "\(fractions)")
        Self.expectRising(fractions, file)
        #expect(fractions.last == 1)
        for line in ["(Reading database ... 45%", "Reading package lists... 68%", "Building dependency tree... 50%",
                     "45% [Reading database]", "45% [done]", "45% [1 x]  fast", "45% [1 x] 12 kB/s"] {
            #expect(Self.parse(line) == .nothing, "\(line)")
        }
    }

    // 7-Zip backspaces over each frame: its frames are lines of their own.
    @Test(arguments: [("7z-add-term.txt", 44, 0.99), ("7z-add-bsp1.txt", 42, 0.98)])
    func sevenZipsFramesGiveItsPercentage(_ file: String, count: Int, last: Double) throws {
        let fractions = try Self.updates(file).compactMap(\.progress)
        #expect(fractions.count == count, "\(fractions)")
        Self.expectRising(fractions, file)
        #expect(fractions.first == 0 && fractions.last == last)
        for line in ["Downloaded 100% of one file, 3 more", "45% +", "45% 3 ++ a", "45% 3 x a", "45% 3 files left"] {
            #expect(Self.parse(line) == .nothing, "\(line)")
        }
    }

    // A line cut short gives nothing rather than a smaller figure than the whole line's.
    @Test(arguments: ["tar: Write checkpoint 10", "[0:05] 83.33%  5 / 1", "[0:05] 83.33%  5 / 6",
                      "13% [1 x11hud-test-1 2621 kB/4014 kB 6", "95% [4 x11hud-test-4 3932 kB/4014 kB 98%]  2506 kB/",
                      "Checking segments 10", "Verifying data   1.8", " 10.8 %           3.6 MiB / 3.",
                      " * f3.bin: 12% /1.907Mi, 0/s, -Transferred:   \t    2.109 MiB / 19.0"])
    func aLineCutShortGivesNothingUnfinished(_ line: String) {
        #expect(Self.unfinished(line) == nil, "\(line.debugDescription)")
    }

    // Near misses of the new shapes: log lines that only look like them move nothing.
    @Test(arguments: [
        "(Reading database ... 100%", "Checking segments took 10.0%", "Checking 10.0%", "checking segments 10.0%",
        "[0:05] 83.33%  5 / 6 Packs", "[0:05] 83.33%  7 / 6 packs", "[0:05] 83.33%  5 / 6 packs were read today",
        "5 / 6 packs", "note: Transferred:   \t    2.109 MiB / 19.073 MiB, 11%, 0 B/s, ETA -",
        " * f3.bin: done Transferred:   \t    2.109 MiB / 19.073 MiB, 11%, 0 B/s, ETA -",
        "Elapsed time: soon Transferred:   \t    2.109 MiB / 19.073 MiB, 11%, 0 B/s, ETA -",
        " * f3.bin: 12% /1.907Mi, 0/s, -Transferred:            0 / 10, 0%",
        "tar: Write checkpoint", "tar: Write checkpoint ten", "tar: Skipped checkpoint 10",
        "mytool: Read checkpoint 10",
        "  2.9 % of the packages", "  2.9 %           0.9 MB / 1.0 MB = 0.953",
    ])
    func aLookalikeMovesNothing(_ line: String) {
        #expect(Self.parse(line) == .nothing, "\(line.debugDescription) → \(Self.parse(line))")
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each only at its first place.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
