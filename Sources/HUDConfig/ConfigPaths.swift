/// Where config files are looked for, after the XDG Base Directory specification: the system's files under the
/// user's, so a distribution or an administrator can set defaults that a user's own file overrides.
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
        let dirs = directories(environment["XDG_CONFIG_DIRS"]) ?? ["/etc/xdg"]
        return dirs.reversed().map { $0 + "/" + relative }
    }

    /// `$XDG_CONFIG_HOME/x11hud/config.toml`, else `~/.config/x11hud/config.toml`.
    public static func user(environment: [String: String]) -> String? {
        if let home = directories(environment["XDG_CONFIG_HOME"])?.first { return home + "/" + relative }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/" + relative }
        return nil
    }

    /// The absolute directories in a colon-separated XDG variable; nil when it names none. The specification has
    /// relative paths ignored, so a stray `XDG_CONFIG_HOME=.config` cannot make x11hud read the working directory.
    static func directories(_ value: String?) -> [String]? {
        let dirs = (value ?? "").split(separator: ":").filter { $0.hasPrefix("/") }.map { String($0) }
        return dirs.isEmpty ? nil : dirs
    }
}
