import HUDScene
import ProgressFeed
import Testing

/// The JSON lines of the input protocol: what the writer (`FeedInbox.jsonLine`, how `--id` hands an update to
/// another process's HUD) writes, the reader reads back, and the keys the documentation lists are the reader's.
@Suite struct JSONLineTests {
    /// Text that JSON must escape or carry as it is: quotes, backslashes, every control character, a slash,
    /// non-ASCII (accents, CJK, an emoji, the line and paragraph separators JavaScript treats as line ends).
    static let awkward = "say \"hi\" \\ back\\slash /slash " + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        .joined() + "\u{7F} café 日本語 🚀 \u{2028}\u{2029} \u{FEFF}end"

    func roundTrip(_ update: FeedUpdate) -> (line: String, event: FeedEvent) {
        var inbox = FeedInbox()
        inbox.take(update)
        return (inbox.jsonLine, parse(inbox.jsonLine))
    }

    @Test func everyKeyIsReadBackAsWritten() {
        let update = FeedUpdate(progress: 1.0 / 3, label: Self.awkward, details: "ünïcødé \"d\" \\ \t\n\r",
                                mode: .annular, icon: .warning, spinner: .pacmanProgress, hideAfter: 2.25,
                                button: "Can\u{0}cel \"now\"", bytesDone: 1_234_567_890_123,
                                bytesTotal: 9_000_000_000_000_000_000, averageRate: 46_932_348)
        let (line, event) = roundTrip(update)
        #expect(event == .update(update), "\(line)")
        // One line: no control character is written as it is, so nothing can split or end it.
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "\(line)")
        for key in JSONKey.all { #expect(line.contains("\"\(key.name)\":"), "\(key.name) missing from \(line)") }
    }

    @Test func everyNameOfEveryChoiceIsReadBack() {
        let updates = HUDMode.allCases.map { FeedUpdate(mode: $0) } + Icon.allCases.map { FeedUpdate(icon: $0) }
            + SpinnerStyle.allCases.map { FeedUpdate(spinner: $0) }
        for update in updates { #expect(roundTrip(update).event == .update(update)) }
    }

    @Test func emptyTextsAndHideAtOnceAreKept() {
        let update = FeedUpdate(label: "", details: "", hideAfter: 0, button: "", bytesDone: 0, bytesTotal: 0)
        #expect(roundTrip(update).event == .update(update))
    }

    @Test func theWriterSortsItsKeysAndLeavesOutWhatIsNotSet() {
        var inbox = FeedInbox()
        #expect(inbox.jsonLine == "{}")
        inbox.take(FeedUpdate(progress: 0.5, label: "a/b", hideAfter: 1, bytesTotal: 10))
        #expect(inbox.jsonLine == #"{"hide":1,"label":"a/b","progress":0.5,"total_bytes":10}"#)
        inbox.ended = true
        #expect(inbox.jsonLine == #"{"hide":1,"label":"a/b","progress":0.5,"total_bytes":10}"#)
    }

    @Test func aNumberThatIsNotFiniteIsLeftOut() {
        var inbox = FeedInbox()
        inbox.take(FeedUpdate(progress: .nan, label: "x", hideAfter: .infinity))
        #expect(inbox.jsonLine == #"{"label":"x"}"#)
    }

    /// The documentation's example of each key is a line that sets that key alone, without a warning, and that the
    /// writer writes the same again.
    @Test func eachKeysExampleIsReadWithoutAWarningAndWrittenBackTheSame() {
        for key in JSONKey.all {
            guard case .update(let update) = parse(key.example) else {
                Issue.record("\(key.example) → \(parse(key.example))")
                continue
            }
            var inbox = FeedInbox()
            inbox.take(update)
            #expect(inbox.jsonLine == key.example)
            #expect(key.example.hasPrefix("{\"\(key.name)\":") && key.example.filter { $0 == ":" }.count == 1)
        }
    }

    @Test func zenitysNamesAreReadAsTheKeysTheyStandFor() {
        #expect(parse(#"{"text":"a","title":"b"}"#) == .update(FeedUpdate(label: "a", details: "b")))
        #expect(JSONKey.all.first { $0.name == "label" }?.aliases == ["text"])
        #expect(JSONKey.all.first { $0.name == "details" }?.aliases == ["title"])
        // Read in the order of the names: of "label" and "text" in one line, "text" is the later.
        #expect(parse(#"{"text":"t","label":"l"}"#) == .update(FeedUpdate(label: "t")))
    }

    /// Each kind of value's warning, word for word, in the order of the keys' names.
    @Test func everyWarningIsWordForWord() {
        let line = #"{"title":4,"text":3,"spinner":2,"progress":7,"mode":"wheel","label":1,"icon":"x","hide":"s","#
            + #""details":[],"button":5,"bytes":-1,"total_bytes":1e19,"zzz":0}"#
        let expected = [
            #""button" must be a string"#, #""bytes" must be a number of bytes, 0 or more"#,
            #""details" must be a string"#, #""hide" must be a number of seconds from 0 to 86400 (one day)"#,
            "unknown icon 'x'", #""label" must be a string"#, "unknown mode 'wheel'", "progress 7 clamped into 0…1",
            "unknown spinner '?'", #""text" must be a string"#, #""title" must be a string"#,
            #""total_bytes" must be a number of bytes, 0 or more"#, "unknown key 'zzz'",
        ]
        #expect(parse(line) == .partial(FeedUpdate(progress: 1), warning: expected.joined(separator: "; ")))
        #expect(parse(#"{"hide":90000,"progress":-0.5}"#)
            == .partial(FeedUpdate(progress: 0, hideAfter: 86_400),
                        warning: "hide 90000 clamped to 86400; progress -0.5 clamped into 0…1"))
        #expect(parse(#"{"progress":"x"}"#) == .warning(#"ignored JSON: "progress" must be a number from 0 to 1"#))
    }
}
