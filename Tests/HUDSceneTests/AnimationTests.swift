import HUDScene
import HUDTestSupport
import Testing

@Suite struct SpringTests {
    @Test func startsAtZeroEndsAtOne() {
        #expect(Spring.criticallyDamped(0) == 0)
        #expect(Spring.criticallyDamped(-1) == 0)
        #expect(Spring.criticallyDamped(1) == 1)
        #expect(Spring.criticallyDamped(2) == 1)
    }

    @Test func isMonotonicWithoutOvershoot() {
        var previous = 0.0
        for i in 1...300 {
            let v = Spring.criticallyDamped(Double(i) / 300)
            #expect(v >= previous)
            #expect(v <= 1)
            previous = v
        }
    }

    @Test func movesFastFirstLikeASpring() {
        // A critically damped spring covers most of the way in the first third.
        #expect(Spring.criticallyDamped(1.0 / 3) > 0.75)
        #expect(Spring.criticallyDamped(0.05) < 0.2)
    }
}

@Suite struct AppearanceTests {
    @Test func fadeGoesFromTransparentToOpaqueIn300ms() {
        var a = Appearance()
        a.show(at: 10, animation: .fade)
        #expect(a.presentation(at: 10) == Presentation(opacity: 0, scale: 1))
        #expect(a.presentation(at: 10.3) == .shown)
        #expect(a.isAnimating(at: 10.29))
        #expect(!a.isAnimating(at: 10.3))
        let mid = a.presentation(at: 10.05).opacity
        #expect(mid > 0 && mid < 1)
    }

    @Test func zoomScalesFollowMBProgressHUD() {
        var zoom = Appearance()
        zoom.show(at: 0, animation: .zoom)
        #expect(zoom.presentation(at: 0).scale == 0.5)
        zoom.hide(at: 1, animation: .zoom)
        #expect(zoom.presentation(at: 1.3) == Presentation(opacity: 0, scale: 0.5))

        var zoomOut = Appearance()
        zoomOut.show(at: 0, animation: .zoomOut)
        #expect(zoomOut.presentation(at: 0).scale == 1.5)
        zoomOut.hide(at: 1, animation: .zoomOut)
        #expect(zoomOut.presentation(at: 2).scale == 0.5)

        var zoomIn = Appearance()
        zoomIn.show(at: 0, animation: .zoomIn)
        #expect(zoomIn.presentation(at: 0).scale == 0.5)
        zoomIn.hide(at: 1, animation: .zoomIn)
        #expect(zoomIn.presentation(at: 2).scale == 1.5)
    }

    @Test func hideDuringShowStartsFromThePresentedValue() {
        var a = Appearance()
        a.show(at: 0, animation: .zoom)
        let before = a.presentation(at: 0.1)
        a.hide(at: 0.1, animation: .zoom)
        #expect(a.presentation(at: 0.1) == before)  // no jump
        var previous = before.opacity
        for i in 1...30 {
            let o = a.presentation(at: 0.1 + Double(i) * 0.01).opacity
            #expect(o <= previous)
            previous = o
        }
        #expect(a.isFullyHidden(at: 0.4))
    }

    @Test func showDuringHideKeepsTheCurrentScale() {
        var a = Appearance()
        a.show(at: 0, animation: .zoom)
        a.hide(at: 1, animation: .zoom)
        let mid = a.presentation(at: 1.05)
        #expect(mid.opacity > 0 && mid.scale < 1)
        a.show(at: 1.05, animation: .zoom)
        #expect(a.presentation(at: 1.05) == mid)
        #expect(a.presentation(at: 1.4) == .shown)
    }

    @Test func unanimatedIsImmediate() {
        var a = Appearance()
        a.show(at: 5, animation: .zoom, animated: false)
        #expect(a.presentation(at: 5) == .shown)
        #expect(!a.isAnimating(at: 5))
    }
}

/// Issue 51: what the user waits to read is whole in its first frame, and a run of changes settles at once.
@Suite struct AtOnceTests {
    @Test func anOSDIsWholeInItsFirstFrameAndStillGoesWithItsAnimation() {
        var style = HUDStyle.theme(.dark)
        style.appearsAtOnce = true
        style.animation = .zoom
        var scene = HUDScene(content: HUDContent(mode: .bar, label: "Volume 40%"), style: style, area: screen)
        scene.show(at: 1)
        #expect(scene.appearance.presentation(at: 1) == .shown)
        #expect(scene.nextFrameTime(after: 1) == nil, "nothing left to play after the first frame")
        scene.hide(at: 2)
        let going = scene.appearance.presentation(at: 2.05)
        #expect(going.opacity > 0 && going.opacity < 1 && going.scale < 1, "\(going)")
        // A plain HUD keeps MBProgressHUD's fade in.
        var plain = HUDScene(content: HUDContent(mode: .bar), style: .theme(.dark), area: screen)
        plain.show(at: 1)
        #expect(plain.appearance.presentation(at: 1).opacity == 0)
    }

    @Test func aResizeThatComesWhileTheLastGlidesIsDrawnWhole() {
        var motion = BezelMotion()
        let sizes = [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 0, width: 110, height: 50),
                     Rect(x: 0, y: 0, width: 120, height: 50)]
        motion.resize(from: sizes[0], to: sizes[1], at: 1)
        #expect(bezel(motion, sizes[1], at: 1.05).width < 110, "the first change of size glides")
        motion.resize(from: sizes[1], to: sizes[2], at: 1.1)
        #expect(bezel(motion, sizes[2], at: 1.1) == sizes[2], "the next, 0.1 s later, is drawn whole")
        #expect(!motion.isAnimating(at: 1.1))
        // A change of size long after the last glides again.
        motion.resize(from: sizes[2], to: sizes[0], at: 5)
        #expect(bezel(motion, sizes[0], at: 5.05).width > 100)
    }

    @Test func aBurstOfStackChangesMovesEachHUDOnceAChange() {
        var motion = BezelMotion()
        motion.setShift(60, at: 1, animated: true)
        #expect(motion.isAnimating(at: 1.1), "one change of the stack slides")
        // Ten notifications a second: each shift comes while the last would still slide.
        for (i, dy) in [120.0, 180, 240].enumerated() {
            let t = 1.1 + Double(i) / 10
            motion.setShift(dy, at: t, animated: true)
            #expect(motion.shift.value(at: t) == dy && !motion.isAnimating(at: t), "in place at once: \(dy)")
        }
    }

    @Test func aHUDThatHasJustComeTakesItsPlaceInTheStackAtOnce() {
        var style = HUDStyle.theme(.dark)
        style.appearsAtOnce = true
        var scene = HUDScene(content: HUDContent(mode: .text, label: "Backup done"), style: style, area: screen)
        scene.show(at: 1)
        // The next notification, 0.1 s later, pushes it down a slot: in place in the next frame.
        scene.setStackShift(70, at: 1.1)
        #expect(scene.motion.shift.value(at: 1.1) == 70 && scene.nextFrameTime(after: 1.1) == nil)
        // Up for a while, it slides.
        scene.setStackShift(0, at: 3)
        #expect(scene.motion.isAnimating(at: 3.1))
    }

    @Test func aChangeOfSizeInARunOfLabelsIsDrawnWhole() {
        var scene = HUDScene(content: HUDContent(mode: .text, label: "8 more"), style: .theme(.dark), area: screen)
        scene.show(at: 0, animated: false)
        let small = Rect(x: 0, y: 0, width: 54, height: 26), wide = Rect(x: 0, y: 0, width: 60, height: 26)
        // A label alone after a pause glides to its new size.
        scene.setContent(HUDContent(mode: .text, label: "9 more"), at: 1)
        scene.bezelChanged(from: small, to: wide, at: 1)
        #expect(scene.motion.isAnimating(at: 1.05))
        // Labels ten a second: the one that changes the size is drawn at it.
        scene.setContent(HUDContent(mode: .text, label: "10 more"), at: 3)
        scene.setContent(HUDContent(mode: .text, label: "11 more"), at: 3.1)
        scene.bezelChanged(from: wide, to: small, at: 3.1)
        #expect(!scene.motion.isAnimating(at: 3.1))
    }

    @Test func aHUDInABusyStackMovesAtOnce() {
        var pill = HUDScene(content: HUDContent(mode: .text, label: "3 more"), style: .theme(.dark), area: screen)
        pill.show(at: 0, animated: false)
        #expect(!pill.changedRecently(at: 1))
        pill.setContent(HUDContent(mode: .text, label: "4 more"), at: 1)
        #expect(pill.changedRecently(at: 1.1) && !pill.changedRecently(at: 1.5))
        var bubble = HUDScene(content: HUDContent(mode: .text, label: "Backup done"), style: .theme(.dark),
                              area: screen)
        bubble.show(at: 0, animated: false)
        #expect(HUDStack.isBusy([bubble, pill], at: 1.1) && !HUDStack.isBusy([bubble, pill], at: 1.5))
        bubble.setStackShift(69, at: 1.1, inBurst: HUDStack.isBusy([bubble, pill], at: 1.1))
        #expect(bubble.motion.shift.value(at: 1.1) == 69, "the pill changed 0.1 s ago: the column moves at once")
        bubble.setStackShift(0, at: 5, inBurst: false)
        #expect(bubble.motion.isAnimating(at: 5.1), "a quiet stack slides")
    }

    @Test func aLiveHUDsFirstFrameIsARefreshIntoItsFade() {
        var life = HUDLifecycle()
        life.showLeadIn = 1.0 / 60
        var scene = HUDScene(content: HUDContent(mode: .bar), style: .theme(.dark), area: screen)
        life.show(at: 1, scene: &scene)
        let first = scene.appearance.presentation(at: 1).opacity
        #expect(first > 0 && first < 0.5, "the frame drawn at the show is on screen a refresh later: \(first)")
        #expect(!scene.appearance.isAnimating(at: 1.3 - 1.0 / 60))
        // A show during the hide starts from what is presented: no jump.
        life.hide(at: 2, scene: &scene)
        let before = scene.appearance.presentation(at: 2.1)
        life.show(at: 2.1, scene: &scene)
        #expect(scene.appearance.presentation(at: 2.1) == before)
    }

    private func bezel(_ motion: BezelMotion, _ target: Rect, at time: Double) -> Rect {
        var layout = HUDLayout(content: HUDContent(mode: .text, label: "x"), style: .theme(.dark), area: screen,
                               measurer: FixedMetrics())
        layout.bezel = target
        return motion.apply(to: layout, at: time).bezel
    }
}

@Suite struct SpinnerTests {
    @Test func stepsTwelveTimesASecond() {
        #expect(ActivityIndicator.step(at: 0) == 0)
        #expect(ActivityIndicator.step(at: 0.09) == 1)
        #expect(ActivityIndicator.step(at: 0.5) == 6)
        #expect(ActivityIndicator.step(at: 1.0) == 0)
        #expect(ActivityIndicator.step(at: -0.01) == 11)
        #expect(ActivityIndicator.step(at: .nan) == 0)
        #expect(abs(ActivityIndicator.nextStepTime(after: 0.01) - 1.0 / 12) < 1e-9)
    }

    @Test func sceneSleepsWhenNothingMoves() {
        var scene = HUDScene(content: HUDContent(mode: .annular, progress: 0.5), style: .theme(.dark), area: screen)
        #expect(scene.nextFrameTime(after: 0) == nil)
        scene.show(at: 0)
        #expect(scene.nextFrameTime(after: 0.1) == 0.1)
        #expect(scene.nextFrameTime(after: 0.5) == nil)  // shown, static
        scene.content.mode = .indeterminate
        let next = try! #require(scene.nextFrameTime(after: 0.5))
        #expect(next > 0.5 && next <= 0.5 + 1.0 / 12 + 1e-9)
    }
}

@Suite struct ProgressTrackTests {
    @Test func easesToANewValueWithoutGoingBack() {
        var t = ProgressTrack(0.2)
        t.set(0.6, at: 1)
        #expect(t.value(at: 1) == 0.2)
        #expect(t.value(at: 1.2) == 0.6)
        var previous = 0.2
        for i in 1...20 {
            let v = t.value(at: 1 + Double(i) * 0.01)
            #expect(v >= previous)
            previous = v
        }
    }

    @Test func retargetingMidwayStartsFromWhatIsShown() {
        var t = ProgressTrack(0)
        t.set(0.5, at: 0)
        let shown = t.value(at: 0.05)
        t.set(0.9, at: 0.05)
        #expect(t.value(at: 0.05) == shown)
        #expect(t.value(at: 0.06) > shown)
        #expect(t.value(at: 0.3) == 0.9)
    }

    @Test func goesBackOnlyWhenTheInputDoes() {
        var t = ProgressTrack(0.8)
        t.set(0.3, at: 0)
        #expect(t.value(at: 0.1) < 0.8)
        #expect(t.value(at: 0.2) == 0.3)
    }

    @Test func sceneDrawsTheEasedValueAndAsksForFrames() {
        var scene = HUDScene(content: HUDContent(mode: .annular, progress: 0), style: .theme(.dark), area: screen)
        scene.show(at: 0, animated: false)
        scene.setProgress(1, at: 1)
        let mid = scene.snapshot(at: 1.05, measurer: FixedMetrics()).content.progress
        #expect(mid > 0 && mid < 1)
        // The next frame when the arc's end has moved a pixel on from the frame at 1.05.
        let next = try! #require(scene.nextFrameTime(after: 1.05))
        #expect(next > 1.05 && next < 1.2)
        let moved = scene.presentedProgress(at: next) - mid
        #expect(abs(moved - scene.indicator!.visibleProgressStep(scale: 1)!) < 1e-6)
        #expect(scene.snapshot(at: 1.3, measurer: FixedMetrics()).content.progress == 1)
        #expect(scene.nextFrameTime(after: 1.3) == nil)
        // A direct model change is drawn as it is.
        scene.content.progress = 0.4
        #expect(scene.snapshot(at: 1.3, measurer: FixedMetrics()).content.progress == 0.4)
    }
}
