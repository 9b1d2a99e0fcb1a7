import HUDNotify
import Testing

/// Issue 53 item 2 on the desk: the context menu lists each notification's links after its actions, as dunst does.
extension NotificationDeskTests {
    @Test func theMenuListsLinksAfterTheActionsOfEachNotification() {
        let desk = desk(maxVisible: 5)
        desk.show(1, Notification(summary: "Mail", body: #"read <a href="https://a.example/x">the page</a>"#,
                                  actions: [("reply", "Reply")], expireTimeout: 0))
        desk.show(2, Notification(summary: "Plain", body: "see www.b.org/z", expireTimeout: 0))
        // Newest first, as dunst builds the list from its displayed order.
        #expect(desk.menuLines == ["www.b.org/z", "#Reply (Mail) [1,reply]", "[the page] https://a.example/x"])
        #expect(desk.shownLinks.map(\.id) == [2, 1])
        #expect(desk.shownLinks.last?.links == [NotificationLink(text: "the page", url: "https://a.example/x")])
        // A line that is no action or link shown is nothing: no browser is started for it.
        #expect(desk.pick("   ") == nil && desk.pick("#X (Y) [9,reply]") == nil)
        #expect(desk.pick("[elsewhere] https://c.example") == nil && desk.pick("--version") == nil)
        // A link whose URL would be an option of the browser is not opened, with a warning.
        desk.show(3, Notification(summary: "Odd", body: #"<a href="--new-window">x</a>"#, expireTimeout: 0))
        #expect(desk.pick("[x] --new-window") == nil)
        #expect(log.warnings.last == "not opened: '--new-window' is no URL")
    }
}
