@testable import HUDAccess
import HUDControl
import HUDLoop
import HUDScene
import Testing

/// What a screen reader is told of a HUD, read from its controller on a manual clock: the name, the role, the value
/// of the modes that show progress, the buttons; and what reaches a watcher, once a frame.
@MainActor struct SpokenHUDTests {
    private let clock = ManualLoop(now: 10)
    private let hud: HUDController

    init() {
        hud = HUDController(clock: clock, scene: HUDScene(content: HUDContent(mode: .annular, label: "Saving photos"),
                                                          style: .theme(.dark),
                                                          area: Rect(x: 0, y: 0, width: 800, height: 600)))
    }

    private func frame() {
        clock.advance(by: 1.0 / 60)
        _ = hud.update(at: clock.now)
    }

    @Test func aRingIsANotificationWithAProgressBar() {
        hud.show()
        hud.progress = 0.6
        frame()
        let said = SpokenHUD(hud)
        #expect(said.name == "Saving photos")
        #expect(said.role == .notification)
        #expect(said.value == 60)
        #expect(said.buttons.isEmpty)
    }

    @Test func theAccessibilityLabelIsTheNameAndTheDetailsTheDescription() {
        hud.content.accessibilityLabel = "Saving 7 photos to the NAS"
        hud.show()
        hud.progress = 0.2
        hud.content.details = "2 of 7"
        frame()
        let said = SpokenHUD(hud)
        #expect(said.name == "Saving 7 photos to the NAS")
        #expect(said.description == "2 of 7")
    }

    @Test func aHUDThatBlocksIsAnAlertAndTextShowsNoValue() {
        hud.blocksInput = true
        hud.content = HUDContent(mode: .text, label: "", details: "Only details", buttonTitle: "Stop")
        hud.show()
        frame()
        let said = SpokenHUD(hud)
        #expect(said.role == .alert)
        #expect(said.value == nil)
        #expect(said.name == "Only details")
        #expect(said.description == "")
        #expect(said.buttons == ["Stop"])
    }

    @Test func aWatcherHearsEachFrameAnAnnouncementAndTheEnd() {
        let watcher = Watcher()
        hud.watcher = watcher
        hud.show()
        frame()
        frame()
        hud.announce("Still copying")
        hud.hide(animated: false)
        frame()
        if hud.isDone { hud.finish() }
        #expect(watcher.updates == [true, true, false])
        #expect(watcher.announced == ["Still copying"])
        #expect(watcher.finished == 1)
    }

    @MainActor final class Watcher: HUDWatcher {
        var updates: [Bool] = []
        var announced: [String] = []
        var finished = 0
        func updated(_ hud: HUDController, visible: Bool) { updates.append(visible) }
        func announced(_ hud: HUDController, _ text: String) { announced.append(text) }
        func finished(_ hud: HUDController) { finished += 1 }
    }
}
