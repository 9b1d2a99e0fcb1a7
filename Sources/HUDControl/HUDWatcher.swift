/// What follows HUDs beside their presenters, reading the platform-free state a presenter draws: the accessibility
/// bridge, which tells a screen reader what each HUD says. It is told of each HUD made while it is
/// `HUDController.watcherOfNew`: of each frame's update, of announcements, and of each HUD's end.
@MainActor public protocol HUDWatcher: AnyObject {
    /// A frame applied the HUD's input and advanced its life: `visible` says whether any of it is on screen. Runs
    /// once a frame while the HUD moves, so it compares before it does anything.
    func updated(_ hud: HUDController, visible: Bool)
    /// The program asked that `text` be spoken (`HUDController.announce`).
    func announced(_ hud: HUDController, _ text: String)
    /// The HUD has gone (its hide finished).
    func finished(_ hud: HUDController)
}
