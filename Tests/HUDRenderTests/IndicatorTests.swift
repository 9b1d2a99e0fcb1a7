import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Pixels of two same-sized canvases that differ by more than `tolerance` in any channel.
func differingPixels(_ a: Canvas, _ b: Canvas, tolerance: Double = 0.03) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var n = 0
    for y in 0..<a.height {
        for x in 0..<a.width where !close(a.pixel(x: x, y: y), b.pixel(x: x, y: y), tolerance: tolerance) { n += 1 }
    }
    return n
}

private let area = Size(width: 200, height: 200)

/// The spinner `style` at `time`, after the show transition (0.3 s) has ended, so only the spinner moves.
private func spinnerFrame(_ style: SpinnerStyle, at time: Double) throws -> Canvas {
    try frame(HUDContent(mode: .indeterminate), time: time, area: area) { $0.spinner = style }.canvas
}

@Suite(.ownThreads) struct SpinnerStyleTests {
    @Test(arguments: SpinnerStyle.allCases)
    func framesChangeAndRepeatAfterOnePeriod(style: SpinnerStyle) throws {
        let t = 1.13
        let first = try spinnerFrame(style, at: t)
        let later = try spinnerFrame(style, at: t + style.period / 4)
        let nextCycle = try spinnerFrame(style, at: t + style.period)
        #expect(differingPixels(first, later) > 10, "\(style.rawValue) does not move")
        #expect(differingPixels(first, nextCycle) == 0, "\(style.rawValue) does not repeat after \(style.period) s")
    }

    @Test(arguments: SpinnerStyle.allCases)
    func drawsInsideItsDirtyRectangle(style: SpinnerStyle) throws {
        // What a live HUD redraws of a moving spinner is its dirty rectangle: nothing may be drawn outside it.
        var hudStyle = HUDStyle.theme(.dark)
        hudStyle.spinner = style
        hudStyle.bezelColor = .clear
        let content = HUDContent(mode: .indeterminate)
        let indicator = try #require(Indicator(content: content, style: hudStyle))
        let layout = HUDLayout(content: content, style: hudStyle, area: Rect(origin: .zero, size: area),
                               measurer: FixedMetrics())
        let dirty = indicator.dirtyRect(in: try #require(layout.indicator))
        for t in stride(from: 0.0, to: style.period, by: style.period / 10) {
            let canvas = try frame(content, time: 1 + t, area: area) {
                $0.spinner = style
                $0.bezelColor = .clear
            }.canvas
            var outside = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.pixel(x: x, y: y).alpha > 0
                    && !dirty.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { outside += 1 }
            }
            #expect(outside == 0, "\(style.rawValue) at \(t) draws \(outside) pixels outside its rectangle")
        }
    }
}

@Suite(.ownThreads) struct LiveIconTests {
    private func iconInk(_ icon: Icon, at time: Double?, live: Bool = true) throws -> Int {
        let (canvas, layout, _) = try frame(HUDContent(mode: .custom, custom: .icon(icon)), time: time,
                                            area: area) { $0.liveIcons = live }
        // Against the bezel as it is at that moment of the show transition.
        let bezel = canvas.pixel(x: Int(layout.bezel.minX) + 4, y: Int(layout.bezel.midY))
        return inkCount(canvas, in: try #require(layout.indicator), against: bezel)
    }

    @Test(arguments: Icon.allCases)
    func strokesGrowOverTheirDurationThenStop(icon: Icon) throws {
        let duration = LiveIcon.duration(icon)
        #expect(duration >= 0.4 && duration <= 0.6)
        #expect(try iconInk(icon, at: 0.1) == 0, "nothing before ProgressHUD's 150 ms delay")
        var previous = 0
        for step in 1...8 {
            let ink = try iconInk(icon, at: 0.15 + (duration - 0.15) * Double(step) / 8)
            #expect(ink >= previous, "\(icon) shrinks at step \(step)")
            previous = ink
        }
        let whole = try iconInk(icon, at: nil)
        #expect(previous == whole, "ends as the finished icon")
        #expect(try iconInk(icon, at: duration / 2) < whole / 2 + whole / 4)
        #expect(try iconInk(icon, at: 0.2, live: false) == whole, "--static-icons shows it whole at once")
    }
}

@Suite(.ownThreads) struct ValueTextTests {
    @Test(arguments: [HUDMode.annular, .determinate, .bar])
    func theBezelKeepsItsSizeWhateverTheNumber(mode: HUDMode) {
        var style = HUDStyle.theme(.dark)
        style.showsValue = true
        let sizes = Set([0, 0.05, 0.5, 1].map { p in
            HUDLayout(content: HUDContent(mode: mode, progress: p, label: "Saving"), style: style,
                      area: Rect(origin: .zero, size: area), measurer: FixedMetrics()).bezel.size
        })
        #expect(sizes.count == 1)
    }

    @Test(arguments: [HUDMode.annular, .determinate])
    func drawsThePercentageInsideTheRing(mode: HUDMode) throws {
        func centreInk(showsValue: Bool, progress: Double = 0.42) throws -> Int {
            let (canvas, layout, style) = try frame(HUDContent(mode: mode, progress: progress), area: area) {
                $0.showsValue = showsValue
            }
            let f = try #require(layout.indicator)
            let centre = Rect(x: f.midX - 12, y: f.midY - 5, width: 24, height: 10)
            return inkCount(canvas, in: centre, against: style.bezelColor)
        }
        #expect(try centreInk(showsValue: false) == 0)
        #expect(try centreInk(showsValue: true) > 20)
        #expect(try centreInk(showsValue: true, progress: 1) > centreInk(showsValue: true, progress: 0.05),
                "100% has more ink than 5%")
    }
}

@Suite(.ownThreads) struct DirtyRectangleTests {
    @Test func aFrameWhereOnlyTheIndicatorMovedDirtiesOnlyItsRectangle() throws {
        var style = HUDStyle.theme(.dark)
        style.spinner = .circleRippleMultiple
        var scene = HUDScene(content: HUDContent(mode: .indeterminate, label: "Working"), style: style,
                             area: Rect(origin: .zero, size: area), scale: 2)
        scene.show(at: 0, animated: false)
        let renderer = HUDRenderer(scale: 2)
        let canvas = try Canvas(width: 400, height: 400)
        let whole = Rect(x: 0, y: 0, width: 400, height: 400)
        #expect(renderer.render(scene.snapshot(at: 0.1, layout: renderer.layout(of: scene)), into: canvas) == whole)
        let snapshot = scene.snapshot(at: 0.2, layout: renderer.layout(of: scene))
        let dirty = renderer.render(snapshot, into: canvas)
        let frame = try #require(snapshot.layout.indicator)
        let indicator = try #require(snapshot.indicator).dirtyRect(in: frame)
        #expect(dirty == indicator.scaled(by: 2))
        #expect(dirty.width < 200 && dirty.height < 200)
        // The partial frame is the same picture as one drawn whole.
        let fresh = try Canvas(width: 400, height: 400)
        HUDRenderer(scale: 2).render(snapshot, into: fresh)
        #expect(differingPixels(canvas, fresh, tolerance: 0.01) == 0)
    }
}

@Suite(.ownThreads) struct ProgressDamageTests {
    /// Issue 24: a progress step redraws and sends only the part of the indicator between the two values, and the
    /// frame is still the same picture as one drawn whole, for every progress indicator, forwards, back and round.
    @Test(arguments: [HUDMode.annular, .determinate, .bar])
    func aProgressStepDirtiesOnlyThePartBetweenTheTwoValues(_ mode: HUDMode) throws {
        for scale in [1.0, 2.0] {
            for (from, to) in [(0.3, 0.31), (0.0, 0.01), (0.74, 0.76), (0.6, 0.55), (0.99, 1.0), (0.99, 0.0)] {
                var scene = HUDScene(content: HUDContent(mode: mode, progress: from, label: "Saving"),
                                     style: .theme(.dark), area: Rect(origin: .zero, size: area), scale: scale)
                scene.show(at: 0, animated: false)
                let renderer = HUDRenderer(scale: scale)
                let side = Int(200 * scale)
                let canvas = try Canvas(width: side, height: side)
                renderer.render(scene.snapshot(at: 0, layout: renderer.layout(of: scene)), into: canvas)
                scene.content.progress = to
                let snapshot = scene.snapshot(at: 0, layout: renderer.layout(of: scene))
                let dirty = renderer.render(snapshot, into: canvas)
                let whole = try #require(snapshot.indicator).dirtyRect(in: try #require(snapshot.layout.indicator))
                if abs(to - from) < 0.05, from > 0.05 {
                    // A ring's step is a small square; a wedge's reaches the centre, so up to half the indicator.
                    #expect(dirty.width * dirty.height < whole.width * whole.height * scale * scale / 2,
                            "\(mode) \(from)→\(to) at \(scale)x dirtied \(dirty)")
                }
                let fresh = try Canvas(width: side, height: side)
                HUDRenderer(scale: scale).render(snapshot, into: fresh)
                // Clipped and unclipped compositing round a few antialiased pixels' channels a level or two apart
                // (a level of a faint pixel's alpha is several of its colour): at most two such pixels.
                #expect(differingPixels(canvas, fresh) <= 2, "\(mode) \(from)→\(to) at \(scale)x")
            }
        }
    }
}
