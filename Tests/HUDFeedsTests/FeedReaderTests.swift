import HUDScene
import ProgressFeed
import Synchronization
import HUDTestSupport
import Testing
@testable import HUDFeeds

/// The byte-pushed reader that standard input, descriptors and `run` share (no X, no threads of its own).
@Suite(.ownThreads) struct FeedReaderTests {
    /// Pushes `text` cut at `cuts` (offsets), each piece a whole write of the producer, then ends the input;
    /// returns what the HUD would take at the end.
    func read(_ text: String, cutAt cuts: [Int], parser: FeedParser = FeedParser()) -> FeedInbox {
        let reader = FeedReader(parser: parser)
        let bytes = Array(text.utf8)
        var start = 0
        for cut in cuts.sorted() + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBytes { reader.push($0) }
            start = cut
        }
        reader.finish()
        return reader.take()
    }

    static let input = "10\n#Copying\n{\"details\":\"a.iso\",\"bytes\":1024}\n" +
        "     12,345,678  45%  123.45MB/s    0:00:12\r  20,000,000  73%  120.00MB/s    0:00:05\n" +
        "#Almost\n99%\n"

    @Test func bytesSplitAnywhereGiveTheSameUpdates() {
        let whole = read(Self.input, cutAt: [])
        #expect(whole.progress == 0.99 && whole.label == "Almost" && whole.details == "a.iso" && whole.ended)
        let n = Self.input.utf8.count
        for cut in 0...n { #expect(read(Self.input, cutAt: [cut]) == whole, "one cut at \(cut)") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let cuts = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Int.random(in: 0...n) }
            #expect(read(Self.input, cutAt: cuts) == whole, "cuts at \(cuts)")
        }
    }

    @Test func bytesAloneAreAFractionOfTheTotalAnEarlierLineGave() {
        // A producer that says its total once: the bar follows the bytes as the details do.
        let reader = FeedReader()
        for line in ["{\"bytes\":1000000,\"total_bytes\":9000000}\n", "{\"bytes\":3000000}\n"] {
            Array(line.utf8).withUnsafeBytes { reader.push($0) }
        }
        #expect(reader.take().progress == 3.0 / 9)
        // A total of 0 says it is not known: no fraction from it.
        let unknown = read("{\"bytes\":1,\"total_bytes\":0}\n{\"bytes\":2}\n", cutAt: [])
        #expect(unknown.progress == nil)
    }

    @Test func aRedrawLedByACarriageReturnIsSeenWhenItIsWritten() {
        let reader = FeedReader()
        // curl and wget start each redraw with \r: the figures are on screen before the next redraw comes.
        Array("\r 14 28.6M   14 4352k    0     0  21.1M      0  0:00:01 --:--:--  0:00:01 21.1M".utf8)
            .withUnsafeBytes { reader.push($0) }
        #expect(reader.take().progress == 0.14)
        Array("\r 52 28.6M   52 14.9M    0     0  21.3M      0  0:00:01  0:00:01 --:--:-- 21.3M".utf8)
            .withUnsafeBytes { reader.push($0) }
        #expect(reader.take().progress == 0.52)
        // A write cut short (the pipe not drained) waits for the rest instead of reading half a figure: only the
        // redraw it ended counts.
        Array("\r 99 28.6M   9".utf8).withUnsafeBytes { reader.push($0, drained: false) }
        #expect(reader.take().progress == 0.52)
    }

    @Test func theEndIsHandedOnOnce() {
        let reader = FeedReader()
        Array("40\n50".utf8).withUnsafeBytes { reader.push($0) }
        _ = reader.take()
        reader.finish()
        reader.finish()
        Array("60\n".utf8).withUnsafeBytes { reader.push($0) }
        let end = reader.take()
        #expect(end.progress == 0.5 && end.ended, "the last line without a line end is a line too")
        #expect(reader.take().isEmpty, "the end came twice")
        #expect(reader.isFinished)
    }

    @Test func anEndToShowReplacesTheEndedFlag() {
        let reader = FeedReader()
        Array("#Working\n".utf8).withUnsafeBytes { reader.push($0) }
        reader.finish(showing: FeedUpdate(label: "Done", icon: .success, hideAfter: 1.5))
        let end = reader.take()
        #expect(end.label == "Done" && end.icon == .success && end.hideAfter == 1.5 && !end.ended)
    }

    @Test func twoStreamsNeverRunIntoEachOther() {
        let reader = FeedReader(streams: 2)
        Array("4".utf8).withUnsafeBytes { reader.push($0, stream: 0, drained: false) }
        Array("#Lab".utf8).withUnsafeBytes { reader.push($0, stream: 1, drained: false) }
        Array("5\n".utf8).withUnsafeBytes { reader.push($0, stream: 0) }
        Array("el\n".utf8).withUnsafeBytes { reader.push($0, stream: 1) }
        let inbox = reader.take()
        #expect(inbox.progress == 0.45 && inbox.label == "Label")
    }

    @Test func oneAskPerTakeHoweverManyLines() {
        let reader = FeedReader()
        let asks = Mutex(0)
        reader.start { asks.withLock { $0 += 1 } }
        for v in 1...1000 { Array("\(v % 100)\n".utf8).withUnsafeBytes { reader.push($0) } }
        #expect(asks.withLock { $0 } == 1, "each input asked for its own turn of the main queue")
        #expect(reader.take().progress == 0.0)
        Array("42\n".utf8).withUnsafeBytes { reader.push($0) }
        #expect(asks.withLock { $0 } == 2)
        // While the HUD's frames pull by themselves, no one needs asking.
        _ = reader.take()
        #expect(!reader.framesLook(true))
        Array("43\n".utf8).withUnsafeBytes { reader.push($0) }
        #expect(asks.withLock { $0 } == 2)
        #expect(reader.framesLook(false), "input waiting when the frames stop must be looked at")
    }

    @Test func inputBeforeAnyoneListensIsAskedForWhenTheyDo() {
        let reader = FeedReader()
        Array("30\n".utf8).withUnsafeBytes { reader.push($0) }
        let asks = Mutex(0)
        reader.start { asks.withLock { $0 += 1 } }
        #expect(asks.withLock { $0 } == 1)
        #expect(reader.take().progress == 0.3)
    }

    @Test func warningsAreRateLimitedOnTheInjectedClock() {
        let now = Mutex(100.0)
        let warnings = Mutex<[FeedWarning]>([])
        let reader = FeedReader(clock: { now.withLock { $0 } }, warn: { w in warnings.withLock { $0.append(w) } })
        for _ in 0..<10 { Array("{bad\n".utf8).withUnsafeBytes { reader.push($0) } }
        #expect(warnings.withLock { $0.count } == 3)
        now.withLock { $0 += 10 }
        Array("{bad\n".utf8).withUnsafeBytes { reader.push($0) }
        reader.finish()
        let all = warnings.withLock { $0 }
        #expect(all.count == 4)
        guard case .input(let text) = all[0] else { Issue.record("\(all)"); return }
        #expect(text.hasPrefix("line 1: "))
        guard case .input(let later) = all[3] else { Issue.record("\(all)"); return }
        #expect(later.hasPrefix("line 11: ") && later.contains("(7 similar warnings suppressed)"), "\(later)")
    }

    @Test func aWriterNoOneReadsIsSkippedToItsNewestLine() {
        let now = Mutex(0.0)
        let reader = FeedReader(clock: { now.withLock { $0 } }, skipsWhenUnread: true)
        Array("#Start\n1\n".utf8).withUnsafeBytes { reader.push($0) }
        now.withLock { $0 = FeedReader.unreadAfter }
        // No one took anything for a while: of this push only the newest complete line counts.
        Array("#Skipped\n2\n3\n77\n5".utf8).withUnsafeBytes { reader.push($0, drained: false) }
        Array("0\n".utf8).withUnsafeBytes { reader.push($0) }
        let inbox = reader.take()
        #expect(inbox.progress == 0.5 && inbox.label == "Start")
        // Taken again: every line counts.
        Array("#Read\n60\n".utf8).withUnsafeBytes { reader.push($0) }
        #expect(reader.take().label == "Read")
    }
}
