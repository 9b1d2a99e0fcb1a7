import HUDBase
import HUDScene

/// The user's mako configuration, read on Wayland as `DunstConfig` reads a dunstrc: `$XDG_CONFIG_HOME/mako/config`
/// (else `~/.config/mako/config`), its top-level keys the look of every notification, each `[criteria]` section
/// (`[urgency=high]`, `[app-name=Spotify]`) an urgency's look or a rule.
public enum MakoConfig {
    /// The file to read; empty when the user has none.
    public static func paths(environment: [String: String]) -> [String] {
        [XDGBaseDirectory.configFile("mako/config", environment: environment)].compactMap { $0 }
            .filter(FileSystem.exists)
    }

    /// Reads the user's file and maps it; nil when there is none.
    public static func load(environment: [String: String]) -> ImportedNotifications? {
        DunstConfig.load(paths(environment: environment), read: read)
    }

    /// Maps `files` (path and text) onto x11hud's settings.
    public static func read(_ files: [(path: String, text: String)]) -> ImportedNotifications {
        var imported = ImportedNotifications()
        let sections = DunstConfig.layer(files, inlineComments: false, into: &imported)
        var mapping = MakoMapping(core: DunstMapping(imported: imported))
        mapping.map(sections)
        return mapping.core.imported
    }
}
