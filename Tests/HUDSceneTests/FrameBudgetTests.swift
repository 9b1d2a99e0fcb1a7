import HUDScene
import Testing

/// Issue 24: frames only when pixels change, and eases that fit the update rate. A frame loop on an injected clock
/// (a plain number): it wakes at each update and at each frame time the scene asks for, and draws when the scene
/// says the picture moved visibly, as `HUD.draw` does.
private struct FrameLoop {
    var scene: HUDScene
    /// The progress of the frame on screen.
    var shown: Double
    var frames: [(time: Double, progress: Double)] = []
    var wakeUps = 0
    let frameInterval = 1.0 / 60

    init(mode: HUDMode = .annular, progress: Double = 0, scale: Double = 1) {
        scene = HUDScene(content: HUDContent(mode: mode, progress: progress), style: .theme(.dark), area: screen,
                         scale: scale)
        scene.show(at: 0, animated: false)
        shown = progress
    }

    /// The indicator's visible step at this scale.
    var step: Double { scene.indicator!.visibleProgressStep(scale: scene.scale)! }

    mutating func frame(at t: Double) {
        wakeUps += 1
        guard scene.progressChangeIsVisible(from: shown, at: t) else { return }
        shown = scene.presentedProgress(at: t)
        frames.append((t, shown))
    }

    /// Feeds `values` one every `1 / rate` seconds from `start`, then runs until nothing is left to draw.
    mutating func feed(_ values: [Double], rate: Double, from start: Double = 1) {
        var now = start
        for (i, value) in values.enumerated() {
            let at = start + Double(i) / rate
            run(until: at)
            now = at
            scene.setProgress(value, at: now, leadIn: frameInterval)
            frame(at: now)
        }
        run(until: now + 10)
    }

    /// Wakes at every frame time the scene asks for before `end`.
    mutating func run(until end: Double) {
        var t = frames.last?.time ?? 0
        while let next = scene.nextFrameTime(after: t, shownProgress: shown), next < end {
            // A frame due now that draws nothing would spin: the scene must never ask for one.
            #expect(next > t || scene.progressChangeIsVisible(from: shown, at: next))
            t = max(next, t + 1e-6)
            frame(at: t)
        }
    }
}

@Suite struct FrameBudgetTests {
    @Test func aStaticHUDAsksForNoFrame() {
        let loop = FrameLoop(progress: 0.6)
        #expect(loop.scene.nextFrameTime(after: 5, shownProgress: 0.6) == nil)
    }

    @Test func tenUpdatesASecondOfAPercentDrawOneFrameEachAtTheUpdate() {
        var loop = FrameLoop()
        // 1 % a step, as bench.py and most progress output: about 1.2 px of a 37 pt ring's rim.
        let values = (1...100).map { Double($0) / 100 }
        loop.feed(values, rate: 10)
        let frames = loop.frames
        #expect(frames.last?.progress == 1, "the ring closes")
        // At 60 Hz the first loop drew every refresh of every ease: 600 frames in these 10 s; a frame per pixel
        // crossed of a linear ease, about 220 wake-ups. A move of a pixel or two is drawn whole by its update.
        #expect(frames.count == values.count, "\(frames.count) frames")
        #expect(loop.wakeUps <= values.count + 1, "\(loop.wakeUps) wake-ups")
        for (i, frame) in frames.enumerated() {
            #expect(abs(frame.time - (1 + Double(i) / 10)) < 1e-9, "drawn at its update, with no wait")
            #expect(frame.progress == values[i], "the update's own value, not an eased one behind it")
        }
    }

    @Test func aRunOfBiggerStepsIsDrawnAStepAFrame() {
        var loop = FrameLoop()
        // 5 % a step at 10 a second (a held key, a fast producer): 6 px an update. Issue 51: each eased over the
        // stream cost a frame a pixel and settled 0.15 s after the last; now the first eases from rest and every
        // later one, coming while the last would still ease, is drawn whole in the frame of its update.
        let values = (1...20).map { Double($0) / 20 }
        loop.feed(values, rate: 10)
        let later = loop.frames.filter { $0.time > 1.1 - 1e-9 }
        #expect(later.count == values.count - 1, "\(later.count) frames after the first update's ease")
        for (i, frame) in later.enumerated() {
            #expect(abs(frame.time - (1.1 + Double(i) / 10)) < 1e-9, "drawn at its update, with no wait")
            #expect(frame.progress == values[i + 1], "the update's own value")
        }
        // Nothing more to draw after the last update's frame.
        #expect(loop.scene.nextFrameTime(after: 2.9 + 1e-6, shownProgress: loop.shown) == nil)
        for (a, b) in zip(loop.frames, loop.frames.dropFirst()) {
            #expect(b.progress > a.progress, "forwards only: \(a.progress) then \(b.progress) at \(b.time)")
        }
    }

    @Test func aHeldKeySettlesWithinTwoFramesOfItsLastPress() {
        // The keyboard's repeat at 30 a second down to one press every 0.19 s: each is a run.
        for gap in [1.0 / 30, 0.05, 0.1, 0.19] {
            var loop = FrameLoop(mode: .bar)
            // 3 % a press: 3.6 px of the bar, more than a move drawn whole for being small.
            let values = (1...30).map { Double($0) * 0.03 }
            loop.feed(values, rate: 1 / gap)
            let last = 1 + Double(values.count - 1) * gap
            #expect(loop.frames.last!.progress == values.last!)
            #expect(loop.frames.last!.time - last <= ProgressTrack.runSettle + 1e-9,
                    "settled \((loop.frames.last!.time - last) * 1000) ms after the last press, \(gap) s apart")
        }
    }

    @Test func updatesFasterThanThirtyASecondAreEasedHoweverSmall() {
        var scene = HUDScene(content: HUDContent(mode: .annular), style: .theme(.dark), area: screen)
        scene.show(at: 0, animated: false)
        // A pixel a step: drawn whole at 10 a second; at 100 a second a frame each would outrun the monitor, so
        // they are eased and the frame loop paces them.
        scene.setProgress(0.01, at: 1, leadIn: 1.0 / 60)
        #expect(!scene.progressTrack.isAnimating(at: 1))
        scene.setProgress(0.02, at: 1.1, leadIn: 1.0 / 60)
        #expect(!scene.progressTrack.isAnimating(at: 1.1))
        scene.setProgress(0.03, at: 1.11, leadIn: 1.0 / 60)
        #expect(scene.progressTrack.isAnimating(at: 1.11))
        // So is a bigger step, however slow.
        scene.setProgress(0.1, at: 5, leadIn: 1.0 / 60)
        #expect(scene.progressTrack.isAnimating(at: 5))
    }

    @Test func ahundredUpdatesASecondDoNotLagBehindTheNewestValue() {
        var scene = HUDScene(content: HUDContent(mode: .annular), style: .theme(.dark), area: screen)
        scene.show(at: 0, animated: false)
        var worst = 0.0
        for i in 1...300 {
            let t = 1 + Double(i) / 100
            scene.setProgress(Double(i) / 300, at: t, leadIn: 1.0 / 60)
            // What a frame a refresh later shows, against the newest value.
            let lag = Double(i) / 300 - scene.presentedProgress(at: t + 1.0 / 60)
            if i > 10 { worst = max(worst, lag) }
        }
        // Within one update (1/300) of the newest value a frame after it: the 200 ms spring would lag 20 updates.
        #expect(worst <= 1.0 / 300 + 1e-9, "lag \(worst * 300) updates")
    }

    @Test func aSubPixelMoveDrawsNoFrame() {
        var loop = FrameLoop(progress: 0.5)
        // A thousandth of a 37 pt ring's rim is 0.12 px.
        loop.feed([0.501], rate: 10)
        #expect(loop.frames.isEmpty)
        // At twice the scale the same move is still less than a device pixel.
        var hidpi = FrameLoop(progress: 0.5, scale: 2)
        hidpi.feed([0.501], rate: 10)
        #expect(hidpi.frames.isEmpty)
        // Eight more add up to a pixel and more: drawn once.
        loop.feed([0.502, 0.503, 0.504, 0.505, 0.506, 0.507, 0.508, 0.509], rate: 10, from: 2)
        #expect(loop.frames.count == 1)
        #expect(loop.frames[0].progress >= 0.5 + loop.step)
    }

    @Test func anEaseDrawnOnTheWayRestsOnItsExactValue() {
        // Where the last pixel crossing falls depends on when frames fell; what stays on screen must not.
        for scale in [1.0, 2] {
            var loop = FrameLoop(mode: .bar, progress: 0, scale: scale)
            loop.feed([1.2 / 2.7], rate: 1)
            #expect(loop.frames.count > 2)
            #expect(loop.frames.last?.progress == 1.2 / 2.7)
            // One frame more than the crossings, at the ease's end.
            #expect(loop.frames.dropLast().allSatisfy { $0.progress < 1.2 / 2.7 })
        }
    }

    @Test func aWriteToAHUDAtRestIsDrawnAtOnce() {
        var scene = HUDScene(content: HUDContent(mode: .annular, progress: 0.2), style: .theme(.dark), area: screen)
        scene.show(at: 0, animated: false)
        scene.setProgress(0.21, at: 5, leadIn: 1.0 / 60)
        // The first frame (now) already moves visibly, so the update is on screen without waiting.
        #expect(scene.progressChangeIsVisible(from: 0.2, at: 5))
        #expect(scene.nextFrameTime(after: 5, shownProgress: 0.2) == 5)
    }

    @Test func theBarAndHiDPIStepsFollowTheDrawnSize() {
        let ring = Indicator(.ring), bar = Indicator(.bar)
        #expect(abs(ring.visibleProgressStep(scale: 1)! - 1 / (37 * Double.pi)) < 1e-12)
        #expect(abs(ring.visibleProgressStep(scale: 2)! - 0.5 / (37 * Double.pi)) < 1e-12)
        #expect(abs(bar.visibleProgressStep(scale: 1)! - 1 / 112) < 1e-12)
        #expect(Indicator(.spinner(.activityIndicator)).visibleProgressStep(scale: 1) == nil)
    }

    @Test func theShownPercentageIsRedrawnWhenItChanges() {
        var style = HUDStyle.theme(.dark)
        style.showsValue = true
        var scene = HUDScene(content: HUDContent(mode: .annular, progress: 0.5), style: style, area: screen)
        scene.show(at: 0, animated: false)
        scene.setProgress(0.5301, at: 1, leadIn: 1.0 / 60)
        // 3 % of a 50 pt ring is 4.7 px, eased: a frame a pixel, and one exactly when the text turns to 51 %.
        var shown = scene.presentedProgress(at: 1), t = 1.0, turned: Double? = nil
        while let next = scene.nextFrameTime(after: t, shownProgress: shown), next < 2 {
            t = max(next, t + 1e-6)
            shown = scene.presentedProgress(at: t)
            if turned == nil, Indicator.valueText(shown) == "51%" { turned = shown }
        }
        let at = try! #require(turned)
        #expect(at - 0.51 < 1e-6, "51 % drawn late, at \(at)")
    }
}
