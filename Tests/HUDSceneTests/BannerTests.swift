import HUDScene
import HUDTestSupport
import Testing

@Suite struct BannerTests {
    private func style() -> HUDStyle {
        var s = HUDStyle.theme(.dark)
        s.banner = true
        s.animation = .slide
        return s
    }

    @Test func sitsAtTheTopWithTitleAndMessageFromTheLeadingEdge() {
        let area = Rect(x: 0, y: 30, width: 1280, height: 690)  // below a 30-point panel
        let content = HUDContent(mode: .text, label: "Backup finished", details: "1,204 files copied")
        let layout = HUDLayout(content: content, style: style(), area: area, measurer: FixedMetrics())
        #expect(layout.bezel.minY == 38, "ProgressHUD's 8 points below the top of the work area")
        #expect(layout.bezel.width == HUDLayout.bannerMaxWidth)
        #expect(layout.bezel.midX == area.midX)
        let title = try! #require(layout.label), message = try! #require(layout.details)
        #expect(title.frame.minX == layout.bezel.minX + 16 && message.frame.minX == title.frame.minX)
        #expect(title.block.leading && title.block.maxLines == 1 && message.block.maxLines == 2)
        #expect(message.frame.minY > title.frame.maxY)
        #expect(layout.indicator == nil && layout.button == nil)
    }

    @Test func narrowAreasGetSixteenPointsEachSide() {
        let layout = HUDLayout(content: HUDContent(mode: .text, label: "Saved"), style: style(),
                               area: Rect(x: 0, y: 0, width: 300, height: 500), measurer: FixedMetrics())
        #expect(layout.bezel.minX == 16 && layout.bezel.width == 268)
    }

    @Test func slidesDownFromAboveTheAreaAndBackUp() {
        var scene = HUDScene(content: HUDContent(mode: .text, label: "Saved"), style: style(),
                             area: Rect(x: 0, y: 0, width: 800, height: 600))
        scene.show(at: 0)
        let start = scene.snapshot(at: 0, measurer: FixedMetrics())
        #expect(start.presentedBezel.maxY <= 0.001, "starts just above the area")
        let mid = scene.snapshot(at: 0.1, measurer: FixedMetrics())
        #expect(mid.presentedBezel.minY < start.layout.bezel.minY && mid.presentedBezel.maxY > 0)
        #expect(scene.snapshot(at: 0.3, measurer: FixedMetrics()).presentedBezel == start.layout.bezel)
        scene.hide(at: 1)
        let leaving = scene.snapshot(at: 1.1, measurer: FixedMetrics())
        #expect(leaving.presentedBezel.minY < leaving.layout.bezel.minY && leaving.presentation.opacity < 1)
    }
}
