/// What another notification server's config (dunst's dunstrc, mako's config) gives x11hud's `[notifications]`
/// table: the settings, the files read, where each key came from, and one warning for each key that could not be
/// mapped, naming the file and line it was first met on.
public struct ImportedNotifications: Sendable {
    public var settings = NotificationSettings()
    /// The files read, in the order they were layered.
    public var files: [String] = []
    /// Where each key of `settings` came from, by its name in the table (`width`, `normal.bezel-color`), for
    /// `--print-config`.
    public var sources: [String: SettingSource] = [:]
    /// Where each of `settings.rules` came from.
    public var ruleSources: [SettingSource] = []
    /// The keys that could not be mapped, one each, in the order first met.
    public var warnings: [ConfigError] {
        tally.map { entry in
            var warning = entry.warning
            let more = entry.count - 1
            if more > 0 { warning.reason += " (and \(more) more line\(more == 1 ? "" : "s"))" }
            return warning
        }
    }

    private var tally: [(key: String, warning: ConfigError, count: Int)] = []

    public init() {}

    /// Notes that `key`, at `path`:`line`, cannot be mapped for `reason`. Said once per key: a key met again (in
    /// every rule of a long file) only adds to the count the warning ends with.
    mutating func warn(_ key: String, at place: (path: String, line: Int), _ reason: String) {
        if let i = tally.firstIndex(where: { $0.key == key }) {
            tally[i].count += 1
            return
        }
        tally.append((key, ConfigError(path: place.path, line: place.line, key: key, reason: reason), 1))
    }

    /// Notes where the table's `name` (`width`, `critical.timeout`) came from.
    mutating func source(_ name: String, _ place: (path: String, line: Int)) {
        sources[name] = .file(path: place.path, line: place.line)
    }

    /// The one line the server says on starting: which files it read.
    public var readLine: String {
        "read " + files.joined(separator: ", ") + " (no [notifications] in config.toml; "
            + "'x11hud notifications --print-config' shows it as x11hud's TOML)"
    }
}
