import HUDBase
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
        let e = parse(
            #"{"progress":0.45,"label":"Copying","details":"a.txt","mode":"bar","icon":"success","hide":1.5}"#)
        #expect(e == .update(FeedUpdate(progress: 0.45, label: "Copying", details: "a.txt", mode: .bar, icon: .success,
                                        hideAfter: 1.5)))
        #expect(parse(#"{"label":"x"}"#) == .update(FeedUpdate(label: "x")))
        #expect(parse(#"{"progress":1}"#) == .update(FeedUpdate(progress: 1)))
        #expect(parse(#"{"spinner":"pacman-progress","icon":"added"}"#)
            == .update(FeedUpdate(icon: .added, spinner: .pacmanProgress)))
        #expect(isWarning(parse(#"{"spinner":"wheel"}"#)))
    }

    @Test func rsyncProgress2IsRead() {
        #expect(progress(parse("      1,234,567  45%    1.23MB/s    0:00:12 (xfr#3, to-chk=5/10)")) == 0.45)
        #expect(progress(parse("  1,234,567 100%  1.23MB/s 0:00:12")) == 1)
    }

    @Test func curlBarIsRead() {
        #expect(progress(parse("######################                                    45.6%")) == 0.456)
        #expect(progress(parse("  % Total    % Received % Xferd  Average Speed")) == nil)
    }

    // Issue 22 item 1: between 1.4 % and 2.8 % curl's frame has one '#', padded to the bar's width.
    @Test func aCurlFrameWithOneHashIsProgress() {
        let frame = "#" + String(repeating: " ", count: 74) + "2.1%"
        #expect(progress(parse(frame)) == 0.021)
        #expect(abs((progress(parse("#" + String(repeating: " ", count: 16) + "  1.4%")) ?? 0) - 0.014) < 1e-9)
        #expect(parse("#   2.1%") == .update(FeedUpdate(label: "2.1%")))
        #expect(parse("# 45.0%") == .update(FeedUpdate(label: "45.0%")))
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
        #expect(parse("      1,234,567  45%    1.23MB/s    0:00:12", scan: false) == .nothing)
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

    @Test(arguments: ["{", "{\"progress\":", "{\"progress\":\"abc\"}", "{\"mode\":\"wheel\"}", "{label: x}"])
    func protocolThatFailsWarnsWithoutAnUpdate(_ line: String) {
        let e = parse(line)
        #expect(isWarning(e), "\(line.debugDescription) → \(e)")
    }

    @Test(arguments: [
        "hello", "[1,2,3]", "\u{1}\u{2}\u{3}\u{7f}", "50 percent", "%", "%%%", ".", "..5", "1.2.3",
        "HTTP request sent, awaiting response... 200 OK", "Length: unspecified [text/html]",
        "Setting up rsync (3.2.7-1) ...",
    ])
    func linesThatAreNotProgressAreQuiet(_ line: String) {
        #expect(parse(line) == .nothing, "\(line.debugDescription) → \(parse(line))")
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
        guard case .warning(let w) = parse("{" + String(repeating: "\u{1}garbage", count: 100)) else {
            Issue.record("no warning"); return
        }
        #expect(!w.unicodeScalars.contains { $0.value < 0x20 })
        #expect(w.count < 140)
    }

    // Lines as the tools print them (captured on Debian 12: rsync 3.2.7, curl 7.88, pv 1.6.20, wget 1.21.3).
    @Test(arguments: [
        ("         32,768   0%    0.00kB/s    0:00:00  ", 0.0),
        ("     30,000,000 100%  840.56MB/s    0:00:00 (xfr#1, to-chk=0/2)", 1.0),
        ("          1.23G  45%  123.45MB/s    0:00:12", 0.45),
        (" 14 28.6M   14 4352k    0     0  21.1M      0  0:00:01 --:--:--  0:00:01 21.1M", 0.14),
        ("  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0", 0.0),
        ("#####################                                                     29.7%", 0.297),
        ("4.00MiB 0:00:00 [21.7MiB/s] [=====>                            ] 20% ETA 0:00:00", 0.2),
        ("20.0MiB 0:00:00 [43.1MiB/s] [================================>] 100%", 1.0),
        ("/dev/null            14%[=>                  ]   4.04M  20.0MB/s               ", 0.14),
        ("/dev/null             0%[                    ]       0  --.-KB/s               ", 0.0),
        (" 45% [=======>              ] 463,123,456 12.3M/s  eta 37s", 0.45),
        ("   250K .......... .......... .......... .......... ..........  1% 1.43G 0s", 0.01),
        (" 29250K .......... ......                                  100%  945M=0.03s", 1.0),
    ])
    func knownProgressFormatsAreRead(_ line: String, _ expected: Double) throws {
        let p = try #require(progress(parse(line)), "\(line) was not read")
        #expect(abs(p - expected) < 1e-9)
    }

    @Test(arguments: [
        "(Reading database ... 100%", "(Reading database ... 45%", "Downloaded 100% of one file, 3 more",
        "Progress: 45% done", "3145728000 bytes in 3 files", "time=00:00:01.00 passed",
        "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current",
        "Unpacking libfoo (1.0) ... [ 50%]", "disk 90% full [warning]",
    ])
    func aPercentageInsideOtherTextIsNotProgress(_ line: String) {
        #expect(parse(line) == .nothing, "\(line) → \(parse(line))")
    }

    // dd and pv without a size count bytes but know no fraction: the rate for --details auto, no progress.
    @Test(arguments: [
        ("3145728000 bytes (3.1 GB, 2.9 GiB) copied, 0.047819 s, 65.8 GB/s", 3_145_728_000 as Int64),
        ("4.00MiB 0:00:00 [21.7MiB/s] [<=>                                               ]", 4_194_304),
        ("3.00 B 0:00:00 [ 112KiB/s] [<=>                                                ]", 3),
    ])
    func bytesWithoutAFractionAreNotProgress(_ line: String, _ bytes: Int64) {
        #expect(parse(line) == .update(FeedUpdate(bytesDone: bytes)), "\(line) → \(parse(line))")
    }

    @Test func wgetsLengthLineIsTheTotal() {
        let line = "Length: 30000000 (29M) [application/octet-stream]"
        #expect(parse(line) == .update(FeedUpdate(bytesTotal: 30_000_000)))
    }
}

func zenity(_ line: String, _ rules: ZenityLineRules = ZenityLineRules(program: .zenity)) -> FeedEvent {
    var bytes = Array(line.utf8)
    return bytes.withUnsafeMutableBytes { FeedParser(zenityRules: rules).parse(UnsafeRawBufferPointer($0)) }
}

@Suite struct ZenityLineRulesTests {
    @Test(arguments: [("45", 0.45), ("45.5", 0.455), ("12,5", 0.125), ("45%", 0.45), ("100", 1.0), ("250", 1.0),
                      ("7 files left", 0.07), ("0", 0.0), ("99.9% done", 0.999)])
    func aLineStartingWithADigitIsAPercentage(_ line: String, _ expected: Double) throws {
        let p = try #require(progress(zenity(line)))
        #expect(abs(p - expected) < 1e-9)
    }

    @Test func yadReadsTheIntegerPart() {
        #expect(progress(zenity("45.9", ZenityLineRules(program: .yad))) == 0.45)
    }

    @Test(arguments: [" 45", "(Reading database ... 100%", "Downloaded 100% of one file", "-5", "nan", "", "pulsate",
                      "{\"progress\":1}", "Get:1 http://deb.debian.org bookworm/main amd64 foo 1.0 [100 kB]"])
    func everyOtherLineIsIgnoredQuietly(_ line: String) {
        #expect(zenity(line) == .nothing, "\(line) → \(zenity(line))")
        #expect(zenity(line, ZenityLineRules(program: .yad)) == .nothing)
    }

    @Test func hashSetsZenitysLabelAndYadsProgressText() {
        #expect(zenity("#  Copying file 3  ") == .update(FeedUpdate(label: "Copying file 3")))
        #expect(zenity("# 100%") == .update(FeedUpdate(label: "100%")))
        #expect(zenity("#Step 2", ZenityLineRules(program: .yad)) == .update(FeedUpdate(details: "Step 2")))
        #expect(zenity("#Step 2", ZenityLineRules(program: .yad, hideText: true)) == .nothing)
    }

    @Test func escapesAreResolvedAndMarkupEscapedWhenAsked() {
        #expect(zenity(#"# one\ntwo\t3 \\ \101"#) == .update(FeedUpdate(label: "one\ntwo\t3 \\ A")))
        let rules = ZenityLineRules(program: .zenity, escapeMarkup: true)
        #expect(zenity("# R&D <b>", rules) == .update(FeedUpdate(label: "R&amp;D &lt;b&gt;")))
    }

    @Test func pulsateLinesSwitchTheSpinner() {
        #expect(zenity("pulsate:true") == .update(FeedUpdate(mode: .indeterminate)))
        #expect(zenity("pulsate: FALSE") == .update(FeedUpdate(mode: .bar)))
        #expect(zenity("pulsate:false", ZenityLineRules(program: .zenity, progressMode: .annular))
                == .update(FeedUpdate(mode: .annular)))
        #expect(zenity("pulsate:false", ZenityLineRules(program: .yad)) == .nothing)
    }
}

@Suite struct TimeRemainingTests {
    @Test func estimatesFromTheFirstValue() {
        var eta = TimeRemaining()
        #expect(eta.text(fraction: 0.1, at: 100) == "")
        #expect(eta.text(fraction: 0.25, at: 130) == "Time remaining: 0:01:30")
        #expect(eta.text(fraction: 0.5, at: 3700) == "Time remaining: 1:00:00")
    }

    @Test func zeroAndOneHundredRestartTheClock() {
        var eta = TimeRemaining()
        _ = eta.text(fraction: 0.5, at: 0)
        #expect(eta.text(fraction: 1, at: 50) == "")
        #expect(eta.text(fraction: 0.5, at: 60) == "Time remaining: 0:00:10")
        #expect(eta.text(fraction: 0, at: 70) == "")
    }
}

/// Issue 11: what a line can ask for is held to the documented limits, and what is printed about it is harmless.
@Suite struct FeedLimitTests {
    @Test func aHugeHideIsClampedToADayWithAWarning() {
        guard case .partial(let update, let warning) = parse(#"{"hide":1e18}"#) else {
            Issue.record("expected a clamped update with a warning")
            return
        }
        #expect(update.hideAfter == InputLimits.durationRange.upperBound)
        #expect(warning.contains("clamped"), "\(warning)")
        #expect(isWarning(parse(#"{"hide":-1}"#)))
    }

    @Test func controlCharactersBecomeQuestionMarks() {
        #expect(TerminalText.clean("\u{1B}]0;title\u{07}") == "?]0;title?")
        #expect(TerminalText.clean("plain ünïcode 漢字") == "plain ünïcode 漢字")
        #expect(TerminalText.clean("a\u{FFFD}b\u{9B}c") == "a?b?c")
    }
}
