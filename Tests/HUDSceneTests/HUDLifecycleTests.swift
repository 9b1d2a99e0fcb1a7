import HUDScene
import Testing

@Suite struct HUDLifecycleTests {
    var scene = HUDScene(content: HUDContent(mode: .annular, label: "Saving"), style: .theme(.dark),
                         area: Rect(x: 0, y: 0, width: 800, height: 600))
    let d = Spring.duration

    @Test mutating func showsAtOnceWithoutGraceAndIsDoneWhenTheHideTransitionEnds() {
        var life = HUDLifecycle()
        life.show(at: 0, scene: &scene)
        #expect(life.phase == .shown)
        #expect(scene.appearance.isShown)
        #expect(life.nextDeadline(scene: scene) == nil)
        life.hide(at: 1, scene: &scene)
        #expect(life.phase == .hiding)
        #expect(life.nextDeadline(scene: scene) == 1 + d)
        #expect(!life.isDone(at: 1 + d - 0.01, scene: scene))
        #expect(life.isVisible(at: 1 + d - 0.01, scene: scene))
        #expect(life.isDone(at: 1 + d, scene: scene))
        #expect(!life.isVisible(at: 1 + d, scene: scene))
    }

    @Test mutating func appearsOnlyWhenTheGraceTimeEnds() {
        var life = HUDLifecycle(graceTime: 0.5)
        life.show(at: 0, scene: &scene)
        #expect(life.phase == .waiting)
        #expect(!life.isVisible(at: 0.4, scene: scene))
        #expect(life.nextDeadline(scene: scene) == 0.5)
        life.advance(to: 0.49, scene: &scene)
        #expect(!scene.appearance.isShown)
        life.advance(to: 0.5, scene: &scene)
        #expect(life.phase == .shown)
        #expect(life.shownSince == 0.5)
        #expect(scene.appearance.presentation(at: 0.5).opacity == 0)
        #expect(scene.appearance.presentation(at: 0.5 + d).opacity == 1)
    }

    @Test mutating func aHideDuringTheGraceTimeMeansTheHUDNeverAppears() {
        var life = HUDLifecycle(graceTime: 0.5)
        #expect(!life.isDone(at: 0, scene: scene))
        life.show(at: 0, scene: &scene)
        life.hide(at: 0.3, scene: &scene)
        #expect(life.isDone(at: 0.3, scene: scene))
        #expect(life.nextDeadline(scene: scene) == nil)
        life.advance(to: 10, scene: &scene)
        #expect(!scene.appearance.isShown)
        #expect(scene.appearance.endTime == 0)
    }

    @Test mutating func aHideBeforeTheMinimumShowTimeIsHeldBack() {
        var life = HUDLifecycle(minShowTime: 1)
        life.show(at: 0, scene: &scene)
        life.hide(at: 0.2, scene: &scene)
        #expect(life.phase == .shown)
        #expect(life.nextDeadline(scene: scene) == 1)
        life.advance(to: 1, scene: &scene)
        #expect(life.phase == .hiding)
        #expect(life.isDone(at: 1 + d, scene: scene))
    }

    @Test mutating func aHideAfterTheMinimumShowTimeIsImmediate() {
        var life = HUDLifecycle(minShowTime: 1)
        life.show(at: 0, scene: &scene)
        life.hide(at: 1.5, scene: &scene)
        #expect(life.phase == .hiding)
        #expect(scene.appearance.endTime == 1.5 + d)
    }

    /// MBProgressHUD issue #605: there, the grace timer's show cancels the delayed hide and the HUD stays forever.
    @Test mutating func theGraceTimeDoesNotCancelAPendingDelayedHide() {
        var life = HUDLifecycle(graceTime: 0.5)
        life.show(at: 0, scene: &scene)
        life.hide(at: 0, afterDelay: 1.2, scene: &scene)
        life.advance(to: 0.5, scene: &scene)
        #expect(life.phase == .shown)
        #expect(life.nextDeadline(scene: scene) == 1.2)
        life.advance(to: 1.2, scene: &scene)
        #expect(life.phase == .hiding)
        #expect(life.isDone(at: 1.2 + d, scene: scene))
    }

    @Test mutating func aLateAdvancePlaysEveryDeadlineAtItsOwnMoment() {
        var life = HUDLifecycle(graceTime: 0.5, minShowTime: 1)
        life.show(at: 0, scene: &scene)
        life.hide(at: 0, afterDelay: 0.8, scene: &scene)
        life.advance(to: 5, scene: &scene)
        // Shown at 0.5, hide asked at 0.8, held back until 0.5 + 1.
        #expect(life.shownSince == 0.5)
        #expect(scene.appearance.endTime == 1.5 + d)
        #expect(life.isDone(at: 5, scene: scene))
    }

    @Test mutating func aShowDuringTheHideReversesFromThePresentedStateEvenWithAGraceTime() {
        var life = HUDLifecycle(graceTime: 0.5)
        life.show(at: 0, scene: &scene)
        life.advance(to: 0.5, scene: &scene)
        life.hide(at: 2, scene: &scene)
        let t = 2 + d / 3
        let before = scene.appearance.presentation(at: t)
        #expect(before.opacity > 0 && before.opacity < 1)
        life.show(at: t, scene: &scene)
        #expect(life.phase == .shown)
        #expect(scene.appearance.presentation(at: t) == before)
        #expect(scene.appearance.presentation(at: t + d).opacity == 1)
        #expect(!life.isDone(at: t + d, scene: scene))
    }

    @Test mutating func anExplicitShowCancelsADelayedHide() {
        var life = HUDLifecycle()
        life.show(at: 0, scene: &scene)
        life.hide(at: 0, afterDelay: 1, scene: &scene)
        life.show(at: 0.5, scene: &scene)
        #expect(life.nextDeadline(scene: scene) == nil)
        life.advance(to: 2, scene: &scene)
        #expect(life.phase == .shown)
    }

    @Test mutating func aShowAfterTheHUDHasGoneWaitsForTheGraceTimeAgain() {
        var life = HUDLifecycle(graceTime: 0.5)
        life.show(at: 0, scene: &scene)
        life.advance(to: 0.5, scene: &scene)
        life.hide(at: 1, scene: &scene)
        #expect(life.isDone(at: 2, scene: scene))
        life.show(at: 2, scene: &scene)
        #expect(life.phase == .waiting)
        #expect(!life.isDone(at: 2, scene: scene))
        #expect(life.nextDeadline(scene: scene) == 2.5)
    }

    @Test mutating func anUnanimatedHideIsDoneAtOnce() {
        var life = HUDLifecycle()
        life.show(at: 0, scene: &scene)
        life.hide(at: 1, animated: false, scene: &scene)
        #expect(life.isDone(at: 1, scene: scene))
        #expect(!life.isVisible(at: 1, scene: scene))
    }
}
