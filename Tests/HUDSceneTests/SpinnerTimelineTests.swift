import HUDScene
import Testing

private let frame = Rect(origin: .zero, size: Indicator.roundSize)

/// Which moments of a ProgressHUD animation are drawn: only those that look different, derived from the shapes.
@Suite struct SpinnerTimelineTests {
    /// The drawn phases of one cycle, from the indicator's own answers.
    private func drawnPhases(_ style: SpinnerStyle, scale: Double) -> [Double] {
        let indicator = Indicator(.spinner(style))
        var phases = [indicator.phase(at: 0, scale: scale)]
        while let next = indicator.nextFrameTime(after: phases.last!, scale: scale), next < style.period {
            #expect(next > phases.last!, "\(style): time moves on")
            phases.append(indicator.phase(at: next, scale: scale))
        }
        return phases
    }

    @Test(arguments: SpinnerStyle.allCases.filter { $0 != .activityIndicator })
    func everyFrameLooksDifferentAndNothingVisibleIsSkippedForLong(style: SpinnerStyle) {
        for scale in [1.0, 2.0] {
            let phases = drawnPhases(style, scale: scale)
            for (a, b) in zip(phases, phases.dropFirst()) {
                #expect(b - a >= 1 / Indicator.spinnerFrameRate - 1e-9, "\(style) at \(scale): at most 30 a second")
                #expect(style.shapes(at: b, in: frame).looksDifferent(from: style.shapes(at: a, in: frame),
                                                                      scale: scale),
                        "\(style) at \(scale): a frame at \(b) that looks like the one at \(a)")
            }
            // Between two frames, past the rate limit, the picture looks like the frame before (up to the last
            // sample, 1/240 s, before the next): no visible change waits for a frame.
            let ends = phases + [style.period]
            for (a, b) in zip(ends, ends.dropFirst()) {
                var t = a + 1 / Indicator.spinnerFrameRate + 0.002
                while t < b - 1 / 240 {
                    #expect(!style.shapes(at: t, in: frame).looksDifferent(from: style.shapes(at: a, in: frame),
                                                                            scale: scale),
                            "\(style) at \(scale): \(t) looks different from the frame at \(a), drawn until \(b)")
                    t += 0.004
                }
            }
        }
    }

    @Test func easedAndRestingStylesDrawFewerFramesThanFastOnes() {
        let perSecond = { (style: SpinnerStyle) in Double(self.drawnPhases(style, scale: 1).count) / style.period }
        #expect(perSecond(.circleStrokeSpin) >= 25, "an arc turning once in 1.7 s moves pixels every frame")
        #expect(perSecond(.symbolBounce) <= 15, "the sun rests half of each second")
        #expect(perSecond(.circlePulseSingle) < 30, "the pulse slows at both ends of its ease")
        for style in SpinnerStyle.allCases where style != .activityIndicator {
            #expect(drawnPhases(style, scale: 2).count >= drawnPhases(style, scale: 1).count,
                    "\(style): twice the pixels, no fewer frames")
        }
    }

    @Test func aShapeChangeIsVisibleFromADevicePixelOrAnEighthOfAByteOfAlpha() {
        let disc = SpinnerShape.disc(center: Point(x: 10, y: 10), radius: 5, alpha: 1)
        let nudged = SpinnerShape.disc(center: Point(x: 10.6, y: 10), radius: 5, alpha: 1)
        #expect(![nudged].looksDifferent(from: [disc], scale: 1), "0.6 px")
        #expect([nudged].looksDifferent(from: [disc], scale: 2), "1.2 px")
        let faint = SpinnerShape.disc(center: Point(x: 10, y: 10), radius: 5, alpha: 1 - 1.0 / 64)
        let fainter = SpinnerShape.disc(center: Point(x: 10, y: 10), radius: 5, alpha: 1 - 1.0 / 16)
        #expect(![faint].looksDifferent(from: [disc], scale: 1))
        #expect([fainter].looksDifferent(from: [disc], scale: 1))
        let gone = SpinnerShape.ring(center: .zero, radius: 3, width: 1, alpha: 0)
        let goneElsewhere = SpinnerShape.ring(center: Point(x: 9, y: 9), radius: 8, width: 2, alpha: 0)
        #expect(![goneElsewhere].looksDifferent(from: [gone], scale: 1), "invisible in both")
        let arc = SpinnerShape.arc(center: .zero, radius: 17, from: 0, to: 1, width: 3)
        let turned = SpinnerShape.arc(center: .zero, radius: 17, from: 0.06, to: 1.06, width: 3)
        #expect([turned].looksDifferent(from: [arc], scale: 1), "0.06 rad at 18.5 pt is a pixel")
        #expect([arc].looksDifferent(from: [disc], scale: 1), "another kind of shape")
    }
}
