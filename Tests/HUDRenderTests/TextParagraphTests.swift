internal import CCairo
@testable import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Line limits across paragraphs: Pango holds a negative height per paragraph, so seven one-line paragraphs showed
/// seven lines where five were asked (a notification body of short lines).
@Suite(.ownThreads) struct TextParagraphTests {
    let engine = TextEngine(scale: 1, kept: nil, fontsReady: { true })
    let font = try! FontSpec("Sans 12")

    func block(_ text: String, lines: Int? = 5, height: Double? = nil, markup: Bool = false) -> TextBlock {
        TextBlock(text: text, font: font, maxWidth: 300, maxLines: lines, maxHeight: height, markup: markup,
                  leading: true)
    }

    /// The text Pango lays out for `block` (after markup), as shown: what the engine cut it to.
    func shown(_ block: TextBlock) -> String { String(cString: pango_layout_get_text(engine.layout(for: block))) }

    func lineHeight() -> Double { engine.measure(block("a")).height }

    @Test(arguments: ["a\nb\nc\nd\ne\nf", "a\nb\nc\nd\ne\nf\ng", "a\r\nb\r\nc\r\nd\r\ne\r\nf",
                      "a\u{2029}b\u{2029}c\u{2028}d\u{2029}e\u{2028}f"])
    func shortLinesAreCutAtTheLimitWithAnEllipsis(_ text: String) {
        let b = block(text)
        #expect(engine.lineCount(b) == 5)
        #expect(engine.isEllipsized(b))
        #expect(shown(b).hasSuffix("e…"))
        #expect(abs(engine.measure(b).height - engine.measure(block("a\nb\nc\nd\ne")).height) <= 1)
    }

    @Test func markupKeepsItsAttributesAndIsCutTheSame() {
        // The sixth line opens with a tag right after the line feed: no attribute may start inside the ellipsis.
        let b = block("<b>Build</b> failed\nb\n<i>c</i>\nd\n<span alpha=\"60%\">e</span>\n<b>f</b>\ng", markup: true)
        #expect(engine.lineCount(b) == 5)
        #expect(engine.isEllipsized(b))
        #expect(shown(b) == "Build failed\nb\nc\nd\ne…")
        let plain = block("Build failed\nb\nc\nd\ne")
        #expect(engine.measure(b).width > engine.measure(plain).width)  // "Build" still bold
    }

    @Test func aWrappedParagraphThenShortOnes() {
        let long = String(repeating: "wrapped words ", count: 40)
        let b = block(long + "\nx\ny\nz")
        #expect(engine.lineCount(b) == 5)
        #expect(engine.isEllipsized(b))
        let long3 = String(repeating: "wrapped words ", count: 9)
        let three = block(long3 + "\nx\ny\nz")
        #expect(engine.lineCount(block(long3, lines: 100)) == 3)
        #expect(engine.lineCount(three) == 5 && engine.isEllipsized(three))
        #expect(shown(three).hasSuffix("\nx\ny…"))
    }

    @Test func shortLinesThenAWrappedOneArePangosToEllipsize() {
        let b = block("a\nb\nc\nd\n" + String(repeating: "long last paragraph ", count: 20))
        #expect(engine.lineCount(b) == 5)
        #expect(engine.isEllipsized(b))
        #expect(!shown(b).hasSuffix("…"))  // not cut here: Pango's own ellipsis ends the line
    }

    @Test func textThatFitsIsUnchanged() {
        for text in ["a\nb\nc", "a\nb\nc\nd\ne", "one paragraph"] {
            let b = block(text)
            #expect(!engine.isEllipsized(b), "\(text)")
            #expect(shown(b) == text)
        }
        // Blank lines past the limit hide nothing: they go, without an ellipsis.
        let blank = block("a\nb\nc\nd\ne\n\n \n")
        #expect(engine.lineCount(blank) == 5 && !engine.isEllipsized(blank) && shown(blank) == "a\nb\nc\nd\ne")
        #expect(engine.lineCount(block("a\nb\nc")) == 3)
    }

    @Test func oneLineLimitShowsTheFirstLine() {
        let b = block("first\nsecond", lines: 1)
        #expect(engine.lineCount(b) == 1 && engine.isEllipsized(b) && shown(b) == "first…")
    }

    @Test func aHeightLimitEndsInAnEllipsisToo() {
        let h = lineHeight()
        let b = block("a\nb\nc\nd\ne\nf", lines: nil, height: 3.5 * h)
        #expect(engine.lineCount(b) == 3)
        #expect(engine.isEllipsized(b))
        #expect(shown(b).hasSuffix("c…"))
        let fits = block("a\nb\nc", lines: nil, height: 3.5 * h)
        #expect(engine.lineCount(fits) == 3 && !engine.isEllipsized(fits))
    }
}

extension TextParagraphTests {
    static let mixedHeights = [
        "<big>a</big>\nb\n<big>c</big>\nd\ne\nf", "a\nb\nc\n<span size=\"xx-large\">d</span>\ne\nf",
        "a\nb\n<span size=\"xx-large\">c</span>\nd\ne\nf", "a\nb\nc\nd\n<span size=\"xx-large\">e</span>\nf",
        "a\nb\nc\nd\n<span size=\"xx-small\">e</span>\nf", "🎉\nb\n保存中\nd\nجارٍ\nf",
        "a\nb\nc\n<big>d</big>\n" + String(repeating: "long last paragraph ", count: 20),
        "a\nb\nc\n🎉\n" + String(repeating: "long last paragraph ", count: 20) + "\nz",
    ]

    /// Pango's positive height guesses from the line before; the cut does not depend on that guess when it can.
    @Test(arguments: mixedHeights)
    func linesOfDifferentHeights(_ text: String) {
        let b = block(text, markup: true)
        #expect(engine.lineCount(b) == 5)
        #expect(engine.isEllipsized(b))
    }
}
