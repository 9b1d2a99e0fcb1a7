import HUDConfig
@testable import HUDNotify
import Testing

/// What a click comes to, from the `mouse-*` settings, without a HUD to click.
struct NotificationMouseBindingTests {
    static let withDefault = Notification(summary: "Mail", actions: [("reply", "Reply"), ("default", "Open")])
    static let withActions = Notification(summary: "Mail", actions: [("reply", "Reply")])
    static let plain = Notification(summary: "Mail")

    @Test func theBuiltInButtonsAreDunstsDefaultOrFirstActionAndCloseAll() {
        let mouse = NotificationMouse(settings: NotificationSettings())
        #expect(mouse.takesClicks)
        #expect(mouse.click(1, on: Self.withDefault) == .invoke(action: "default"))
        #expect(mouse.click(1, on: Self.withActions) == .close, "left: the default action only, else it closes")
        #expect(mouse.click(2, on: Self.withActions) == .invoke(action: "reply"))
        #expect(mouse.click(2, on: Self.plain) == .close)
        #expect(mouse.click(3, on: Self.plain) == .closeAll)
        #expect(mouse.click(8, on: Self.plain) == .nothing, "a button without a binding does nothing")
    }

    @Test func buttonsSetToNoneLetClicksThrough() {
        let none = NotificationSettings(mouseLeft: NotificationSettings.MouseAction.none, mouseMiddle: .close,
                                        mouseRight: NotificationSettings.MouseAction.none)
        var mouse = NotificationMouse(settings: none)
        #expect(mouse.takesClicks && mouse.click(1, on: Self.withDefault) == .nothing)
        #expect(mouse.click(2, on: Self.withDefault) == .close)
        let off = NotificationSettings.MouseAction.none
        mouse = NotificationMouse(settings: NotificationSettings(mouseLeft: off, mouseMiddle: off, mouseRight: off))
        #expect(!mouse.takesClicks)
    }
}
