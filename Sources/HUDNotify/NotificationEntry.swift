import HUDScene

/// One open notification as the desk keeps it: shown, hiding or waiting for a place.
struct NotificationEntry {
    var notification: Notification
    var hud: (any NotificationHUD)?
    var name: String
    /// Its picture, read and scaled to the size it is drawn at when it arrived: the notification keeps no
    /// pixels of its own (`withoutPixels`), so a waiting one holds no more than a shown one.
    var picture: CustomIndicator?
    /// When its timeout closes it, on the desk's clock; nil without one, while hovered, or once hiding.
    var expires: Double?
    /// Why it is hiding, when this process hid it; a hide from elsewhere (`x11hud hide`) is a close (3).
    var reason: NotificationServer.CloseReason?
    /// Hiding for a pause, not closing: once hidden it waits again (`NotificationDesk.park()`).
    var parked = false
    /// A rule keeps it out of the history.
    var skipHistory = false
    /// The pointer is on it: its timeout waits.
    var hovered = false
    /// It may take duplicates: it has no raw pixels (two images cannot be told apart once scaled).
    var stackable = true

    /// On screen and staying: not hiding to close or for a pause.
    var isShown: Bool { hud != nil && reason == nil && !parked }
}
