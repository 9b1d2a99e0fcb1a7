import HUDScene
import Testing

@Suite struct HUDLayoutTests {
    @Test func spinnerOnlyBezelIs77Square() {
        let l = layout(HUDContent(mode: .indeterminate))
        #expect(l.bezel.size == Size(width: 77, height: 77))
        #expect(l.indicator == Rect(x: l.bezel.minX + 20, y: l.bezel.minY + 20, width: 37, height: 37))
        #expect(l.bezel.center.near(screen.center))
        #expect(l.bezel.origin.x == l.bezel.origin.x.rounded(), "bezel sits on whole points")
        #expect(l.label == nil && l.details == nil && l.button == nil)
    }

    @Test func spinnerAndLabelStackWithOnePadding() {
        let l = layout(HUDContent(mode: .indeterminate, label: "Saving"))  // 6 × 8 = 48 wide, 20 tall
        #expect(l.bezel.height == 20 + 37 + 4 + 20 + 20)
        #expect(l.bezel.width == 20 + 48 + 20)
        #expect(l.label?.frame.minY == l.indicator!.maxY + 4)
    }

    @Test func paddingOnlyBetweenVisibleItems() {
        // Text mode has no indicator: the label sits directly at the top margin.
        let textOnly = layout(HUDContent(mode: .text, label: "Hi", details: "There"))
        #expect(textOnly.bezel.height == 20 + 20 + 4 + 15 + 20)
        #expect(textOnly.label?.frame.minY == textOnly.bezel.minY + 20)
        // An empty label collapses completely: no padding is left for it.
        let noLabel = layout(HUDContent(mode: .indeterminate, details: "There"))
        #expect(noLabel.bezel.height == 20 + 37 + 4 + 15 + 20)
        #expect(noLabel.details?.frame.minY == noLabel.indicator!.maxY + 4)
    }

    @Test func anIconWithABarSitsBesideIt() throws {
        let l = layout(HUDContent(mode: .bar, progress: 0.5, custom: .icon(.info)))
        let side = try #require(l.sideImage), bar = try #require(l.indicator)
        #expect(side.size == Size(width: 37, height: 37))
        #expect(bar.size == Size(width: 120, height: 10))
        #expect(bar.minX == side.maxX + 10, "the bar starts one gap right of the icon")
        #expect(abs(bar.midY - side.midY) <= 0.5, "both centred on one line (on whole points)")
        #expect(l.bezel.size == Size(width: 20 + 37 + 10 + 120 + 20, height: 20 + 37 + 20))
    }

    @Test func onlyIndicatorModesShowASideImage() {
        #expect(layout(HUDContent(mode: .custom, custom: .icon(.info))).sideImage == nil)
        #expect(layout(HUDContent(mode: .bar)).sideImage == nil)
        #expect(layout(HUDContent(mode: .indeterminate, custom: .icon(.warning))).sideImage != nil)
    }

    @Test func barIs120By10() {
        let l = layout(HUDContent(mode: .bar, progress: 0.5))
        #expect(l.indicator?.size == Size(width: 120, height: 10))
        #expect(l.bezel.size == Size(width: 160, height: 50))
    }

    @Test func buttonIsTitlePlusTwentyAndLast() {
        let l = layout(HUDContent(mode: .annular, label: "Copying", buttonTitle: "Cancel"))
        let button = try! #require(l.button)
        #expect(button.frame.width == 6 * 6 + 20)  // "Cancel" at 12 pt: 6 × 6 wide
        #expect(button.frame.height == 15 + 12)
        #expect(button.frame.minY == l.label!.frame.maxY + 4)
        #expect(button.frame.maxY == l.bezel.maxY - 20)
        #expect(abs(button.frame.midX - l.bezel.midX) <= 0.5)
    }

    @Test func squareMakesSidesEqualAndCentresContent() {
        let l = layout(HUDContent(mode: .text, label: "A much wider label")) { $0.square = true }
        #expect(l.bezel.width == l.bezel.height)
        let label = try! #require(l.label)
        #expect(abs((label.frame.minY - l.bezel.minY) - (l.bezel.maxY - label.frame.maxY)) <= 1)
    }

    @Test func minSizeGrowsTheBezelOnly() {
        let l = layout(HUDContent(mode: .indeterminate)) { $0.minSize = Size(width: 150, height: 100) }
        #expect(l.bezel.size == Size(width: 150, height: 100))
        #expect(l.indicator?.size == Size(width: 37, height: 37))
        #expect(l.indicator!.center.near(l.bezel.center))
        let bigger = layout(HUDContent(mode: .indeterminate)) { $0.minSize = Size(width: 10, height: 10) }
        #expect(bigger.bezel.size == Size(width: 77, height: 77))
    }

    @Test func offsetMovesAndMaxOffsetPinsToAnEdgeMinusMargin() {
        let moved = layout(HUDContent(mode: .indeterminate)) { $0.offset = Point(x: 100, y: -50) }
        #expect(moved.bezel.center.near(Point(x: screen.midX + 100, y: screen.midY - 50)))
        let bottom = layout(HUDContent(mode: .indeterminate)) { $0.offset = Point(x: 0, y: 1_000_000) }
        #expect(bottom.bezel.maxY == screen.maxY - 20)
        #expect(abs(bottom.bezel.midX - screen.midX) <= 0.5)
        let topLeft = layout(HUDContent(mode: .indeterminate)) { $0.offset = Point(x: -1_000_000, y: -1_000_000) }
        #expect(topLeft.bezel.origin == Point(x: 20, y: 20))
    }

    @Test(arguments: Position.allCases)
    func positionsAnchorToEdgesMinusTheMargin(_ position: Position) {
        let area = Rect(x: 100, y: 50, width: 800, height: 600)
        let b = layout(HUDContent(mode: .indeterminate), { $0.position = position }, area: area).bezel
        let expectedX = [-1: area.minX + 20, 0: area.midX - 38.5, 1: area.maxX - 20 - 77][position.horizontal]!
        let expectedY = [-1: area.minY + 20, 0: area.midY - 38.5, 1: area.maxY - 20 - 77][position.vertical]!
        #expect(abs(b.minX - expectedX) <= 0.5 && abs(b.minY - expectedY) <= 0.5, "\(position): \(b)")
    }

    @Test func offsetMovesFromThePositionAndStaysInside() {
        let b = layout(HUDContent(mode: .indeterminate), {
            $0.position = .topRight
            $0.offset = Point(x: -30, y: 40)
        }).bezel
        #expect(b.maxX == screen.maxX - 20 - 30 && b.minY == 20 + 40)
        let pinned = layout(HUDContent(mode: .indeterminate), {
            $0.position = .topRight
            $0.offset = Point(x: 500, y: -9)
        }).bezel
        #expect(pinned.maxX == screen.maxX - 20 && pinned.minY == 20)
    }

    @Test func areaOriginIsRespected() {
        let second = Rect(x: 1280, y: 100, width: 640, height: 480)
        let l = layout(HUDContent(mode: .indeterminate), area: second)
        #expect(l.bezel.center.near(second.center))
    }

    @Test func longTextWrapsAtTheMaximumWidth() {
        let text = String(repeating: "word ", count: 60)
        let l = layout(HUDContent(mode: .text, details: text))
        #expect(l.bezel.width <= 296 + 40)
        #expect(l.details!.frame.height > 15)  // more than one line
    }

    @Test func bezelNeverOutgrowsASmallArea() {
        let small = Rect(x: 0, y: 0, width: 200, height: 200)
        let text = String(repeating: "long details text ", count: 40)
        let l = layout(HUDContent(mode: .indeterminate, label: "Title", details: text), area: small)
        #expect(l.bezel.width <= small.width - 40)
        #expect(l.bezel.height <= small.height - 40)
        #expect(l.bezel.minX >= 20 && l.bezel.minY >= 20)
        #expect(l.details!.frame.height < 60, "details were cut to the height left")
    }

    @Test func customImageFitsThirtySevenPoints() {
        // Pixels made here: the model needs no image decoder.
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 80 * 40 * 4, alignment: 4)
        let image = ImageAsset(path: "wide", width: 80, height: 40, stride: 80 * 4, pixels: pixels,
                               release: { pixels.deallocate() })
        let l = layout(HUDContent(mode: .custom, custom: .image(image)))
        #expect(l.indicator?.size == Size(width: 37, height: 19))
    }
}

extension Point {
    /// Equal within half a point: layout rounds frames to whole points.
    func near(_ other: Point) -> Bool { abs(x - other.x) <= 0.5 && abs(y - other.y) <= 0.5 }
}
