import HUDFeeds
import HUDScene

/// A notification as it arrives, made ready for the desk: the config's rules applied, its picture read at the size
/// it is drawn at (each picture's warning said once), the rules' scripts started. What it knows of the screen is
/// only the icon theme it is given.
struct NotificationIntake {
    /// What the desk is to do with a notification that has arrived.
    struct Arrival {
        /// As the rules made it, without raw pixels (its picture is `picture`).
        var notification: Notification
        var picture: CustomIndicator?
        /// Kept off the screen: in the history only.
        var skipDisplay: Bool
        /// Kept out of the history.
        var skipHistory: Bool
        /// It may take duplicates: it had no raw pixels (two images cannot be told apart once scaled).
        var stackable: Bool
    }

    /// `[[notifications.rule]]`, applied in order to each notification as it arrives.
    var rules: NotificationRules
    let icons: IconLookup
    /// Starts a rule's script (`argv`, with `environment` added to ours): in the background, reaped, by default.
    var runScript: @MainActor (_ argv: [String], _ environment: [String: String]) throws -> Void = {
        try CommandJob.startInBackground($0, adding: $1)
    }
    /// The picture warnings said already (at most 256 kept): a volume key naming a missing icon file would write a
    /// line for every press.
    private var warned: Set<String> = []

    init(rules: NotificationRules, icons: IconLookup) {
        self.rules = rules
        self.icons = icons
    }

    /// Notification `n`, arrived as `id`, ready for the desk; `warn` is told what cannot be shown or run.
    @MainActor mutating func take(_ id: UInt32, _ n: Notification, iconTheme: String?, timeout: NotificationExpiry,
                                  now: Double, warn: (String) -> Void) -> Arrival {
        let ruled = rules.apply(to: n)
        let (picture, warnings) = NotificationPicture.resolve(ruled.notification, icons: icons, theme: iconTheme)
        for warning in warnings where warned.insert(warning).inserted {
            if warned.count > 256 { warned = [warning] }
            warn("notification \(id): \(warning)")
        }
        for failure in RuleScriptCall.run(ruled.scripts, for: id, ruled.notification, timeout: timeout, now: now,
                                          with: runScript) {
            warn(failure)
        }
        let pixels = n.pictures.contains { if case .pixels = $0 { true } else { false } }
        return Arrival(notification: ruled.notification.withoutPixels, picture: picture,
                       skipDisplay: ruled.skipDisplay, skipHistory: ruled.skipHistory, stackable: !pixels)
    }
}
