import HUDScene
import ProgressFeed
import Testing

func parse(_ line: String, scan: Bool = true) -> FeedEvent {
    var bytes = Array(line.utf8)
    return bytes.withUnsafeMutableBytes { FeedParser(scanPercentages: scan).parse(UnsafeRawBufferPointer($0)) }
}

func progress(_ e: FeedEvent) -> Double? {
    switch e {
    case .update(let u), .partial(let u, _): return u.progress
    default: return nil
    }
}

func isWarning(_ e: FeedEvent) -> Bool {
    if case .warning = e { return true }
    return false
}

@Suite struct FeedParserTests {
    @Test(arguments: [("45", 0.45), ("45.5", 0.455), ("45%", 0.45), ("0", 0.0), ("100", 1.0), ("  7 ", 0.07),
                      ("100%", 1.0), ("3.", 0.03), (".5", 0.005)])
    func zenityNumbers(_ line: String, _ expected: Double) {
        #expect(parse(line) == .update(FeedUpdate(progress: expected)))
    }

    @Test func hashSetsTheLabel() {
        #expect(parse("# Copying file 3 of 9") == .update(FeedUpdate(label: "Copying file 3 of 9")))
        #expect(parse("#") == .update(FeedUpdate(label: "")))
        #expect(parse("#50") == .update(FeedUpdate(label: "50")))
    }

    @Test func jsonSetsAnySubset() {
        let e = parse(#"{"progress":0.45,"label":"Copying","details":"a.txt","mode":"bar","icon":"success","hide":1.5}"#)
        #expect(e == .update(FeedUpdate(progress: 0.45, label: "Copying", details: "a.txt", mode: .bar, icon: .success,
                                        hideAfter: 1.5)))
        #expect(parse(#"{"label":"x"}"#) == .update(FeedUpdate(label: "x")))
        #expect(parse(#"{"progress":1}"#) == .update(FeedUpdate(progress: 1)))
        #expect(parse(#"{"spinner":"pacman-progress","icon":"added"}"#)
            == .update(FeedUpdate(icon: .added, spinner: .pacmanProgress)))
        #expect(isWarning(parse(#"{"spinner":"wheel"}"#)))
    }

    @Test func rsyncProgress2TakesTheLastPercentage() {
        #expect(progress(parse("      1,234,567  45%    1.23MB/s    0:00:12 (xfr#3, to-chk=5/10)")) == 0.45)
        #expect(progress(parse("  1,234,567 100%  1.23MB/s 0:00:12")) == 1)
    }

    @Test func curlBarTakesTheLastPercentage() {
        #expect(progress(parse("######################                                    45.6%")) == 0.456)
        #expect(progress(parse("  % Total    % Received % Xferd  Average Speed")) == nil)
    }

    @Test func zenityLabelsThatLookLikeNumbersStayLabels() {
        #expect(parse("# 45%") == .update(FeedUpdate(label: "45%")))
        #expect(parse("## 45% done") == .update(FeedUpdate(label: "# 45% done")))
    }

    @Test func jsonBooleansAreNotNumbers() {
        #expect(isWarning(parse(#"{"progress":true}"#)))
        #expect(isWarning(parse(#"{"hide":-1}"#)))
        #expect(isWarning(parse(#"{"progress":1e999}"#)))
    }

    @Test func noScanIgnoresDecoratedLines() {
        #expect(isWarning(parse("  1,234,567  45%  1.23MB/s", scan: false)))
        #expect(progress(parse("45", scan: false)) == 0.45)
    }

    @Test func outOfRangeIsClampedWithAWarning() {
        guard case .partial(let u, let w) = parse("150") else { Issue.record("150 not clamped"); return }
        #expect(u.progress == 1)
        #expect(w.contains("150"))
        #expect(progress(parse("-5")) == 0)
        #expect(progress(parse(#"{"progress":7}"#)) == 1)
    }

    @Test(arguments: ["nan", "NaN%", "inf", "-inf", "infinity", "1e999"])
    func nonFiniteIsIgnored(_ line: String) {
        #expect(isWarning(parse(line)), "\(line) → \(parse(line))")
    }

    @Test func emptyLinesAreNothing() {
        #expect(parse("") == .nothing)
        #expect(parse("   \t ") == .nothing)
    }

    @Test(arguments: [
        "hello", "{", "{\"progress\":", "{\"progress\":\"abc\"}", "[1,2,3]", "{\"mode\":\"wheel\"}",
        "\u{1}\u{2}\u{3}\u{7f}", "50 percent", "%", "%%%", ".", "..5", "1.2.3",
    ])
    func badLinesWarnWithoutAnUpdate(_ line: String) {
        let e = parse(line)
        #expect(isWarning(e), "\(line.debugDescription) → \(e)")
    }

    @Test func jsonWithSomeBadKeysKeepsTheGoodOnes() {
        guard case .partial(let u, let w) = parse(#"{"label":"ok","mode":"wheel","bogus":1}"#) else {
            Issue.record("not partial"); return
        }
        #expect(u.label == "ok" && u.mode == nil)
        #expect(w.contains("wheel") && w.contains("bogus"))
    }

    @Test func invalidUTF8InALabelBecomesReplacementCharacters() {
        var bytes: [UInt8] = Array("#caf".utf8) + [0xC3, 0x28] + Array(" ok".utf8)
        let e = bytes.withUnsafeMutableBytes { FeedParser().parse(UnsafeRawBufferPointer($0)) }
        guard case .update(let u) = e, let label = u.label else { Issue.record("no label: \(e)"); return }
        #expect(label.contains("\u{FFFD}"))
        #expect(label.hasPrefix("caf") && label.hasSuffix("ok"))
    }

    @Test func warningsQuoteOnlyAPrintableExcerpt() {
        guard case .warning(let w) = parse(String(repeating: "\u{1}garbage", count: 100)) else {
            Issue.record("no warning"); return
        }
        #expect(!w.unicodeScalars.contains { $0.value < 0x20 })
        #expect(w.count < 140)
    }
}
