/// The `accessibility` setting (`--accessibility`): whether a screen reader hears the HUDs and notifications.
public enum AccessibilityChoice: String, CaseIterable, Hashable, Sendable, Codable {
    /// When assistive technology is on (the desktop's `org.a11y.Status`), and then only.
    case auto
    /// Never: nothing is exposed, and the accessibility bus is not asked.
    case off
}
