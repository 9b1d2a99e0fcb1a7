import Foundation
import HUDScene
@testable import ProgressFeed
import Testing

/// Every event the lines of a capture give, as the HUD reads them.
private func events(_ lines: [String], total: TransferTotal? = nil) -> [FeedEvent] {
    let parser = FeedParser(total: total)
    return lines.map { line in
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { parser.parse(UnsafeRawBufferPointer($0)) }
    }
}

private func parse(_ line: String) -> FeedEvent { events([line]).first! }

private func unfinished(_ line: String) -> FeedUpdate? {
    var bytes = Array(line.utf8)
    return bytes.withUnsafeMutableBytes { FeedParser().parseUnfinished(UnsafeRawBufferPointer($0)) }
}

/// Issue 30: the backup tools' progress, read from what they really printed on Debian 12 backing up a 303 MB tree
/// of 301 random files (`/tmp/…/data`) to local repositories: restic 0.14.0 (`--limit-upload 60000`), borg 1.2.4,
/// rclone 1.60.1 (`--bwlimit 60M`), duplicity 0.8.22, apt 2.6 reinstalling `less`. Terminal captures went through
/// `script -qfc "stty cols 120 rows 40; …" /dev/null`. restic-json, borg-extract-json and rclone-json are thinned
/// (every 6th status line, every 8th object, the per-file `Copied` log lines but every 60th), their lines as
/// printed; dpkg-fancy lost two `N: Ignoring file …` lines about this machine's apt sources.
@Suite struct BackupToolTests {
    struct Capture: CustomTestStringConvertible, Sendable {
        var file: String
        /// The last fraction read, within 0.001.
        var last: Double?
        var bytes: Int64?
        var total: Int64?
        var details: String?
        var testDescription: String { file }
    }

    @Test(arguments: [
        // restic backup --json --limit-upload 60000 data
        Capture(file: "restic-json.txt", last: 1, bytes: 316_740_000, total: 316_740_000,
                details: "301 of 301 files"),
        // script … restic backup --limit-upload 60000 data: `[0:04] 301 files 302.067 MiB, total 301 files …`
        Capture(file: "restic-term.txt", last: 1, bytes: 316_740_207, total: 316_740_207,
                details: "301 of 301 files"),
        // borg extract --progress: ends at ` 99.1% Extracting: data/d4/big.bin`
        Capture(file: "borg-extract.txt", last: 0.991),
        // borg extract --progress --log-json: current of total bytes
        Capture(file: "borg-extract-json.txt", last: 1, bytes: 205_580_000, total: 205_580_000),
        // script … rclone copy data dst --bwlimit 60M --progress: the stats block, files on a line of their own
        Capture(file: "rclone-progress.txt", last: 1, bytes: 316_740_207, total: 316_740_207,
                details: "301 of 301 files"),
        // rclone copy data dst --bwlimit 60M --stats 1s --stats-one-line -v (log lines, into a pipe)
        Capture(file: "rclone-oneline.txt", last: 1, bytes: 316_740_207, total: 316_740_207),
        // rclone copy data dst --bwlimit 60M --stats 1s --use-json-log -v
        Capture(file: "rclone-json.txt", last: 1, bytes: 316_740_000, total: 316_740_000,
                details: "301 of 301 files"),
        // script … duplicity full --progress --no-encryption data file://…: pv's shape behind ESC[F ESC[2K
        Capture(file: "duplicity-progress.txt", last: 1, bytes: 317_508_813),
    ])
    func aCaptureRisesToItsEndWithItsFigures(_ c: Capture) throws {
        let all = events(try fixtureLines(c.file))
        let got = all.compactMap { if case .update(let u) = $0 { u } else { nil } }
        let fractions = got.compactMap(\.progress)
        #expect(Set(fractions).count >= 3, "\(c.file): \(fractions)")
        let back = zip(fractions, fractions.dropFirst()).filter { $0.1 < $0.0 }
        #expect(back.isEmpty, "\(c.file) went backwards: \(back)")
        if let last = c.last, let read = fractions.last { #expect(abs(read - last) < 0.001, "\(c.file): \(read)") }
        #expect(got.compactMap(\.bytesDone).last == c.bytes, "\(c.file)")
        #expect(got.compactMap(\.bytesTotal).last == c.total, "\(c.file)")
        #expect(got.compactMap(\.details).last == c.details, "\(c.file)")
        #expect(got.allSatisfy { $0.error == nil })
        let warnings = all.filter { if case .update = $0 { false } else { $0 != .nothing } }
        #expect(warnings.isEmpty, "\(c.file): \(warnings.prefix(3))")
    }

    /// Issue 52 item 4: restic's summary carries restic's own average, `total_bytes_processed` / `total_duration`.
    @Test func resticsSummaryGivesItsAverageRate() throws {
        let summary = try #require(try fixtureLines("restic-json.txt").last { $0.contains("\"summary\"") })
        guard case .update(let u) = parse(summary) else {
            Issue.record("\(parse(summary))")
            return
        }
        #expect(u.averageRate == 46_932_348 && u.bytesDone == 316_740_000 && u.progress == 1, "\(u)")
        let statuses = try fixtureLines("restic-json.txt").filter { $0.contains("\"status\"") }
        #expect(!statuses.isEmpty && events(statuses).allSatisfy {
            if case .update(let s) = $0 { s.averageRate == nil } else { true }
        })
    }

    @Test func borgCreateCountsOriginalBytesAgainstTotal() throws {
        let lines = try fixtureLines("borg-create.txt")
        let plain = events(lines).compactMap { if case .update(let u) = $0 { u } else { nil } }
        #expect(plain.allSatisfy { $0.progress == nil }, "borg knows no total")
        #expect(plain.compactMap(\.bytesDone).last == 316_740_000)
        let against = events(lines, total: .bytes(316_740_000)).compactMap { e -> Double? in
            if case .update(let u) = e { u.progress } else { nil }
        }
        #expect(against.count == 26, "\(against)")
        #expect(against.last == 1 && against == against.sorted(), "\(against)")
        let json = events(try fixtureLines("borg-create-json.txt"))
        let bytes = json.compactMap { e -> Int64? in if case .update(let u) = e { u.bytesDone } else { nil } }
        #expect(bytes.last == 200_688_011 && bytes == bytes.sorted(), "\(bytes)")
        #expect(json.allSatisfy { if case .update = $0 { true } else { $0 == .nothing } })
    }

    // script … apt-get install --reinstall -y -o Dpkg::Progress-Fancy=1 less: apt's download line (issue 40 item 4),
    // then dpkg's row from 0 again, which ends at 80 %; `(Reading database ... 45%` between them says nothing.
    @Test func dpkgsRowFollowsAptsDownloadLine() throws {
        let got = events(try fixtureLines("dpkg-fancy.txt")).compactMap { e -> Double? in
            if case .update(let u) = e { u.progress } else { nil }
        }
        #expect(got == [0, 0, 1, 0.2, 0.4, 0.8], "\(got)")
    }

    @Test func aptsStatusLinesGiveTheDownloadThenTheInstallation() throws {
        let got = events(try fixtureLines("apt-status.txt")).compactMap { e -> Double? in
            if case .update(let u) = e { u.progress } else { nil }
        }
        #expect(got == [0, 0, 0, 1, 0, 0, 0.2, 0.4, 0.4, 0.4, 0.6, 0.8], "\(got)")
    }

    @Test func errorsCarryTheToolsOwnText() throws {
        func errors(_ file: String) throws -> [String] {
            events(try fixtureLines(file)).compactMap { if case .update(let u) = $0 { u.error } else { nil } }
        }
        #expect(try errors("restic-json-error.txt") == ["read /proc/self/mem: Input/output error"])
        #expect(try errors("borg-error-json.txt") == ["Repository /tmp/i30/nope does not exist."])
        let rclone = try errors("rclone-json-error.txt")
        #expect(rclone.count == 6 && rclone.first == "error reading source root directory: directory not found")
        #expect(parse("pmerror:less:20.0000:trying to overwrite '/usr/bin/less'")
                == .update(FeedUpdate(error: "less: trying to overwrite '/usr/bin/less'")))
        #expect(parse(#"{"message_type":"error","error":{"message":"disk full"},"during":"archival"}"#)
                == .update(FeedUpdate(error: "disk full")))
        // restic's warning level and rclone's below error are not errors.
        #expect(parse(#"{"level":"warning","msg":"Config file not found"}"#) == .nothing)
        #expect(parse(#"{"type":"log_message","levelname":"WARNING","message":"x"}"#) == .nothing)
    }

    // The percentage restic prints is bytes done of the total, rounded: the sizes give it more finely.
    @Test func resticsStatusLineWithItsPercentageAndTimeLeft() {
        #expect(parse("[0:01] 30.76%  2 files 120 MiB, total 3006 files 412 MiB, 0 errors ETA 0:02")
                == .update(FeedUpdate(progress: 120.0 / 412, details: "2 of 3,006 files", bytesDone: 125_829_120,
                                      bytesTotal: 432_013_312)))
        #expect(parse(#"{"message_type":"status","percent_done":0.25,"total_files":3006,"files_done":632}"#)
                == .update(FeedUpdate(progress: 0.25, details: "632 of 3,006 files")))
        #expect(ProgressFormats.files(1_234_567, of: 1) == "1,234,567 of 1 file")
    }

    @Test func otherProgramsJSONIsPassedOverQuietlyAndOwnKeysStillWarn() {
        #expect(parse(#"{"event":"start","percent":45}"#) == .nothing)
        #expect(parse(#"{"message_type":"verbose_status","action":"new","item":"/a"}"#) == .nothing)
        #expect(parse(#"{"type":"progress_message","message":"Saving cache config"}"#) == .nothing)
        #expect(parse(#"{"progress":"x","zzz":1}"#)
                == .warning(#"ignored JSON: "progress" must be a number from 0 to 1; unknown key 'zzz'"#))
        #expect(parse(#"{"progress":0.5,"level":"x"}"#)
                == .partial(FeedUpdate(progress: 0.5), warning: "unknown key 'level'"))
    }

    // Cut anywhere before its last figure, a line gives nothing rather than a wrong one.
    @Test(arguments: [
        "[0:04] 300 files 299.707 MiB, total 301 files 302.0", "\u{1B}[2K[0:04] 300 files 299.707 MiB, tot",
        "12.46 MB O 12.46 MB C 12.4", "12.46 MB O 12.4", "  45.6% Extract",
        "Transferred:   \t   30.364 MiB / 302.067 MiB, 10", "Transferred:   \t   30.364 MiB / 302.0",
        "Transferred:           40 / 30", "2026/11/26 14:53:23 INFO  :   179.121 MiB / 301.399 MiB, 59%, 59.4",
        "dlstatus:1:39", "dlstatus:1:39.4:", "pmstatus:less", "Progress: [ 4", "Progress: [ 45%",
        "\u{1B}[F\u{1B}[2K199.9MB 00:00:18 [20.0MB/s] [==========================>     ] 6",
    ])
    func aLineCutShortGivesNothing(_ line: String) {
        #expect(unfinished(line) == nil, "\(line.debugDescription) → \(String(describing: unfinished(line)))")
        #expect(parse(line) == .nothing, "\(line.debugDescription) → \(parse(line))")
    }

    @Test(arguments: [
        "2026/11/26 14:53:20 INFO  : d1/f45.bin: Copied (new) 45%",
        " *                                    d4/big.bin:  6% /143.051Mi, 0/s, -",
        "Extracting: 45.6% done", "restic: 45% of 3006 files checked, 0 errors", "dlstatus is at 45%",
        "pmstatus:less:120:Unpacking less", "Progress: [ 45%] of the disk is used", "0% [1 less 0 B/132 kB 0%] left",
        "Transferred:           40 / 301, many", "[0:00] 0 files, 0 B, 0 errors",
        "\u{1B}[2K(Reading database ... 100%", "Transferred:   \t          0 B / 0 B, -, 0 B/s, ETA -",
    ])
    func aPercentageInsideALogLineGivesNothing(_ line: String) {
        #expect(parse(line) == .nothing, "\(line.debugDescription) → \(parse(line))")
    }
}
