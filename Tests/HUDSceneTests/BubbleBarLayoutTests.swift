import HUDScene
import HUDTestSupport
import Testing

/// Issue 39 item 2: a bubble in `.bar` mode (a download's progress) keeps its picture at the left and its text beside
/// it, and has the bar under the text, as wide as the text column; the buttons stay under everything. Fixed metrics:
/// a character half the font size wide, a line 1.25 font sizes tall.
@Suite struct BubbleBarLayoutTests {
    private static let area = BubbleFixture.area

    private func style(_ configure: (inout HUDStyle) -> Void = { _ in }) -> HUDStyle { BubbleFixture.style(configure) }

    private func layout(_ content: HUDContent, _ style: HUDStyle? = nil) -> HUDLayout {
        BubbleFixture.layout(content, style)
    }

    // Kept as the asset, not as the enum: a class reference inside an enum payload carries the case in its spare
    // bits, where LeakSanitizer does not see a pointer, and reported the asset of a static as leaked.
    private static let image = try! ImageAsset(rows: [UInt8](repeating: 255, count: 96 * 96 * 4), width: 96,
                                               height: 96, rowstride: 96 * 4, channels: 4, name: "test")
    private static var picture: CustomIndicator { .image(image) }

    private static func copying(picture: CustomIndicator? = nil, actions: [String] = []) -> HUDContent {
        var c = HUDContent(mode: .bar, progress: 0.42, label: "Copying files", details: "42%", custom: picture)
        c.actions = actions
        return c
    }

    /// Every part's rectangle, named, for the overlap checks.
    private func parts(_ l: HUDLayout) -> [(String, Rect)] {
        var all: [(String, Rect)] = []
        if let r = l.indicator { all.append(("bar", r)) }
        if let r = l.sideImage { all.append(("picture", r)) }
        if let t = l.label { all.append(("label", t.frame)) }
        if let t = l.details { all.append(("details", t.frame)) }
        for (i, b) in l.buttons.enumerated() { all.append(("button \(i)", b.frame)) }
        return all
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func inside(_ r: Rect, _ bezel: Rect) -> Bool {
        r.minX >= bezel.minX && r.maxX <= bezel.maxX && r.minY >= bezel.minY && r.maxY <= bezel.maxY
    }

    /// No two parts overlap, and each is inside the bezel less its padding.
    private func checkApart(_ l: HUDLayout, _ name: String) {
        let padded = Rect(x: l.bezel.minX + 12, y: l.bezel.minY + 12, width: l.bezel.width - 24,
                          height: l.bezel.height - 24)
        let all = parts(l)
        for (i, (a, ra)) in all.enumerated() {
            #expect(inside(ra, padded), "\(name): \(a) \(ra) outside \(padded)")
            for (b, rb) in all[(i + 1)...] { #expect(!overlaps(ra, rb), "\(name): \(a) \(ra) overlaps \(b) \(rb)") }
        }
    }

    @Test func theBarSpansTheTextColumnUnderTheText() throws {
        let l = layout(Self.copying())
        let bar = try #require(l.indicator), label = try #require(l.label), details = try #require(l.details)
        #expect(l.sideImage == nil)
        // The text column's width and leading edge: the bezel less its padding.
        #expect(bar.minX == label.frame.minX && bar.minX == l.bezel.minX + 12 && bar.width == 350 - 24)
        #expect(bar.maxX == l.bezel.maxX - 12)
        // MBBarProgressView's height, 6 points under the body.
        #expect(bar.height == Indicator.barSize.height && bar.minY == details.frame.maxY + 6, "\(bar) \(details)")
        // 14-point summary (18), 2, 12-point body (15), 6, bar (10), within 12 of padding.
        #expect(l.bezel.height == 12 + 18 + 2 + 15 + 6 + 10 + 12, "\(l.bezel)")
        #expect(l.bezel.width == 350 && l.bezel.maxX == 1280 - 20 && l.bezel.minY == 20)
        checkApart(l, "no picture")
    }

    @Test func thePictureStaysAtTheLeftAndTheBarUnderTheTextBesideIt() throws {
        let l = layout(Self.copying(picture: Self.picture))
        let picture = try #require(l.sideImage), bar = try #require(l.indicator), label = try #require(l.label)
        #expect(picture.width == 48 && picture.height == 48 && picture.minX == l.bezel.minX + 12)
        #expect(label.frame.minX == picture.maxX + 10)
        #expect(bar.minX == label.frame.minX && bar.maxX == l.bezel.maxX - 12 && bar.width == 350 - 24 - 48 - 10)
        #expect(bar.minY == (try #require(l.details)).frame.maxY + 6)
        // The text and the bar (51 points) are taller than the picture, which is centred beside them.
        #expect(label.frame.minY == l.bezel.minY + 12 && l.bezel.height == 12 + 51 + 12)
        #expect(abs(picture.midY - (label.frame.minY + bar.maxY) / 2) <= 1, "\(picture) \(bar)")
        checkApart(l, "a picture")

        // A bar with a summary alone: no gap of a missing body, and a short column centred beside the picture.
        var short = Self.copying(picture: Self.picture)
        short.details = ""
        let s = layout(short)
        let sBar = try #require(s.indicator), sLabel = try #require(s.label), sPicture = try #require(s.sideImage)
        #expect(sBar.minY == sLabel.frame.maxY + 6 && s.bezel.height == 12 + 48 + 12)
        #expect(abs(sPicture.midY - (sLabel.frame.minY + sBar.maxY) / 2) <= 1)
        checkApart(s, "summary alone")
    }

    @Test func theButtonsStayUnderTheBar() throws {
        for picture in [nil, Self.picture] {
            let l = layout(Self.copying(picture: picture, actions: ["Pause", "Cancel", "Show in folder"]))
            let bar = try #require(l.indicator)
            #expect(l.buttons.count == 3)
            for button in l.buttons { #expect(button.frame.minY >= bar.maxY + 8, "\(button.frame) \(bar)") }
            if let picture = l.sideImage { #expect(l.buttons[0].frame.minY >= picture.maxY + 8) }
            #expect(l.bezel.maxY == (l.buttons.map(\.frame.maxY).max() ?? 0) + 12)
            checkApart(l, picture == nil ? "buttons" : "buttons and a picture")
        }
    }

    @Test func theBarWithItsPercentageKeepsItsHeightAndTheLayoutHoldsNoProgress() throws {
        // With the percentage (`show-value`), the bar is as high as its text box and still spans the column.
        let l = layout(Self.copying(), style { $0.showsValue = true })
        let bar = try #require(l.indicator)
        #expect(bar.height == 16 && bar.width == 350 - 24)
        // Progress never changes a layout: the renderer keeps one while the bar eases.
        var later = Self.copying(picture: Self.picture)
        later.progress = 0.9
        #expect(layout(later) == layout(Self.copying(picture: Self.picture)))
        // Another mode draws no bar in a bubble: a picture alone is the indicator, as before.
        var plain = Self.copying(picture: Self.picture)
        plain.mode = .custom
        #expect(layout(plain).sideImage == nil && layout(plain).indicator?.width == 48)
        // The bar's fill travels the bubble's column, not MBBarProgressView's 120 points.
        let indicator = try #require(Indicator(content: Self.copying(), style: style()))
        #expect(indicator.progressTravel == Double(350 - 24 - 8))
        #expect(Indicator(content: Self.copying(), style: .theme(.dark))?.progressTravel == Double(120 - 8))
    }
}
