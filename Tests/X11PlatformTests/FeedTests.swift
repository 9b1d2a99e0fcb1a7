import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// A pipe into the HUD's stdin that a test writes to like a shell script would.
final class Producer {
    let pipe = Pipe()
    func write(_ text: String) { pipe.fileHandleForWriting.write(Data(text.utf8)) }
    func close() { try? pipe.fileHandleForWriting.close() }
}

/// Fraction of the ring's centre line drawn in the full content colour on a screenshot.
func ringCoverage(_ shot: Screenshot, around f: Rect) -> Double {
    var lit = 0
    for i in 0..<360 {
        let a = -Double.pi / 2 + (Double(i) + 0.5) / 360 * 2 * Double.pi
        let p = shot.pixel(x: Int(f.midX + 17.5 * cos(a)), y: Int(f.midY + 17.5 * sin(a)))
        if p.red > 0.5 { lit += 1 }
    }
    return Double(lit) / 360
}

/// The ring's coverage on `display` once `accepts` holds for it (the eased ring has got there: it takes 0.2 s), or
/// the last one seen after `timeout` seconds.
func ringCoverage(display: String, around f: Rect, timeout: Double = Expected.upTo(3),
                  until accepts: (Double) -> Bool) throws -> Double {
    try Tools.waitFor(timeout: timeout, { ringCoverage(try screenshot(display: display), around: f) }, until: accepts)
}

/// The stdin protocol end to end: a real binary reading a real pipe, on a private Xvfb.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct FeedTests {
    @Test func seqIntoTheHUDExitsZeroAtEndOfInput() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--label", "Counting"], display: display, input: producer.pipe)
        producer.write((0...100).map(String.init).joined(separator: "\n") + "\n")
        producer.close()
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        #expect(exit.seconds < 2)
        #expect(hud.errorOutput.isEmpty)
    }

    @Test func hashLinesChangeTheLabelOnScreen() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--text", "Go"], display: display, input: producer.pipe)
        let id = try hud.waitForWindow(display: display)
        producer.write("10\n")
        let before = try WindowInfo.settled(id: id, display: display).width
        producer.write("# Copying a rather long file name\n")
        var after = before
        _ = try Tools.waitUntil(timeout: 3) {
            after = try WindowInfo(id: id, display: display).width
            return after > before
        }
        #expect(after > before + 100, "the bezel did not grow for the longer label (\(before) → \(after))")
        producer.close()
        #expect(hud.waitForExit(timeout: 5)?.status == 0)
    }

    /// How fast a flood is read is the benchmark's (BENCHMARKS.md, "Flood": about 0.1 s for a million lines): here
    /// only that all of it is read, without a hang, and its last value is what the ring shows.
    @Test func aMillionLinesAreAllConsumedAndTheLastValueIsShown() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--label", "Saving"], display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        var text = ""
        text.reserveCapacity(3_000_000)
        for i in 0..<1_000_000 { text += String(i % 100) + "\n" }
        text += "100\n"
        // The pipe holds 64 KiB, so the write returns only once the HUD has read nearly everything.
        let start = Date()
        producer.write(text)
        let seconds = Date().timeIntervalSince(start)
        // A limit for a hang, not a speed: a loaded machine or a sanitizer is many times slower, minutes still fail.
        #expect(seconds < Sanitizer.upTo(30), "took \(seconds) s to consume a million lines")
        let ring = try #require(Expected.layout().indicator)
        let covered = try ringCoverage(display: display, around: ring) { $0 > 0.97 }
        #expect(covered > 0.97, "ring shows \(covered), not 100 %")
        producer.close()
        #expect(hud.waitForExit(timeout: 5)?.status == 0)
    }

    @Test func progressOnScreenFollowsTheInput() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--label", "Saving"], display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        let ring = try #require(Expected.layout().indicator)
        producer.write("25\n")
        let quarter = try ringCoverage(display: display, around: ring) { abs($0 - 0.25) < 0.04 }
        producer.write("75\n")
        let threeQuarters = try ringCoverage(display: display, around: ring) { abs($0 - 0.75) < 0.04 }
        #expect(abs(quarter - 0.25) < 0.04, "\(quarter)")
        #expect(abs(threeQuarters - 0.75) < 0.04, "\(threeQuarters)")
        producer.close()
        _ = hud.waitForExit(timeout: 5)
    }

    @Test func badInputWarnsAndTheHUDKeepsTheLastGoodState() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--label", "Saving"], display: display, input: producer.pipe)
        _ = try hud.waitForWindow(display: display)
        let ring = try #require(Expected.layout().indicator)
        producer.write("60\n")
        _ = try ringCoverage(display: display, around: ring) { abs($0 - 0.6) < 0.04 }
        producer.pipe.fileHandleForWriting.write(Data([0x00, 0xFF, 0xFE, 0x0A]))
        producer.write("{\"progress\": \n nan\n-inf\n" + String(repeating: "x", count: 200_000) + "\n")
        // Fixed: nothing may happen (the HUD neither dies nor changes), and there is no state to wait for.
        usleep(800_000)
        #expect(hud.waitForExit(timeout: 0.1) == nil, "the HUD died on bad input")
        let covered = ringCoverage(try screenshot(display: display), around: ring)
        #expect(abs(covered - 0.6) < 0.04, "ring shows \(covered) after garbage, not the last good 60 %")
        producer.close()
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        let lines = hud.errorOutput.split(separator: "\n")
        #expect(!lines.isEmpty && lines.count <= 5, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("x11hud: stdin") })
    }

    @Test func autoCloseHidesAtOneHundredPercent() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--auto-close"], display: display, input: producer.pipe)
        let id = try hud.waitForWindow(display: display)
        producer.write("50\n")
        // Half way, it stays up (the ring has eased there and the window is still).
        _ = try WindowInfo.settled(id: id, display: display)
        #expect(try hud.visibleWindow(display: display) != nil)
        producer.write("100\n")  // the pipe stays open: only --auto-close can hide it
        #expect(try Tools.waitUntil(timeout: 1.5) { try hud.visibleWindow(display: display) == nil })
        // Hidden, x11hud reads on to the end of the input, so the producer is not killed by SIGPIPE.
        producer.write("more output\n")
        #expect(hud.waitForExit(timeout: 0.3) == nil)
        producer.close()
        #expect(hud.waitForExit(timeout: 2)?.status == 0)
    }

    @Test func hiddenByHideAfterItReadsTheInputToItsEndButNotAnIdlePipe() throws {
        let display = try server().display
        // A producer that has written is waited for: it must not die of SIGPIPE.
        let producer = Producer()
        let hud = try HUDProcess(["--hide-after", "0.3"], display: display, input: producer.pipe)
        producer.write("10\n")
        #expect(try Tools.waitUntil(timeout: 2) { try hud.visibleWindow(display: display) == nil })
        #expect(hud.waitForExit(timeout: 0.5) == nil, "exited before the input ended")
        producer.close()
        #expect(hud.waitForExit(timeout: 2)?.status == 0)
        // A pipe that never carried anything (ssh's, a launcher's) is not a producer: no waiting.
        let idle = Producer()
        let quick = try HUDProcess(["--hide-after", "0.3"], display: display, input: idle.pipe)
        let exit = try #require(quick.waitForExit(timeout: 2), "an idle pipe held x11hud after it hid")
        #expect(exit.status == 0)
        idle.close()
    }

    @Test func endOfInputWaitsForTheMinimumShowTime() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--min-show", "1.5"], display: display, input: producer.pipe)
        producer.write("50\n")
        producer.close()
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        #expect(exit.seconds >= 1.75 && exit.seconds < Expected.upTo(2.6), "exited after \(exit.seconds) s")
    }

    @Test func hideAfterAutoGivesTimeToRead() throws {
        let display = try server().display
        // "Volume 40%": 10 characters → 1.25 + 0.3 s, then the 0.3 s fade.
        let hud = try HUDProcess(["--mode", "text", "--label", "Volume 40%", "--hide-after", "auto"], display: display)
        let exit = try #require(hud.waitForExit(timeout: 5))
        #expect(exit.status == 0)
        #expect(exit.seconds >= 1.8 && exit.seconds < Expected.upTo(2.5), "exited after \(exit.seconds) s")
    }

    @Test func aClickOnTheBezelDismissesWithDismissOnClick() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments + ["--dismiss-on-click"], display: display)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        let b = Expected.layout().bezel
        try Tools.run("xdotool", ["mousemove", String(Int(b.minX) + 6), String(Int(b.midY)), "click", "1"],
                      display: display)
        let exit = try #require(hud.waitForExit(timeout: 3))
        #expect(exit.status == 1)
    }

    @Test func jsonLinesSetEverythingAndAnIconEndsTheJob() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--mode", "bar"], display: display, input: producer.pipe)
        let id = try hud.waitForWindow(display: display)
        producer.write(#"{"progress":0.5,"label":"Backup","details":"1 of 2"}"# + "\n")
        let bar = try WindowInfo.settled(id: id, display: display).width
        producer.write(#"{"icon":"success","label":"Done","details":"","hide":0.2}"# + "\n")
        let width = try Tools.waitFor(timeout: Expected.upTo(2), { try WindowInfo(id: id, display: display).width },
                                      until: { $0 < 160 })
        #expect(bar >= 160, "the bar's bezel is \(bar) pixels wide")
        #expect(width < 160, "the bar (160 pt bezel) was not replaced by the 77 pt icon bezel: \(width)")
        #expect(try Tools.waitUntil(timeout: 2) { try hud.visibleWindow(display: display) == nil })
        // Hidden by the line, x11hud reads the input to its end before exiting.
        producer.close()
        let exit = try #require(hud.waitForExit(timeout: 3))
        #expect(exit.status == 0)
    }

    /// The main loop (SystemLoop) polls the X connection, the frame timer and standard input on the main thread: a
    /// line and its frames wake that thread alone. Under `dispatchMain()` the main thread ended, and each frame woke
    /// libdispatch's manager thread and a pool thread besides (about 8 wake-ups per update here); with a reading
    /// thread of its own, stdin woke it once per line besides.
    @Test func linesAndFramesWakeOnlyTheMainThread() throws {
        let display = try server().display
        let producer = Producer()
        let hud = try HUDProcess(["--mode", "annular", "--label", "x"], display: display, input: producer.pipe)
        producer.write("0\n")
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        func wakeUps() throws -> [Int32: Int] {
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(hud.pid)/task")
            var counts: [Int32: Int] = [:]
            for task in tasks {
                // ThreadSanitizer's own background thread (named like the process) wakes ten times a second.
                let comm = try? String(contentsOfFile: "/proc/\(hud.pid)/task/\(task)/comm", encoding: .utf8)
                if Sanitizer.name == "thread", task != String(hud.pid), comm == "x11hud\n" { continue }
                guard let tid = Int32(task),
                      let status = try? String(contentsOfFile: "/proc/\(hud.pid)/task/\(task)/status",
                                               encoding: .utf8),
                      let line = status.split(separator: "\n")
                          .first(where: { $0.hasPrefix("voluntary_ctxt_switches") }),
                      let n = Int(line.split(separator: "\t").last ?? "")
                else { continue }
                counts[tid] = n
            }
            return counts
        }
        let before = try wakeUps()
        let updates = 20
        for i in 1...updates {
            producer.write("\(i)\n")
            usleep(50_000)
        }
        let after = try wakeUps()
        let woke = after.map { tid, n in (tid, n - (before[tid] ?? 0)) }
        let main = woke.first { $0.0 == hud.pid }?.1 ?? 0
        let others = woke.filter { $0.0 != hud.pid }.map(\.1).reduce(0, +)
        #expect(main >= updates, "the main thread does not serve the updates: \(woke)")
        // A reading thread would wake once per line, a pool or manager thread once per frame at least.
        #expect(others <= updates / 4, "threads other than the main one woke \(others) times for \(updates) updates")
        producer.close()
        #expect(hud.waitForExit(timeout: 5)?.status == 0)
    }
}
