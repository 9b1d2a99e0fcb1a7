import HUDBase
import HUDScene

/// Where config files are looked for, after the XDG Base Directory specification (`XDGBaseDirectory`): the
/// system's files under the user's, so a distribution or an administrator can set defaults that a user's own file
/// overrides.
public enum ConfigPaths {
    /// The name of the file inside each configuration directory.
    static let relative = "x11hud/config.toml"

    /// Every config file to read, lowest layer first: the system's files, then the user's.
    public static func layers(environment: [String: String]) -> [String] {
        system(environment: environment) + [user(environment: environment)].compactMap { $0 }
    }

    /// The system-wide files, lowest layer first: `x11hud/config.toml` in each directory of `$XDG_CONFIG_DIRS`
    /// (`/etc/xdg` when unset), the last directory first, since the first one listed is the most important.
    public static func system(environment: [String: String]) -> [String] {
        XDGBaseDirectory.configDirectories(environment: environment).reversed().map { $0 + "/" + relative }
    }

    /// `$XDG_CONFIG_HOME/x11hud/config.toml`, else `~/.config/x11hud/config.toml`.
    public static func user(environment: [String: String]) -> String? {
        XDGBaseDirectory.configFile(relative, environment: environment)
    }
}
