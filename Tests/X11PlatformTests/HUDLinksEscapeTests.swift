import Testing
import X11Names

/// The names of HUDs on the X server: escaped into atom and selection names.
@Suite struct HUDLinksEscapeTests {
    /// Issue 21 item 8: every byte outside the plain set is escaped with two hex digits, so no two ids collide.
    @Test func idEscapesHaveAFixedWidth() {
        #expect(HUDLinks.escape(" ") == "%20")
        #expect(HUDLinks.escape("\u{02}0") == "%020")
        #expect(HUDLinks.escape("\u{02}0") != HUDLinks.escape(" "))
        #expect(HUDLinks.escape("backup-1.x_y") == "backup-1.x_y")
        #expect(HUDLinks.escape("%") == "%25")
        #expect(HUDLinks.escape("é") == "%c3%a9")
    }
}
