import HUDBase
import ProgressFeed
import Testing

func split(_ chunks: [[UInt8]], max: Int = 64 * 1024, backspace: Bool = false) -> [(String, Bool)] {
    var splitter = LineSplitter(maxLineLength: max, breaksOnBackspace: backspace)
    var lines: [(String, Bool)] = []
    for var chunk in chunks {
        chunk.withUnsafeMutableBytes { buffer in
            splitter.push(UnsafeRawBufferPointer(buffer)) { lines.append((String(decoding: $0, as: UTF8.self), $1)) }
        }
    }
    splitter.finish { lines.append((String(decoding: $0, as: UTF8.self), $1)) }
    return lines
}

@Suite struct LineSplitterTests {
    @Test func splitsOnNewlineAndCarriageReturn() {
        let lines = split([Array("10\n20\r30\r\n40".utf8)]).map(\.0)
        #expect(lines == ["10", "20", "30", "", "40"])
    }

    // 7-Zip's redraw: back over the frame, blank it, back again, the next frame.
    @Test func splitsOnBackspaceOnlyWhenAsked() {
        let redraw = Array("  7% + a\u{08}\u{08}\u{08}   \u{08}\u{08}\u{08} 10% 1 + b".utf8)
        #expect(split([redraw], backspace: true).map(\.0) == ["  7% + a", "", "", "   ", "", "", " 10% 1 + b"])
        #expect(split([redraw]).count == 1)
    }

    @Test func joinsLinesAcrossChunks() {
        let lines = split([Array("1".utf8), Array("2\n3".utf8), Array("4\n".utf8)]).map(\.0)
        #expect(lines == ["12", "34"])
    }

    @Test func capsLongLinesAndDropsTheRest() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        let lines = split([long, long, Array("\n42\n".utf8)], max: 50)
        #expect(lines.count == 2)
        #expect(lines[0].0.count == 50 && lines[0].1)
        #expect(lines[1] == ("42", false))
    }

    @Test func capsALongLineWithinOneChunk() {
        let lines = split([Array((String(repeating: "y", count: 80) + "\n5\n").utf8)], max: 10)
        #expect(lines.map(\.0) == [String(repeating: "y", count: 10), "5"])
        #expect(lines.map(\.1) == [true, false])
    }

    @Test func unterminatedHugeInputUsesBoundedMemory() {
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        let lines = split(Array(repeating: chunk, count: 10), max: 1024)
        #expect(lines.count == 1)
        #expect(lines[0].0.utf8.count == 1024 && lines[0].1)
    }
}

@Suite struct WarningGateTests {
    @Test func passesABurstThenCountsTheRest() {
        var gate = WarningGate(burst: 2, interval: 5)
        #expect(gate.admit("a", at: 0) == "a")
        #expect(gate.admit("b", at: 1) == "b")
        #expect(gate.admit("c", at: 2) == nil)
        #expect(gate.admit("d", at: 3) == nil)
        #expect(gate.pending == 2)
        #expect(gate.admit("e", at: 5) == "e (2 similar warnings suppressed)")
        #expect(gate.pending == 0)
    }
}
