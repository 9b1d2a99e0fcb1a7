/// The XDG Base Directory rules, in one place for every file x11hud reads from there: configuration (its own
/// `config.toml`, GTK's `settings.ini`) and data (icon themes).
///
/// The specification: "If an implementation encounters a relative path in any of these variables it should
/// consider the path invalid and ignore it", so a relative value falls back to the default rather than to the
/// working directory; and a list variable that is "either not set or empty" takes its default. Configuration and data
/// follow the same two rules below, only the variables and defaults differ.
public enum XDGBaseDirectory {
    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`; nil when neither gives an absolute path.
    public static func configHome(environment: [String: String]) -> String? {
        home("XDG_CONFIG_HOME", else: ".config", environment: environment)
    }

    /// `relativePath` inside the configuration directory, or nil when there is none.
    public static func configFile(_ relativePath: String, environment: [String: String]) -> String? {
        configHome(environment: environment).map { $0 + "/" + relativePath }
    }

    /// The system's configuration directories, most important first: the absolute ones of the colon-separated
    /// `$XDG_CONFIG_DIRS`, `/etc/xdg` when it names none.
    public static func configDirectories(environment: [String: String]) -> [String] {
        directories("XDG_CONFIG_DIRS", else: ["/etc/xdg"], environment: environment)
    }

    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`; nil when neither gives an absolute path.
    public static func dataHome(environment: [String: String]) -> String? {
        home("XDG_DATA_HOME", else: ".local/share", environment: environment)
    }

    /// The system's data directories, most important first: the absolute ones of the colon-separated
    /// `$XDG_DATA_DIRS`, `/usr/local/share` and `/usr/share` when it names none.
    public static func dataDirectories(environment: [String: String]) -> [String] {
        directories("XDG_DATA_DIRS", else: ["/usr/local/share", "/usr/share"], environment: environment)
    }

    /// Every data directory, the user's (`dataHome`) first, as the specification orders them for reading.
    public static func dataSearchPath(environment: [String: String]) -> [String] {
        (dataHome(environment: environment).map { [$0] } ?? []) + dataDirectories(environment: environment)
    }

    /// A user directory: `variable` when absolute, else `homeRelative` under an absolute `$HOME`.
    private static func home(_ variable: String, else homeRelative: String, environment: [String: String])
        -> String?
    {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/" + homeRelative }
        return nil
    }

    /// A list of system directories: the absolute entries of `variable`, else `defaults` (also when it is set but
    /// empty, or names only relative paths).
    private static func directories(_ variable: String, else defaults: [String], environment: [String: String])
        -> [String]
    {
        let dirs = (environment[variable] ?? "").split(separator: ":").filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? defaults : dirs.map(String.init)
    }
}
