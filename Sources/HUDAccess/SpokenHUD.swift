import HUDControl
import HUDScene

/// What a screen reader is told of one HUD, read from its controller's scene: compared frame to frame, so that
/// only a change is said.
struct SpokenHUD: Equatable {
    /// The accessibility label, else the label, else the details (a HUD of details alone).
    var name: String
    var description: String
    /// Notification; alert for a HUD that dims and blocks the screen.
    var role: AccessibleRole
    /// The progress, 0 to 100, in a mode that shows it; nil in the others.
    var value: Double?
    /// The button's title, then a notification's actions.
    var buttons: [String]

    @MainActor init(_ hud: HUDController) {
        let content = hud.scene.content
        let label = content.accessibilityLabel ?? content.label
        name = label.isEmpty ? content.details : label
        description = label.isEmpty ? "" : content.details
        role = hud.blocksInput || hud.style.backgroundColor.alpha > 0 ? .alert : .notification
        switch content.mode {
        case .determinate, .annular, .bar: value = (content.progress * 100).rounded()
        case .indeterminate, .custom, .text: value = nil
        }
        buttons = (content.buttonTitle.isEmpty ? [] : [content.buttonTitle]) + content.actions
    }
}
