import HUDControl
import HUDLoop
import HUDScene
import ProgressFeed
import Testing

/// A change from the program (a notification) enters the HUD through the same door as input: look, picture,
/// buttons and handlers at once, its text with the next frame, merged with the rest.
@MainActor struct HUDChangeTests {
    private let hud = HUDController(clock: ManualLoop(now: 10), scene: HUDScene(
        content: HUDContent(), style: .theme(.dark), area: Rect(x: 0, y: 0, width: 800, height: 600)))

    @Test func everythingButTheTextIsSetAtOnceAndTheTextWithTheNextFrame() {
        var clicked: [String] = []
        var styles: [HUDStyle] = []
        hud.onStyle = { styles.append($0) }
        var change = HUDChange(input: FeedUpdate(label: "Build done", mode: .text), style: .theme(.light))
        change.picture = .some(.icon(.success))
        change.actions = ["Open", "Dismiss"]
        change.stackCount = 3
        var handlers = HUDHandlers()
        handlers.button = { clicked.append("button") }
        handlers.action = { clicked.append("action \($0)") }
        handlers.bezel = { clicked.append("bezel") }
        handlers.otherClick = { clicked.append("other \($0)") }
        handlers.hover = { clicked.append("hover \($0)") }
        change.handlers = handlers
        change.completion = { clicked.append("hidden") }
        hud.post(change)
        #expect(hud.style == .theme(.light))
        #expect(styles == [.theme(.light)])
        #expect(hud.content.custom == .icon(.success))
        #expect(hud.content.actions == ["Open", "Dismiss"])
        #expect(hud.content.stackCount == 3)
        // The text is input: it waits for the frame.
        #expect(hud.content.label == "")
        _ = hud.update(at: 10)
        #expect(hud.content.label == "Build done")
        hud.buttonClicked()
        hud.actionClicked?(1)
        hud.bezelAction?()
        hud.bezelOtherClicked?(3)
        hud.hoverChanged?(true)
        hud.completion?()
        #expect(clicked == ["button", "action 1", "bezel", "other 3", "hover true", "hidden"])
    }

    @Test func whatAChangeLeavesOutStaysAndHandlersAreReplacedTogether() {
        var first = HUDChange(style: .theme(.light))
        first.picture = .some(.icon(.error))
        var handlers = HUDHandlers()
        handlers.bezel = {}
        first.handlers = handlers
        hud.post(first)
        hud.post(HUDChange(input: FeedUpdate(label: "again")))
        #expect(hud.style == .theme(.light))
        #expect(hud.content.custom == .icon(.error))
        #expect(hud.bezelAction != nil)
        var cleared = HUDChange()
        cleared.picture = .some(nil)
        cleared.handlers = HUDHandlers()
        hud.post(cleared)
        #expect(hud.content.custom == nil)
        #expect(hud.bezelAction == nil)
    }
}
