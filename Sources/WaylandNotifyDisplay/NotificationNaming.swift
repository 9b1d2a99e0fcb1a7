public import ProgressFeed
public import WaylandPlatform

/// How each notification is a named HUD of the display on Wayland, as on X11 (`notification-7`, `notify-send:volume`):
/// the program's sockets carry the names, so that `x11hud list` shows the bubbles, `hide --id` closes one and
/// `x11hud --id NAME` updates it, and a name another process shows already gets the update instead of a bubble.
@MainActor public protocol NotificationNaming: AnyObject {
    /// Sends `update` to another process's HUD called `name`, if one is up: true when it was sent.
    func forward(_ name: String, update: FeedUpdate) -> Bool
    /// This process shows `hud` by `name` (called again for a notification replaced in place).
    func hold(_ name: String, for hud: WaylandHUD)
    /// The HUD called `name` has ended: the name is free.
    func release(_ name: String)
}
