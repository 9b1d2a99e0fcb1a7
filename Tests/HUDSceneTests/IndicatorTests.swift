import HUDScene
import HUDTestSupport
import Testing

private let area = Size(width: 200, height: 200)

/// The indicators as values: frame times, phases and what they show, without drawing them.
@Suite struct SpinnerTimingTests {
    @Test func aSpinnerAsksForItsNextVisibleFrameAndTheActivityIndicatorForItsSteps() {
        var style = HUDStyle.theme(.dark)
        style.spinner = .circleStrokeSpin
        var scene = HUDScene(content: HUDContent(mode: .indeterminate), style: style,
                             area: Rect(origin: .zero, size: area))
        scene.show(at: 10, animated: false)
        let frame = try! #require(scene.nextFrameTime(after: 10.5))
        #expect(frame > 10.5 && frame <= 10.5 + 1.0 / 30 + 1.0 / 240, "the arc turns fast: a frame within 1/30 s")
        let drawn = scene.snapshot(at: frame, measurer: FixedMetrics())
        #expect(scene.snapshot(at: frame - 1e-4, measurer: FixedMetrics()) != drawn)
        let next = try! #require(scene.nextFrameTime(after: frame))
        #expect(next - frame >= 1.0 / 30 - 1e-9, "never more than 30 frames a second")
        #expect(scene.snapshot(at: next - 1e-4, measurer: FixedMetrics()) == drawn,
                "nothing to draw between two frames")
        scene.setStyle(HUDStyle.theme(.dark), at: 10.5)
        let step = try! #require(scene.nextFrameTime(after: 10.51))
        #expect(abs(step - (10.5 + 1.0 / 12)) < 1e-9, "the activity indicator restarts its cycle when chosen")
    }

    @Test func theBouncingSymbolRestsBetweenBounces() {
        let indicator = Indicator(.spinner(.symbolBounce))
        let soon = try! #require(indicator.nextFrameTime(after: 0.1, scale: 1))
        #expect(soon > 0.1 && soon < 0.2)
        #expect(indicator.nextFrameTime(after: 0.5, scale: 1) == 1.0)
        #expect(indicator.nextFrameTime(after: 0.7, scale: 1) == 1.0)
        #expect(indicator.phase(at: 0.6, scale: 1) == indicator.phase(at: 0.9, scale: 1),
                "nothing to draw while it rests")
    }

    @Test func everyStyleHasAName() {
        #expect(SpinnerStyle.allCases.count == 21)
        #expect(SpinnerStyle(rawValue: "pacman-progress") == .pacmanProgress)
    }
}

@Suite struct LiveIconTimingTests {
    @Test(arguments: Icon.allCases)
    func stopsAskingForFramesWhenDrawn(icon: Icon) throws {
        var scene = HUDScene(content: HUDContent(mode: .custom, custom: .icon(icon)), style: .theme(.dark),
                             area: Rect(origin: .zero, size: area))
        scene.show(at: 5, animated: false)
        #expect(scene.nextFrameTime(after: 5.2) == 5.2)
        let end = 5 + LiveIcon.duration(icon) + 1e-6
        #expect(scene.nextFrameTime(after: end) == nil)
        let a = scene.snapshot(at: end, measurer: FixedMetrics())
        let b = scene.snapshot(at: end + 3, measurer: FixedMetrics())
        #expect(a == b, "a finished icon makes the same frame, so nothing is drawn")
    }

    @Test func aNewIconDrawsItselfInAgain() {
        var scene = HUDScene(content: HUDContent(mode: .indeterminate), style: .theme(.dark),
                             area: Rect(origin: .zero, size: area))
        scene.show(at: 0, animated: false)
        var content = scene.content
        content.mode = .custom
        content.custom = .icon(.success)
        scene.setContent(content, at: 7)
        #expect(scene.indicatorStart == 7)
        #expect(scene.nextFrameTime(after: 7.1) == 7.1)
        content.label = "Done"
        scene.setContent(content, at: 7.2)
        #expect(scene.indicatorStart == 7, "a new label does not restart the icon")
    }
}

@Suite struct ValueTests {
    @Test func theValueIsTruncatedAsProgressHUDDoes() {
        var style = HUDStyle.theme(.dark)
        style.showsValue = true
        #expect(Indicator(content: HUDContent(mode: .annular), style: style)?.showsValue == true)
        #expect(Indicator(content: HUDContent(mode: .indeterminate), style: style)?.showsValue == false)
    }
}

@Suite struct EasingTests {
    @Test func curvesStartAndEndWhereCoreAnimationsDo() {
        for curve in [Easing.linear, .easeIn, .easeOut, .easeInOut, .default, Easing(0.21, 0.53, 0.56, 0.8)] {
            #expect(curve(0) == 0 && abs(curve(1) - 1) < 1e-6)
            #expect(curve(-3) == 0 && curve(7) == 1 && curve(.nan) == 0, "clamped, and NaN is the start")
            var previous = 0.0
            for i in 1...50 {
                let v = curve(Double(i) / 50)
                #expect(v >= previous - 1e-9)
                previous = v
            }
        }
        #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-6)
        #expect(Easing.easeIn(0.25) < 0.25 && Easing.easeOut(0.25) > 0.25)
    }
}
