import HUDControl
import HUDScene
import ProgressFeed

/// "N more": a small pill under the column of bubbles saying how many notifications wait for a place, changed as
/// the number does and gone at none. Not while paused or over a fullscreen window: those wait for the user's sake,
/// and a pill would disturb just as a bubble would (`x11hud notifications count` says how many wait).
extension NotificationDesk {
    /// The pill's HUD name: no notification's (those are `notification-N` or have a colon).
    public static let moreName = "notifications-more"

    /// Shows, changes or hides the pill for what waits now.
    func updateMore() {
        let count = pauseState.isOn || display.isFullscreen ? 0 : waiting.count
        guard count > 0 else {
            more?.hide()
            return
        }
        if more == nil {
            let update = FeedUpdate(label: "", mode: .text)
            guard case .local(let hud) = display.claim(Self.moreName, update: update) else { return }
            var change = HUDChange(style: moreStyle)
            change.completion = { [unowned self] in
                display.release(Self.moreName)
                more = nil
                // Hidden from elsewhere (`x11hud hide --all`) while some still wait: back at once, not at the next
                // change of the count.
                updateMore()
            }
            hud.post(change)
            more = hud
        }
        more?.post(HUDChange(input: FeedUpdate(label: "\(count) more", details: "", mode: .text)))
        more?.show()
    }

    /// The bubbles' colours in a smaller pill at the far end of their column, lined up with their edge.
    var moreStyle: HUDStyle {
        var s = style(for: Notification(summary: ""))
        s.bubble = nil
        s.stacksLast = true
        s.markup = false
        s.labelFont = Self.moreFont
        s.frameColor = .clear
        // Its own margin is the padding round its text; moved back to the bubbles' distance from the edges.
        let inset = look.bubble.margin - Self.morePadding
        s.margin = Self.morePadding
        s.offset.x -= inset * Double(s.position.horizontal)
        s.offset.y -= inset * Double(s.position.vertical)
        s.cornerRadius = 13
        return s
    }

    static let moreFont = try! FontSpec("Sans Bold 10")
    static let morePadding = 7.0
}
