import HUDBus
import HUDConfig

/// What a `[[notifications.rule]]` script is started with: dunst's five arguments and its `DUNST_*` environment,
/// with the same values dunst 1.9 gives them, so a script written for dunst runs unchanged; and x11hud's own
/// `X11HUD_*` variables beside them.
struct RuleScriptCall: Equatable {
    /// Runs each of `scripts` for notification `id` with dunst's arguments and environment, through `runScript`.
    /// No shell reads any of them. Returns a line for each that could not be started.
    @MainActor static func run(_ scripts: [String], for id: UInt32, _ n: Notification, timeout: NotificationExpiry,
                               now: Double,
                               with runScript: (_ argv: [String], _ environment: [String: String]) throws -> Void)
        -> [String] {
        scripts.compactMap { script in
            let call = RuleScriptCall(script: script, id: id, n, timeout: timeout.seconds(for: n), now: now)
            do {
                try runScript(call.arguments, call.environment)
                return nil
            } catch {
                return "notification \(id): cannot run the rule's script '\(script)': \(error)"
            }
        }
    }

    var arguments: [String]
    var environment: [String: String]

    /// The icon dunst shows when a notification names none, per urgency (its `icon_low`, `icon_normal`,
    /// `icon_critical`), which it also passes to scripts.
    static let defaultIcons: [Urgency: String] = [
        .low: "dialog-information", .normal: "dialog-information", .critical: "dialog-warning",
    ]

    /// `script` for notification `id`: `timeout` its seconds on screen (nil: until closed), `now` the monotonic
    /// time it arrived, in seconds.
    init(script: String, id: UInt32, _ n: Notification, timeout: Double?, now: Double) {
        // dunst's icon is the first of the image-path hint and the app_icon, else its default for the urgency.
        let named = [n.hints["image-path"]?.string, n.hints["image_path"]?.string, n.appIcon]
            .compactMap { $0 }.first { !$0.isEmpty }
        let icon = named ?? Self.defaultIcons[n.urgency] ?? ""
        let urgency = n.urgency.word.uppercased()
        let appName = n.appName.isEmpty ? "unknown" : n.appName
        arguments = [script, appName, n.summary, n.body, icon, urgency]
        let progress = n.hints["value"]?.integer.map { String(max(0, min(100, $0))) } ?? "-1"
        environment = [
            "DUNST_APP_NAME": appName, "DUNST_SUMMARY": n.summary, "DUNST_BODY": n.body,
            "DUNST_ICON_PATH": Self.path(of: icon), "DUNST_URGENCY": urgency, "DUNST_ID": String(id),
            "DUNST_PROGRESS": progress, "DUNST_CATEGORY": n.hints["category"]?.string ?? "",
            "DUNST_STACK_TAG": n.hints["x-dunst-stack-tag"]?.string ?? "",
            "DUNST_URLS": NotificationLinks.of(summary: n.summary, body: n.body).joined(separator: "\n"),
            "DUNST_TIMEOUT": String(Int64(((timeout ?? 0) * 1000).rounded())),
            "DUNST_TIMESTAMP": String(Int64((now * 1000).rounded(.down))),
            "DUNST_DESKTOP_ENTRY": n.hints["desktop-entry"]?.string ?? "",
            "X11HUD_ID": String(id), "X11HUD_APP_NAME": n.appName, "X11HUD_SUMMARY": n.summary, "X11HUD_BODY": n.body,
            "X11HUD_ICON": n.appIcon, "X11HUD_URGENCY": n.urgency.word,
            "X11HUD_CATEGORY": n.hints["category"]?.string ?? "",
            "X11HUD_DESKTOP_ENTRY": n.hints["desktop-entry"]?.string ?? "",
        ]
    }

    /// The file an icon names, when it names one (a path or a `file://` URI); a theme name has none here, as in
    /// dunst without an `icon_path` that holds it.
    static func path(of icon: String) -> String {
        if icon.hasPrefix("/") { return icon }
        if icon.hasPrefix("file://") { return NotificationPicture.fileURIPath(icon) }
        return ""
    }
}
