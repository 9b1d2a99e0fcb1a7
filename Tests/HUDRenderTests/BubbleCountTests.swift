import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 31: a stack's count stays whole beside a summary long enough to be cut (it was part of the summary's text,
/// and went with the ellipsis).
@Suite(.ownThreads) struct BubbleCountTests {
    @Test func aLongSummaryIsCutBeforeTheCountWhichIsDrawnWhole() throws {
        var content = HUDContent(mode: .text, label: String(repeating: "Build failed in a long directory ", count: 4),
                                 details: "make: *** [all] Error 2")
        content.stackCount = 3
        let (canvas, layout, style) = try frame(content, area: Size(width: 600, height: 240)) { s in
            s.bubble = HUDStyle.Bubble()
            s.markup = true
            s.position = .topRight
        }
        let label = try #require(layout.label), count = try #require(layout.count)
        let engine = TextEngine()
        #expect(engine.isEllipsized(label.block) && engine.lineCount(label.block) == 2)
        #expect(!engine.isEllipsized(count.block) && engine.lineCount(count.block) == 1)
        #expect(engine.measure(label.block).width <= count.frame.minX - label.frame.minX - HUDStyle.Bubble.countGap)
        #expect(inkCount(canvas, in: count.frame, against: style.bezelColor) > 15)
        // Between the summary's box and the count: nothing drawn.
        let gap = Rect(x: label.frame.maxX, y: label.frame.minY, width: count.frame.minX - label.frame.maxX,
                       height: label.frame.height)
        #expect(gap.width >= HUDStyle.Bubble.countGap && inkCount(canvas, in: gap, against: style.bezelColor) == 0)
    }
}
