import HUDConfig

/// Clicks on a notification, as dunst's `mouse_left_click`, `mouse_middle_click` and `mouse_right_click` set them
/// (`mouse-left`, `mouse-middle`, `mouse-right`): by default the left button its `default` action (else it closes),
/// the middle its default or first action, the right closes them all. Its action buttons take left clicks apart.
extension NotificationDesk {
    func click(_ action: NotificationSettings.MouseAction, on id: UInt32) {
        guard let n = notification(id) else { return }
        switch action {
        case .doAction, .defaultAction:
            let key = action == .doAction ? n.defaultAction ?? n.actions.first?.key : n.defaultAction
            if let key {
                invoke(id, key)
            } else {
                close(id, reason: .dismissed)
            }
        case .close: close(id, reason: .dismissed)
        case .closeAll: closeAll(reason: .dismissed)
        case .none: break
        }
    }
}
