import HUDScene
@testable import ProgressFeed
import Testing

/// Issue 14: `--details auto` from a synthetic feed at a known rate, on an injected clock (no sleeps).
@Suite struct TransferDetailsTests {
    /// Feeds `details` a transfer at `rate` bytes a second, every `step` seconds from `from` to `to`.
    @discardableResult
    func feed(_ details: inout TransferDetails, rate: Double, total: Int64?, from: Double, to: Double,
              step: Double = 0.1, withFraction: Bool = false, start: Double = 0) -> [String] {
        var texts: [String] = []
        var t = from
        while t <= to + 1e-9 {
            let done = start + rate * (t - from)
            let fraction = total.map { min(done / Double($0), 1) }
            let update = FeedUpdate(progress: withFraction ? fraction : nil, bytesDone: Int64(done),
                                    bytesTotal: total)
            if let text = details.take(update, at: t) { texts.append(text) }
            t += step
        }
        return texts
    }

    @Test func sizesRateAndTimeLeftAtAKnownRate() {
        var d = TransferDetails()
        // 35 MB/s towards 2.7 GB: at t = 30 s, 1.05 GB done, 1.65 GB (47.1 s) left.
        let texts = feed(&d, rate: 35e6, total: 2_700_000_000, from: 0, to: 30)
        #expect(texts.last == "1.1 GB of 2.7 GB · 35 MB/s · 0:48 left", "\(texts.last ?? "")")
        #expect(texts.first == "0 B of 2.7 GB")
    }

    @Test func noRateOrTimeLeftBeforeTheWarmUp() {
        var d = TransferDetails()
        let texts = feed(&d, rate: 1e6, total: 100_000_000, from: 0, to: 1.4)
        #expect(texts.allSatisfy { !$0.contains("/s") && !$0.contains("left") }, "\(texts)")
    }

    @Test func fractionsAloneGivePercentAndTimeLeft() {
        var d = TransferDetails()
        var last = ""
        // 1 % a second: at 35 %, 65 s left.
        for i in 0...350 {
            let t = Double(i) / 10
            last = d.take(FeedUpdate(progress: t / 100), at: t) ?? last
        }
        #expect(last == "35 % · 1:05 left", "\(last)")
    }

    @Test func theTimeLeftCountsDownSteadilyThroughANoisyRate() {
        var d = TransferDetails()
        var done = 0.0
        var shown: [Int] = []
        // 10 MB/s ± 30 % in alternating bursts, towards 1 GB: the true time left falls by one second a second.
        for i in 0...600 {
            let t = Double(i) / 10
            done += (i % 2 == 0 ? 1.3e6 : 0.7e6)
            let text = d.take(FeedUpdate(bytesDone: Int64(done), bytesTotal: 1_000_000_000), at: t) ?? ""
            if t >= 10, i % 10 == 0, let left = text.split(separator: "·").last?.split(separator: " ").first {
                let parts = left.split(separator: ":").compactMap { Int($0) }
                shown.append(parts[0] * 60 + parts[1])
            }
        }
        let steps = zip(shown, shown.dropFirst()).map { $0 - $1 }
        // It never goes up, and falls in the steps of its rounding (5 s above a minute), never by more.
        #expect(steps.allSatisfy { (0...5).contains($0) }, "\(shown)")
        #expect(abs(shown.last! - 40) <= 5, "\(shown)")
    }

    /// Issue 40 item 7: a transfer that slows near its end (10 MB/s to 95 MB, then 2 MB/s for the last 5 MB, as
    /// a disk's cache fills) never says `0:00 left` while bytes remain: a time counted down to nothing gives way to
    /// the estimate.
    @Test func noTimeLeftOfZeroWhileBytesRemain() {
        var d = TransferDetails()
        let fast = feed(&d, rate: 10e6, total: 100_000_000, from: 0, to: 9.5)
        let slow = feed(&d, rate: 2e6, total: 100_000_000, from: 9.6, to: 11.9, start: 95.2e6)
        let zero = (fast + slow).filter { $0.contains("0:00 left") }
        #expect(zero.isEmpty, "\(zero.count) texts: \(zero.first ?? "")")
        #expect(slow.last?.hasSuffix(" left") == true, "\(slow.last ?? "")")
    }

    /// Issue 40 item 7: a percentage alone ends at 100 % under the success icon (apt's last status line said
    /// 94 %), and stays where it was under the error icon; sizes end at their total too (issue 52).
    @Test func successEndsAPercentageAtAHundred() {
        var d = TransferDetails()
        _ = d.take(FeedUpdate(progress: 0.94), at: 1)
        #expect(d.take(FeedUpdate(icon: .success), at: 2) == "100 %")
        var failed = TransferDetails()
        _ = failed.take(FeedUpdate(progress: 0.94), at: 1)
        #expect(failed.take(FeedUpdate(icon: .error), at: 2) == "94 %")
        var sized = TransferDetails()
        _ = sized.take(FeedUpdate(progress: 0.5, bytesDone: 5_000_000, bytesTotal: 10_000_000), at: 1)
        #expect(sized.take(FeedUpdate(icon: .success), at: 2) == "10 MB of 10 MB")
    }

    @Test func aRateAtABoundaryKeepsItsUnit() {
        var d = TransferDetails()
        var units: [String] = []
        var done = 0.0
        for i in 0...400 {
            let t = Double(i) / 10
            done += i % 4 < 2 ? 110_000 : 90_000  // 1.0 MB/s, ± 10 % in bursts
            let text = d.take(FeedUpdate(bytesDone: Int64(done)), at: t) ?? ""
            if let rate = text.split(separator: "·").dropFirst().first?.split(separator: " ").last {
                if units.last != String(rate) { units.append(String(rate)) }
            }
        }
        #expect(units == ["MB/s"] || units == ["kB/s", "MB/s"], "the unit flickered: \(units)")
    }

    @Test func aNewFileStartsTheEstimateOver() {
        var d = TransferDetails()
        feed(&d, rate: 10e6, total: 100_000_000, from: 0, to: 5)
        let texts = feed(&d, rate: 1e6, total: 4_000_000, from: 5.1, to: 5.5)
        #expect(texts.last == "400 kB of 4.0 MB", "\(texts.last ?? "")")
    }

    @Test func stalledAfterFiveSecondsWithoutProgress() {
        var d = TransferDetails(base: "big.iso")
        feed(&d, rate: 10e6, total: 100_000_000, from: 0, to: 3)
        let text = d.take(FeedUpdate(bytesDone: 30_000_000, bytesTotal: 100_000_000), at: 8.5)
        #expect(text == "big.iso\n30 MB of 100 MB · stalled")
    }

    /// Issue 52: a producer gone silent (stopped, on a hung link) sends nothing, so the details say when they turn
    /// `stalled` (the one wake-up their HUD asks for) and read so from that moment, the sizes kept. Progress that
    /// moves again clears it, with the rate counted from there: an average over the stall showed a crawl.
    @Test func silenceTurnsStalledAtItsDeadlineAndMovingAgainClearsIt() throws {
        var d = TransferDetails(base: "big.iso")
        feed(&d, rate: 10e6, total: 100_000_000, from: 0, to: 3)
        let due = try #require(d.stallsAt)
        #expect(abs(due - 8) < 1e-6)
        #expect(d.text(at: due - 0.01) == "big.iso\n30 MB of 100 MB · 10 MB/s · 0:07 left")
        #expect(d.text(at: due) == "big.iso\n30 MB of 100 MB · stalled")
        #expect(d.stallsAt == nil, "said once, not asked for again")
        #expect(d.take(FeedUpdate(bytesDone: 30_000_000, bytesTotal: 100_000_000), at: 12) ==
                "big.iso\n30 MB of 100 MB · stalled", "a line that does not move keeps it")
        let texts = feed(&d, rate: 10e6, total: 100_000_000, from: 20, to: 22, start: 30_000_000)
        #expect(texts.last == "big.iso\n50 MB of 100 MB · 10 MB/s · 0:05 left", "\(texts)")
        #expect(abs((d.stallsAt ?? 0) - 27) < 1e-6)
    }

    @Test func anIconEndsTheEstimateLeavingTheSizes() {
        var d = TransferDetails(base: "big.iso")
        feed(&d, rate: 10e6, total: 100_000_000, from: 0, to: 3)
        #expect(d.take(FeedUpdate(icon: .error), at: 3.1) == "big.iso\n30 MB of 100 MB · 10 MB/s average")
        #expect(d.take(FeedUpdate(bytesDone: 30_000_000), at: 9) == "big.iso\n30 MB of 100 MB · 10 MB/s average")
    }

    /// Issue 52 item 4: success ends on the total, whatever the tool's last count: an incremental borg reads
    /// none of its unchanged files (`0 B O …` is all it prints), and a first one's last line can come early.
    @Test(arguments: [Int64(0), 286_000_000])
    func successEndsOnTheTotal(_ last: Int64) {
        var d = TransferDetails()
        _ = d.take(FeedUpdate(bytesDone: last, bytesTotal: 316_000_000), at: 0)
        #expect(d.take(FeedUpdate(icon: .success), at: 0.5) == "316 MB of 316 MB")
        var failed = TransferDetails()
        _ = failed.take(FeedUpdate(bytesDone: last, bytesTotal: 316_000_000), at: 0)
        #expect(failed.take(FeedUpdate(icon: .error), at: 0.5)?.hasPrefix("316 MB of") == false, "a failure keeps it")
        // A watched process's figures when it exited come with the icon, and are what it read.
        var watched = TransferDetails()
        _ = watched.take(FeedUpdate(bytesDone: last, bytesTotal: 316_000_000), at: 0)
        #expect(watched.take(FeedUpdate(icon: .success, bytesDone: 100_000_000), at: 0.5) == "100 MB of 316 MB")
    }

    /// Issue 52 item 4: the tool's own average at its end (restic's summary) is the end figure, even when x11hud
    /// saw too little for one of its own (an incremental backup: one status line, then the summary); it ends the
    /// estimate as an icon does.
    @Test func theToolsOwnAverageIsTheEndFigure() {
        var d = TransferDetails()
        _ = d.take(FeedUpdate(bytesTotal: 31_000_000), at: 0)
        let end = d.take(FeedUpdate(progress: 1, bytesDone: 31_000_000, bytesTotal: 31_000_000,
                                    averageRate: 123_000_000), at: 0.3)
        #expect(end == "31 MB of 31 MB · 123 MB/s average")
        #expect(d.stallsAt == nil)
        #expect(d.take(FeedUpdate(icon: .success), at: 0.4) == "31 MB of 31 MB · 123 MB/s average")
        // The next job's figures are its own.
        #expect(d.take(FeedUpdate(bytesDone: 1_000_000, bytesTotal: 2_000_000), at: 1) == "1.0 MB of 2.0 MB")
    }

    /// A run that slows down (a disk cache filling): while it runs, the rate of the last seconds; at its end, the
    /// whole run's, as dd prints it (600 MB in 10 s: 60 MB/s, where the moving average has come down to about 35).
    @Test func theEndShowsTheWholeRunsRateAsDdDoes() {
        var d = TransferDetails()
        feed(&d, rate: 100e6, total: 1_000_000_000, from: 0, to: 5)
        var running = ""
        for i in 1...50 {
            let t = 5 + Double(i) * 0.1
            running = d.take(FeedUpdate(bytesDone: 500_000_000 + Int64(i) * 2_000_000, bytesTotal: 1_000_000_000),
                             at: t) ?? running
        }
        #expect(running.hasPrefix("600 MB of 1.0 GB · 3") && !running.contains("average"), "\(running)")
        #expect(d.take(FeedUpdate(icon: .success), at: 10.05) == "1.0 GB of 1.0 GB · 60 MB/s average")
    }

    @Test func theDetailsGivenStayAboveTheEstimate() {
        var d = TransferDetails(base: "a.bin")
        #expect(d.take(FeedUpdate(bytesDone: 1000), at: 0) == "a.bin\n1.0 kB")
        #expect(d.take(FeedUpdate(details: "b.bin"), at: 0.1) == "b.bin\n1.0 kB")
        #expect(d.take(FeedUpdate(label: "x"), at: 0.2) == nil)
    }

    @Test(arguments: [(43.0, "0:43"), (65, "1:05"), (600, "10:00"), (3725, "1:03:00"), (0, "0:00")])
    func timeLeftIsRoundedUpAndPrintedAsAClock(_ seconds: Double, _ text: String) {
        #expect(TransferDetails.clock(TransferDetails.rounded(seconds)) == text)
    }

    @Test func theEstimateSmoothsExponentially() {
        var e = TransferEstimate(smoothing: 3, minInterval: 0.25)
        e.add(time: 0, bytes: 0, fraction: nil)
        e.add(time: 1, bytes: 100, fraction: nil)
        #expect(e.byteRate == 100)
        e.add(time: 2, bytes: 400, fraction: nil)
        #expect(e.byteRate == 200, "early on, the plain average since the start")
        e.add(time: 6, bytes: 1600, fraction: nil)
        // Then exponential: 200 + (1 - e^(-4/3)) × (300 - 200)
        #expect(abs(e.byteRate! - 273.64) < 0.01)
        e.add(time: 6.1, bytes: 100_000, fraction: nil)
        #expect(abs(e.byteRate! - 273.64) < 0.01, "a sample 0.1 s later is merged into the next")
    }
}
