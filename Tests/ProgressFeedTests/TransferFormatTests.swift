import Foundation
import HUDScene
@testable import ProgressFeed
import Testing

/// The lines of a capture in Fixtures/ (what the tool really printed on Debian 12, `\r` and `\n` kept), cut as the
/// HUD cuts them.
func fixtureLines(_ name: String) throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    let bytes = try Data(contentsOf: url)
    var lines: [String] = []
    var splitter = LineSplitter(breaksOnBackspace: true)
    bytes.withUnsafeBytes { raw in
        splitter.push(raw) { line, _ in lines.append(String(decoding: line, as: UTF8.self)) }
    }
    splitter.finish { line, _ in lines.append(String(decoding: line, as: UTF8.self)) }
    return lines
}

func updates(_ lines: [String], total: TransferTotal? = nil) -> [FeedUpdate] {
    let parser = FeedParser(total: total)
    return lines.compactMap { line in
        var bytes = Array(line.utf8)
        let event = bytes.withUnsafeMutableBytes { parser.parse(UnsafeRawBufferPointer($0)) }
        if case .update(let u) = event { return u }
        return nil
    }
}

/// Issue 14: sizes, durations and the byte counts in tools' real output.
@Suite struct TransferFormatTests {
    // Captured with rsync 3.2.7, curl 7.88.1, pv 1.6.20, wget 1.21.3, dd (coreutils 9.1), ffmpeg 5.1.9.
    @Test(arguments: [
        ("rsync2.txt", 52_428_800 as Int64, nil as Int64?),  // --info=progress2: the whole transfer
        ("rsync1.txt", 20_971_520, nil),                      // --progress: the last file's bytes
        ("curl.txt", 62_914_560, 62_914_560),                 // the meter: 60.0M of 60.0M, powers of 1024
        ("wget-bar.txt", 62_914_560, 62_914_560),             // 60.00M, and its Length: line
        ("pv.txt", 62_914_560, nil),                          // 60.0MiB with -s (a file)
        ("pv-nosize.txt", 62_914_560, nil),                   // 60.0MiB, no percentage
        ("dd2.txt", 62_914_560, nil),                         // the final line dd prints
        ("dd-small.txt", 512, nil),
    ])
    func bytesRiseToWhatTheToolPrintedLast(_ file: String, _ last: Int64, _ total: Int64?) throws {
        let got = updates(try fixtureLines(file))
        let done = got.compactMap(\.bytesDone)
        #expect(!done.isEmpty, "\(file): no byte counts read")
        #expect(done.last == last, "\(file): \(done)")
        #expect(got.compactMap(\.bytesTotal).last == total)
        if file != "rsync1.txt" { #expect(done == done.sorted(), "\(file) went backwards: \(done)") }
    }

    @Test func wgetsDotsCountAKilobyteADotAndItsLengthLineIsTheTotal() throws {
        let got = updates(try fixtureLines("wget-dots.txt"))
        #expect(got.first?.bytesTotal == 62_914_560)
        let expected: Int64 = (61_400 + 40) * 1024
        #expect(got.compactMap(\.bytesDone).last == expected)
        #expect(got.last?.progress == 1)
    }

    @Test func ddHasNoFractionUntilTotalGivesOne() throws {
        let lines = try fixtureLines("dd2.txt")
        #expect(updates(lines).allSatisfy { $0.progress == nil })
        let withTotal = updates(lines, total: .bytes(62_914_560 * 2))
        let expected: [Double] = [21_037_056.0 / 125_829_120, 42_008_576.0 / 125_829_120, 0.5]
        #expect(withTotal.compactMap(\.progress) == expected)
        #expect(withTotal.allSatisfy { $0.bytesTotal == 125_829_120 })
    }

    @Test func ffmpegsTimeAgainstADuration() throws {
        let lines = try fixtureLines("ffmpeg.txt")
        #expect(updates(lines).isEmpty, "without --total ffmpeg's lines are not progress")
        let p = updates(lines, total: .duration(20)).compactMap(\.progress)
        #expect(p.count == 11)
        #expect(abs(p[1] - 2.11 / 20) < 1e-9)
        #expect(p == p.sorted() && p.last == 1, "time=00:00:20.01 of 20 s is clamped to 1: \(p)")
        let progress = updates(try fixtureLines("ffmpeg-progress.txt"), total: .duration(20)).compactMap(\.progress)
        #expect(progress.count == 2 && abs(progress[0] - 0.092880 / 20) < 1e-9, "\(progress)")
    }

    @Test func figuresLedByACarriageReturnAreReadBeforeTheNextOne() {
        // dd writes "\r" then its line, so a line ends only when the next begins.
        var splitter = LineSplitter()
        let parser = FeedParser()
        var complete: [FeedUpdate] = []
        var unfinished: [FeedUpdate?] = []
        for write in ["\r21037056 bytes (21 MB, 20 MiB) copied, 1 s, 19.3 MB/s",
                      "\r42008576 bytes (42 MB, 40 MiB) copied, 2 s, 20.1 MB/s"] {
            Array(write.utf8).withUnsafeBytes { chunk in
                splitter.push(chunk) { line, _ in
                    if case .update(let u) = parser.parse(line) { complete.append(u) }
                }
            }
            var now: FeedUpdate?
            splitter.withUnfinishedLine { now = parser.parseUnfinished($0) }
            unfinished.append(now)
        }
        #expect(complete == [FeedUpdate(bytesDone: 21_037_056)], "the first line ends only with the second")
        #expect(unfinished == [FeedUpdate(bytesDone: 21_037_056), FeedUpdate(bytesDone: 42_008_576)])
    }

    // Cut anywhere, a line gives nothing rather than a wrong figure (a size or time cut short).
    @Test(arguments: ["4", "45", "#", "# Copying", "{\"progress\":0.5", "21037056 bytes (21 MB, 20 MiB) cop",
                      "Length: 6291", "out_time=00:00:0", "frame=  51 fps=0.0 q=-0.0 size=N/A time=00:00:0",
                      "30.0MiB 0:00:01 [27.6MiB/s] [================>                 ] 5"])
    func anUnfinishedLineIsReadOnlyInAToolsWholeShape(_ text: String) {
        var bytes = Array(text.utf8)
        let parser = FeedParser(total: .duration(20))
        let u = bytes.withUnsafeMutableBytes { parser.parseUnfinished(UnsafeRawBufferPointer($0)) }
        #expect(u == nil, "\(text) → \(String(describing: u))")
    }

    @Test func wgetsSizeCutShortIsNotRead() {
        var bytes = Array("/dev/null  45%[=====>      ] 463".utf8)
        let u = bytes.withUnsafeMutableBytes { FeedParser().parseUnfinished(UnsafeRawBufferPointer($0)) }
        #expect(u == FeedUpdate(progress: 0.45))
    }

    @Test func jsonBytesAndTotalMakeTheFraction() {
        #expect(parse(#"{"bytes":250,"total_bytes":1000}"#)
                == .update(FeedUpdate(progress: 0.25, bytesDone: 250, bytesTotal: 1000)))
        var inbox = FeedInbox()
        inbox.take(FeedUpdate(bytesDone: 5, bytesTotal: 10))
        #expect(inbox.jsonLine == #"{"bytes":5,"total_bytes":10}"#)
        #expect(isWarning(parse(#"{"bytes":-1}"#)))
    }

    @Test(arguments: [
        ("123456", TransferTotal.bytes(123_456)), ("700M", .bytes(700 * 1_048_576)),
        ("1.5G", .bytes(1_610_612_736)), ("1.5GiB", .bytes(1_610_612_736)), ("2GB", .bytes(2_000_000_000)),
        ("512k", .bytes(524_288)), ("1:30:00", .duration(5400)), ("4:05", .duration(245)), ("90s", .duration(90)),
        ("1.5h", .duration(5400)), ("90min", .duration(5400)), (" 10K ", .bytes(10_240)),
    ])
    func totalsAreReadAsDdAndPvReadThem(_ text: String, _ expected: TransferTotal) {
        #expect(TransferTotal(parsing: text) == expected)
    }

    @Test(arguments: ["", "0", "5m", "-1G", "1.5X", "G", "1:75", "nan", "1e99", "1::2", "90 s", "abc"])
    func badTotalsAreRefused(_ text: String) {
        #expect(TransferTotal(parsing: text) == nil, "\(text)")
    }

    @Test func unitsDoNotFlickerAtABoundary() {
        var f = ByteFormatter()
        #expect(f.format(999_000) == "999 kB")
        #expect(f.format(1_000_000) == "1.0 MB")
        #expect(f.format(990_000) == "1.0 MB", "a rate dipping just under 1 MB/s stays in MB")
        #expect(f.format(850_000) == "0.9 MB")
        #expect(f.format(700_000) == "700 kB")
        #expect(f.format(2_700_000_000) == "2.7 GB")
        #expect(f.format(35) == "35 B")
    }
}
