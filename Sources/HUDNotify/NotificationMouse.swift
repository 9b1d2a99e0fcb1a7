import HUDConfig

/// Clicks on a notification, as dunst's `mouse_left_click`, `mouse_middle_click` and `mouse_right_click` set them
/// (`mouse-left`, `mouse-middle`, `mouse-right`): by default the left button its `default` action (else it closes),
/// the middle its default or first action, the right closes them all. Its action buttons take left clicks apart.
struct NotificationMouse {
    /// What a click comes to, for the desk to carry out.
    enum Outcome: Equatable {
        case invoke(action: String)
        case close
        case closeAll
        case nothing
    }

    /// By pointer button: 1 left, 2 middle, 3 right.
    let buttons: [Int: NotificationSettings.MouseAction]

    init(settings: NotificationSettings) {
        let builtIn = NotificationSettings.builtIn
        buttons = [1: settings.mouseLeft ?? builtIn.mouseLeft!, 2: settings.mouseMiddle ?? builtIn.mouseMiddle!,
                   3: settings.mouseRight ?? builtIn.mouseRight!]
    }

    /// Whether any button does something: a bubble no button acts on lets clicks through to what is under it.
    var takesClicks: Bool { buttons.values.contains { $0 != .none } }

    /// What a click of `button` on `n` does.
    func click(_ button: Int, on n: Notification) -> Outcome {
        let action = buttons[button] ?? .none
        switch action {
        case .doAction, .defaultAction:
            let key = action == .doAction ? n.defaultAction ?? n.actions.first?.key : n.defaultAction
            return key.map { .invoke(action: $0) } ?? .close
        case .close: return .close
        case .closeAll: return .closeAll
        case .none: return .nothing
        }
    }
}
