/// The XDG Base Directory rules for configuration, in one place for every file x11hud reads from there (its own
/// `config.toml`, GTK's `settings.ini`).
///
/// The specification: "If an implementation encounters a relative path in any of these variables it should
/// consider the path invalid and ignore it", so a relative value falls back to the default rather than to the
/// working directory.
public enum XDGBaseDirectory {
    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`; nil when neither gives an absolute path.
    public static func configHome(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config" }
        return nil
    }

    /// `relativePath` inside the configuration directory, or nil when there is none.
    public static func configFile(_ relativePath: String, environment: [String: String]) -> String? {
        configHome(environment: environment).map { $0 + "/" + relativePath }
    }

    /// The system's configuration directories, most important first: the absolute ones of the colon-separated
    /// `$XDG_CONFIG_DIRS`, `/etc/xdg` when it names none.
    public static func configDirectories(environment: [String: String]) -> [String] {
        let dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? ["/etc/xdg"] : dirs.map(String.init)
    }
}
