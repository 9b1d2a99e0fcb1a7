import HUDConfig
import HUDControl
import HUDScene
import ProgressFeed

/// "N more": a small pill under the column of bubbles saying how many notifications wait for a place, changed as the
/// number does and gone at none. The desk says the number; the pill keeps its HUD.
@MainActor final class NotificationMorePill {
    /// Its HUD name: no notification's (those are `notification-N` or have a colon).
    static let name = "notifications-more"
    static let font = try! FontSpec("Sans Bold 10")
    static let padding = 7.0

    private let display: any NotificationDisplay
    /// The bubbles' colours in a smaller pill at the far end of their column, lined up with their edge.
    let style: HUDStyle
    private var hud: (any NotificationHUD)?
    /// The number last said, for a pill hidden from elsewhere to come back with.
    private var count = 0

    init(display: any NotificationDisplay, look: NotificationLook) {
        self.display = display
        var s = look.style(for: .normal, osd: false)
        s.bubble = nil
        s.stacksLast = true
        s.markup = false
        s.labelFont = Self.font
        s.frameColor = .clear
        // Its own margin is the padding round its text; moved back to the bubbles' distance from the edges.
        let inset = look.bubble.margin - Self.padding
        s.margin = Self.padding
        s.offset.x -= inset * Double(s.position.horizontal)
        s.offset.y -= inset * Double(s.position.vertical)
        s.cornerRadius = 13
        style = s
    }

    /// Its height at the most it says in practice, for the room under the column; 0 on a display that cannot
    /// measure.
    var height: Double { display.measure(HUDContent(mode: .text, label: "99 more"), style: style)?.height ?? 0 }

    /// Shows, changes or hides the pill for `count` waiting.
    func show(_ count: Int) {
        self.count = count
        guard count > 0 else {
            hud?.hide(animated: true)
            return
        }
        if hud == nil {
            let update = FeedUpdate(label: "", mode: .text)
            guard case .local(let made) = display.claim(Self.name, update: update) else { return }
            var change = HUDChange(style: style)
            change.completion = { [unowned self] in
                display.release(Self.name)
                hud = nil
                // Hidden from elsewhere (`x11hud hide --all`) while some still wait: back at once, not at the next
                // change of the count.
                show(self.count)
            }
            made.post(change)
            hud = made
        }
        hud?.post(HUDChange(input: FeedUpdate(label: "\(count) more", details: "", mode: .text)))
        hud?.show()
    }
}
