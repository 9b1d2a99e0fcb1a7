import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Renders a frame and returns it with the layout it was drawn from (in points; multiply by `scale` for pixels).
func frame(_ content: HUDContent, theme: Theme = .dark, scale: Double = 1, time: Double? = nil,
           area: Size = Size(width: 320, height: 240), _ configure: (inout HUDStyle) -> Void = { _ in })
    throws -> (canvas: Canvas, layout: HUDLayout, style: HUDStyle)
{
    var style = HUDStyle.theme(theme)
    configure(&style)
    let renderer = HUDRenderer(scale: scale)
    let canvas = try StillFrame.render(content: content, style: style, canvasSize: area, scale: scale, time: time,
                                       renderer: renderer)
    let layout = HUDLayout(content: content, style: style, area: Rect(origin: .zero, size: area),
                           measurer: renderer.text)
    return (canvas, layout, style)
}

func close(_ a: RGBA, _ b: RGBA, tolerance: Double = 0.02) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
        && abs(a.alpha - b.alpha) <= tolerance
}

/// Pixels inside `rect` (points) that differ clearly from `background`.
func inkCount(_ canvas: Canvas, in rect: Rect, scale: Double = 1, against background: RGBA) -> Int {
    let r = rect.scaled(by: scale)
    var n = 0
    for y in Int(r.minY)..<Int(r.maxY) {
        for x in Int(r.minX)..<Int(r.maxX) where !close(canvas.pixel(x: x, y: y), background, tolerance: 0.15) {
            n += 1
        }
    }
    return n
}

@Suite(.ownThreads) struct RenderTests {
    @Test func outsideTheBezelIsTransparent() throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .indeterminate, label: "Loading"))
        #expect(canvas.pixel(x: 0, y: 0).alpha == 0)
        #expect(canvas.pixel(x: canvas.width - 1, y: canvas.height - 1).alpha == 0)
        // The rounded corner leaves the bezel's own corner pixel (almost) clear.
        #expect(canvas.pixel(x: Int(layout.bezel.minX), y: Int(layout.bezel.minY)).alpha < 0.3)
        #expect(canvas.pixel(x: Int(layout.bezel.minX) - 1, y: Int(layout.bezel.midY)).alpha == 0)
    }

    @Test(arguments: Theme.allCases)
    func bezelHasTheThemeColour(_ theme: Theme) throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .indeterminate), theme: theme)
        let p = canvas.pixel(x: Int(layout.bezel.minX) + 8, y: Int(layout.bezel.midY))
        #expect(close(p, style.bezelColor), "bezel pixel \(p) vs \(style.bezelColor)")
    }

    @Test func opaqueFramesPaintTheBezelSolid() throws {
        var style = HUDStyle.theme(.dark)
        style.backgroundColor = RGBA(white: 0, alpha: 0.3)
        let renderer = HUDRenderer()
        var scene = HUDScene(content: HUDContent(mode: .text, label: "x"), style: style,
                             area: Rect(x: 0, y: 0, width: 200, height: 200))
        scene.show(at: 0, animated: false)
        let canvas = try Canvas(width: 200, height: 200)
        renderer.render(scene.snapshot(at: 0, measurer: renderer.text, opaque: true), into: canvas)
        let bezel = scene.layout(measurer: renderer.text).bezel
        #expect(canvas.pixel(x: Int(bezel.minX) + 3, y: Int(bezel.midY)).alpha == 1)
        #expect(canvas.pixel(x: 0, y: 0).alpha == 0)  // no dim layer without a compositor
    }

    @Test func dimBackgroundCoversTheArea() throws {
        let dim = RGBA(white: 0, alpha: 0.4)
        let (canvas, _, _) = try frame(HUDContent(mode: .indeterminate)) { $0.backgroundColor = dim }
        #expect(close(canvas.pixel(x: 0, y: 0), dim))
    }

    /// Walks the ring's centre line and returns which fraction of it is drawn in the full content colour.
    func ringCoverage(_ canvas: Canvas, around f: Rect, radius: Double,
                      scale: Double = 1) -> (fraction: Double, first: Bool, last: Bool) {
        var lit: [Bool] = []
        for i in 0..<720 {
            let a = -Double.pi / 2 + (Double(i) + 0.5) / 720 * 2 * Double.pi
            let x = (f.midX + radius * cos(a)) * scale, y = (f.midY + radius * sin(a)) * scale
            let p = canvas.pixel(x: Int(x), y: Int(y))
            lit.append(p.red > 0.6)  // dark theme: light content over a dark bezel
        }
        return (Double(lit.filter { $0 }.count) / 720, lit[3], lit[716])
    }

    @Test(arguments: [0.25, 0.6, 0.9])
    func annularArcCoversTheProgress(_ progress: Double) throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .annular, progress: progress, label: "Saving"))
        let ring = ringCoverage(canvas, around: layout.indicator!, radius: 17.5)
        #expect(abs(ring.fraction - progress) < 0.03, "ring covers \(ring.fraction)")
        #expect(ring.first, "starts at 12 o'clock")
        #expect(!ring.last, "runs clockwise")
    }

    @Test func annularAtScaleTwoIsTheSameRing() throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .annular, progress: 0.6), scale: 2)
        #expect(canvas.width == 640 && canvas.height == 480)
        let ring = ringCoverage(canvas, around: layout.indicator!, radius: 17.5, scale: 2)
        #expect(abs(ring.fraction - 0.6) < 0.02)
    }

    @Test func determinateOutlineArcCoversTheProgress() throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .determinate, progress: 0.3))
        // The 4 pt progress arc lies inside the 2 pt outline; at radius 15.5 only the arc is drawn.
        let ring = ringCoverage(canvas, around: layout.indicator!, radius: 15.5)
        #expect(abs(ring.fraction - 0.3) < 0.03)
        let outline = ringCoverage(canvas, around: layout.indicator!, radius: 17.5)
        #expect(outline.fraction > 0.97)
    }

    @Test func filledPieFillsAWedge() throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .determinate, progress: 0.5)) {
            $0.determinateStyle = .filled
        }
        let f = layout.indicator!
        #expect(canvas.pixel(x: Int(f.midX) + 6, y: Int(f.midY)).red > 0.6)  // right half is filled
        #expect(canvas.pixel(x: Int(f.midX) - 6, y: Int(f.midY)).red < 0.4)  // left half is not
    }

    @Test(arguments: [0.2, 0.5, 0.8, 1.0])
    func barFillIsProportional(_ progress: Double) throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .bar, progress: progress), scale: 2)
        let f = layout.indicator!.scaled(by: 2)
        let y = Int(f.midY)
        var filled = 0
        // The fill track runs from 4 pt to 116 pt; the outline is above and below the centre row.
        for x in Int(f.minX + 12)..<Int(f.maxX - 12) where canvas.pixel(x: x, y: y).red > 0.6 { filled += 1 }
        let expected = progress * (f.width - 16) - 4
        #expect(abs(Double(filled) - expected) <= 4, "filled \(filled) of \(f.width - 16), expected \(expected)")
    }

    @Test func spinnerHasTwelveSpokesWithOneBrightest() throws {
        let (canvas, layout, _) = try frame(HUDContent(mode: .indeterminate))
        let f = layout.indicator!
        var brightness: [Double] = []
        for i in 0..<12 {
            let a = -Double.pi / 2 + Double(i) * Double.pi / 6
            brightness.append(canvas.pixel(x: Int(f.midX + 13 * cos(a)), y: Int(f.midY + 13 * sin(a))).red)
        }
        #expect(brightness.firstIndex(of: brightness.max()!) == 0)  // step 0 at rest: 12 o'clock
        #expect(brightness.allSatisfy { $0 > 0.2 })
        #expect(brightness[0] - brightness[1] > 0.1)
    }

    @Test(arguments: Icon.allCases)
    func iconsDrawInk(_ icon: Icon) throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .custom, custom: .icon(icon)))
        let ink = inkCount(canvas, in: layout.indicator!, against: style.bezelColor)
        #expect(ink > 60, "\(icon) drew \(ink) pixels")
    }

    @Test func anIconBesideTheBarIsDrawnAndTheBarStillFills() throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .bar, progress: 1, custom: .icon(.info)))
        let side = try #require(layout.sideImage), bar = try #require(layout.indicator)
        #expect(inkCount(canvas, in: side, against: style.bezelColor) > 60, "no icon beside the bar")
        let track = Rect(x: bar.minX + 6, y: bar.midY - 1, width: bar.width - 12, height: 2)
        #expect(inkCount(canvas, in: track, against: style.bezelColor) > Int(track.width * 1.5), "the bar is not full")
    }

    @Test func labelGlyphsArePresent() throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .text, label: "Saving"))
        let label = try #require(layout.label)
        #expect(label.frame.width > 30 && label.frame.height >= 16)
        #expect(inkCount(canvas, in: label.frame, against: style.bezelColor) > 100)
    }

    @Test func buttonDrawsBorderAndTitle() throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .text, label: "Copy", buttonTitle: "Cancel"))
        let b = try #require(layout.button)
        #expect(!close(canvas.pixel(x: Int(b.frame.midX), y: Int(b.frame.minY)), style.bezelColor, tolerance: 0.15))
        #expect(inkCount(canvas, in: b.title.frame, against: style.bezelColor) > 40)
    }

    @Test func midFadeFrameIsPartlyTransparent() throws {
        let content = HUDContent(mode: .indeterminate, label: "Saving")
        let (early, layout, _) = try frame(content, time: 0.03)
        let (rest, _, _) = try frame(content)
        let x = Int(layout.bezel.minX) + 8, y = Int(layout.bezel.midY)
        #expect(early.pixel(x: x, y: y).alpha < rest.pixel(x: x, y: y).alpha * 0.8)
        #expect(early.pixel(x: x, y: y).alpha > 0)
    }

    @Test func midZoomFrameIsSmaller() throws {
        let content = HUDContent(mode: .indeterminate)
        let (early, layout, _) = try frame(content, time: 0.02) { $0.animation = .zoom }
        // At scale ≈ 0.5–0.8 the bezel's left edge has moved right.
        #expect(early.pixel(x: Int(layout.bezel.minX) + 4, y: Int(layout.bezel.midY)).alpha == 0)
    }

    @Test func pngRoundTrip() throws {
        let dir = try TemporaryDirectory()
        let (canvas, layout, _) = try frame(HUDContent(mode: .annular, progress: 0.6, label: "Saving"))
        try canvas.writePNG(to: dir.path("a.png"))
        let back = try Canvas.readPNG(from: dir.path("a.png"))
        #expect(back.width == canvas.width && back.height == canvas.height)
        let x = Int(layout.bezel.minX) + 8, y = Int(layout.bezel.midY)
        #expect(close(back.pixel(x: x, y: y), canvas.pixel(x: x, y: y)))
    }

    @Test func badCanvasSizesAreErrors() {
        #expect(throws: CanvasError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: CanvasError.self) { try Canvas(width: 100_000, height: 10) }
    }

    @Test func missingOrBrokenImagesAreErrors() throws {
        #expect(throws: ImageLoadError.self) { try ImageAsset(contentsOf: "/nonexistent/x.png") }
        let dir = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.path("bad.png"), contents: Data("not a png".utf8)))
        #expect(throws: ImageLoadError.self) { try ImageAsset(contentsOf: dir.path("bad.png")) }
    }
}

@Suite(.ownThreads) struct TextTests {
    let engine = TextEngine()
    func block(_ text: String, size: Double = 16) -> TextBlock {
        TextBlock(text: text, font: try! FontSpec("Sans Bold \(Int(size))"), maxWidth: 296, maxLines: 2)
    }

    @Test(arguments: ["保存中", "Sauvegarde terminée", "Ünïcödé ñ", "جارٍ الحفظ", "שומר", "Done ✅🎉"])
    func scriptsHaveRealGlyphs(_ text: String) {
        #expect(engine.unknownGlyphCount(block(text)) == 0, "\(text) has glyphs missing")
        #expect(engine.measure(block(text)).width > 10)
    }

    @Test func unassignedCodePointsAreDetectedAsBoxes() {
        // Proves the check above can fail: U+0378 is unassigned, so no font has it.
        #expect(engine.unknownGlyphCount(block("\u{0378}\u{0379}")) == 2)
    }

    @Test func cjkLabelIsDrawnWithInk() throws {
        let (canvas, layout, style) = try frame(HUDContent(mode: .text, label: "保存中"))
        let label = try #require(layout.label)
        #expect(inkCount(canvas, in: label.frame, against: style.bezelColor) > 150)
    }

    @Test func longLabelIsEllipsizedOnTwoLines() {
        let b = block(String(repeating: "Backing up /home/user/Documents ", count: 10))
        #expect(engine.lineCount(b) == 2)
        #expect(engine.isEllipsized(b))
        #expect(engine.measure(b).width <= 296)
    }

    @Test func textIsLiteralUnlessMarkupIsAsked() {
        var b = block("<b>bold</b>")
        let literal = engine.measure(b).width
        b.markup = true
        #expect(engine.measure(b).width < literal)
        b.text = "<b>unclosed"
        #expect(engine.measure(b).width > 0)  // bad markup falls back to literal text
    }

    @Test func measuresTheSameAtEveryScale() {
        let b = block("Saving")
        let one = engine.measure(b), two = TextEngine(scale: 2).measure(b)
        #expect(abs(one.width - two.width) <= 1 && abs(one.height - two.height) <= 1)
    }
}

@Suite(.ownThreads) struct StillLayerTests {
    /// A frame drawn from the cached still layer equals one drawn from scratch, for every moving indicator.
    @Test(arguments: [HUDMode.annular, .determinate, .bar, .indeterminate])
    func cachedFramesMatchFreshOnes(_ mode: HUDMode) throws {
        var style = HUDStyle.theme(.dark)
        style.backgroundColor = RGBA(white: 0, alpha: 0.2)
        let area = Rect(x: 0, y: 0, width: 240, height: 200)
        var scene = HUDScene(content: HUDContent(mode: mode, progress: 0.3, label: "Saving", details: "a.txt",
                                                 buttonTitle: "Cancel"), style: style, area: area)
        scene.show(at: 0, animated: false)
        let warm = HUDRenderer(), canvas = try Canvas(width: 240, height: 200)
        warm.render(scene.snapshot(at: 0, measurer: warm.text), into: canvas)  // fills the cache at 30 %
        scene.content.progress = 0.7
        let later = scene.snapshot(at: 0.5, measurer: warm.text)
        warm.render(later, into: canvas)
        let fresh = try Canvas(width: 240, height: 200)
        HUDRenderer().render(later, into: fresh)
        var differing = 0
        for y in 0..<200 {
            for x in 0..<240 where canvas.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ between the cached and the fresh frame")
        // And the cache really moved the indicator: the frame differs from the first one.
        let first = try Canvas(width: 240, height: 200)
        scene.content.progress = 0.3
        HUDRenderer().render(scene.snapshot(at: 0, measurer: warm.text), into: first)
        var moved = 0
        for y in 0..<200 {
            for x in 0..<240 where canvas.pixel(x: x, y: y) != first.pixel(x: x, y: y) { moved += 1 }
        }
        #expect(moved > 20)
    }
}

@Suite(.ownThreads) struct CachedStreamTests {
    /// A stream of eased values going up and down (a flood of 0…99 % cycles), each frame drawn from the cache over
    /// the one before, ends on the very pixels of its last value drawn from scratch.
    @Test(arguments: [HUDMode.annular, .determinate, .bar])
    func aLongStreamEndsOnTheFreshFrame(_ mode: HUDMode) throws {
        var scene = HUDScene(content: HUDContent(mode: mode, progress: 0, label: "x"), style: .theme(.dark),
                             area: Rect(x: 0, y: 0, width: 240, height: 200))
        scene.show(at: 0, animated: false)
        let warm = HUDRenderer(), canvas = try Canvas(width: 240, height: 200)
        var seed: UInt64 = 7
        for i in 0..<600 {
            // Mostly small steps, as an ease draws them, with a jump back to the start every hundred.
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let jitter = Double(seed >> 40) / Double(1 << 24) * 0.02
            scene.content.progress = min(1, Double(i % 100) / 100 + jitter)
            warm.render(scene.snapshot(at: 0, measurer: warm.text), into: canvas)
        }
        scene.content.progress = 1
        let last = scene.snapshot(at: 0, measurer: warm.text)
        warm.render(last, into: canvas)
        let fresh = try Canvas(width: 240, height: 200)
        HUDRenderer().render(last, into: fresh)
        var differing: [String] = []
        for y in 0..<200 {
            for x in 0..<240 where canvas.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) { differing.append("\(x),\(y)") }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ: \(differing.prefix(8))")
    }
}

/// A spinner's second cycle is painted from copies of the first: the frames must be the ones drawing gives.
@Suite(.ownThreads) struct SpriteCacheTests {
    private func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    @Test(arguments: [SpinnerStyle.activityIndicator, .circleRippleMultiple, .squareCircuitSnake, .symbolBounce])
    func copiedFramesAreTheDrawnOnes(style: SpinnerStyle) throws {
        var hudStyle = HUDStyle.theme(.dark)
        hudStyle.spinner = style
        var scene = HUDScene(content: HUDContent(mode: .indeterminate, label: "Working"), style: hudStyle,
                             area: Rect(x: 0, y: 0, width: 240, height: 200), scale: 2)
        scene.show(at: 0, animated: false)
        let warm = HUDRenderer(scale: 2), canvas = try Canvas(width: 480, height: 400)
        // Two cycles at the frame loop's times, then a new label (a new still layer) and a third.
        var t = 0.0, checked = 0
        while t < 3 * style.period {
            if t >= 2 * style.period, scene.content.label != "Done" {
                scene.setContent(HUDContent(mode: .indeterminate, label: "Done"), at: t)
            }
            let s = scene.snapshot(at: t, measurer: warm.text)
            warm.render(s, into: canvas)
            if t > style.period, checked < 12 || Int(t * 1000) % 7 == 0 {
                let fresh = try Canvas(width: 480, height: 400)
                HUDRenderer(scale: 2).render(s, into: fresh)
                #expect(differingPixels(canvas, fresh) == 0, "\(style) at \(t)")
                checked += 1
            }
            guard let next = scene.nextFrameTime(after: t) else { break }
            t = next + 1e-6
        }
        #expect(checked > 10)
        #expect(warm.framesCopied > 0, "the second cycle is copied")
    }
}
