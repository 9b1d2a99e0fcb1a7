import HUDBase
import HUDScene

/// GTK 3's `settings.ini` (`$XDG_CONFIG_HOME/gtk-3.0/settings.ini`), where a desktop without an XSETTINGS manager
/// says its theme and icon theme: `key = value` lines, read the one way for every setting x11hud takes from it.
///
/// A GLib key file, read as far as these keys need: whitespace around the key and the value is not part of them,
/// `#` starts a comment line, group headers (`[Settings]`) are skipped, and a key set twice takes the later value.
public struct GTKSettingsFile: Equatable, Sendable {
    /// The file's keys and their values.
    public let values: [String: String]

    /// Reads the text of a settings.ini.
    public init(text: String) {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.hasPrefix("#"), !trimmed.hasPrefix("[") else { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty else { continue }
            values[parts[0]] = parts[1]
        }
        self.values = values
    }

    /// The user's file, or nil when there is none (or no configuration directory).
    public static func load(environment: [String: String]) -> GTKSettingsFile? {
        guard let path = XDGBaseDirectory.configFile("gtk-3.0/settings.ini", environment: environment),
              let text = FileSystem.text(atPath: path)
        else { return nil }
        return GTKSettingsFile(text: text)
    }

    /// `gtk-application-prefer-dark-theme`: true when it is `1` or `true`; nil when unset or anything else.
    public var prefersDarkTheme: Bool? {
        guard let value = values["gtk-application-prefer-dark-theme"]?.lowercased() else { return nil }
        return ["1", "true"].contains(value) ? true : nil
    }

    /// `gtk-theme-name`, when it names one.
    public var themeName: String? { nonEmpty("gtk-theme-name") }

    /// `gtk-icon-theme-name`, when it names one.
    public var iconThemeName: String? { nonEmpty("gtk-icon-theme-name") }

    private func nonEmpty(_ key: String) -> String? {
        values[key].flatMap { $0.isEmpty ? nil : $0 }
    }
}
