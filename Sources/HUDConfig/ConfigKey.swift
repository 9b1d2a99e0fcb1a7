/// The settings a config file may hold; each is named like the command-line option that overrides it, and has its
/// row of the table of settings in `setting` (Setting.swift). The order of the cases is `--print-config`'s.
public enum ConfigKey: String, CaseIterable, Hashable, Sendable, Codable, CodingKeyRepresentable {
    case theme
    case bezelColor = "bezel-color"
    case contentColor = "content-color"
    case backgroundColor = "background-color"
    case font
    case detailsFont = "details-font"
    case buttonFont = "button-font"
    case cornerRadius = "corner-radius"
    case margin
    case animation
    case position
    case offset
    case monitor
    case scale
    case pieStyle = "pie-style"
    case spinner
    case bezelStyle = "bezel-style"
    case notify
    case accessibility
}

/// The `theme` setting: one of the built-in themes, or `auto` to follow the desktop.
public enum ThemeChoice: String, CaseIterable, Hashable, Sendable, Codable {
    case dark
    case light
    /// Follow the desktop's preference where one is published; dark when none is.
    case auto
}
