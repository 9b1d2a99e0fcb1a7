import HUDBase
import HUDCommandLine
import FoundationEssentials
import HUDConfig
import HUDScene

extension Settings {
    /// The config files (the system's, then the user's, or `config` in its place) under what the command line
    /// gave; a file that cannot be used is one line and status 78, a `--config` that does not exist a usage error.
    static func load(config: String?, noConfig: Bool, given: [(ConfigKey, ConfigValue?)]) throws -> Settings {
        var files: [ConfigFile] = []
        // A client's --config read by the resident is found in the client's directory.
        let config = config.map(RelativePaths.resolve)
        if !noConfig {
            let environment = ProcessInfo.processInfo.environment
            // --config takes the user's place; the system's files stay under it.
            let user = config ?? ConfigPaths.user(environment: environment)
            for path in ConfigPaths.system(environment: environment) + [user].compactMap({ $0 }) {
                do {
                    if let file = try ConfigFile.load(path: path) { files.append(file) }
                } catch {
                    throw ExitError(.badConfig, error.description)
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
