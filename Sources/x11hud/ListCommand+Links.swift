import HUDNotify

extension ListCommand {
    /// The links of each notification shown, by its HUD's name, asked of the running x11hud notification server; nil
    /// when it does not answer (an older server: the actions alone are listed).
    @MainActor static func notificationLinks() -> [String: [NotificationLink]]? {
        guard let client = try? NotificationControl.Client(), let rows = try? client.links() else { return nil }
        var byName: [String: [NotificationLink]] = [:]
        for row in rows { byName[row.name, default: []].append(row.link) }
        return byName
    }
}
