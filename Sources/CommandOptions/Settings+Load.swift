import HUDBase
import HUDCommandLine
import FoundationEssentials
package import HUDConfig
import HUDScene

extension Settings {
    /// The config files (the system's, then the user's, or `config` in its place) under what the command line
    /// gave; a file that cannot be used is one line and status 78, a `--config` that does not exist a usage error.
    /// `lenient` (the notification server, which must not be lost over a typo): a key that cannot be used is a
    /// warning naming its line and the rest of its file applies, and a file that cannot be read at all is one
    /// warning and no settings of its own.
    package static func load(config: String?, noConfig: Bool, given: [(ConfigKey, ConfigValue?)],
                     lenient: Bool = false) throws -> Settings {
        var files: [ConfigFile] = []
        // A client's --config read by the resident is found in the client's directory.
        let config = config.map(RelativePaths.resolve)
        if !noConfig {
            let environment = ProcessEnvironment.read()
            // --config takes the user's place; the system's files stay under it.
            let user = config ?? ConfigPaths.user(environment: environment)
            for path in ConfigPaths.system(environment: environment) + [user].compactMap({ $0 }) {
                do {
                    guard let file = try ConfigFile.load(path: path, lenient: lenient) else { continue }
                    files.append(file)
                    for warning in file.warnings {
                        // A rule with a bad key is left out whole (ConfigFile): the rest could match too much.
                        let whole = warning.reason.hasPrefix("notifications.rule[") ? " with its rule" : ""
                        ExitError.printError("warning: \(warning); left out\(whole)")
                    }
                } catch {
                    guard lenient else { throw ExitError(.badConfig, error.description) }
                    ExitError.printError("warning: \(error); the file's settings are not used")
                    if path == config { files.append(ConfigFile(path: path)) }
                }
            }
            if let config, files.last?.path != config {
                throw UsageError("--config: no such file '\(config)'")
            }
        }
        var settings = Settings(files: files)
        for case let (key, value?) in given { settings.override(key, with: value) }
        return settings
    }
}

extension LookOptions {
    /// The config files under these options; `lenient`, a key that cannot be used is a warning (`Settings.load`).
    package func settings(lenient: Bool = false) throws -> Settings {
        try Settings.load(config: config, noConfig: noConfig, given: ConfigKey.allCases.map { ($0, given[$0]) },
                          lenient: lenient)
    }
}
