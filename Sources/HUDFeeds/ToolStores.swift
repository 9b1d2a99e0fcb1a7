import Glibc
import HUDBase

/// The places a backup tool keeps its own files, read from its command line and environment (`/proc/PID/cmdline`,
/// `/proc/PID/environ`): its repository, its cache and its configuration. What it reads or writes there (restic's
/// index files and the `…-tmp-…` packs it writes, borg's segments, its security and cache files) is the tool's
/// bookkeeping, never the source being backed up, so `--watch-pid` never follows it (issue 40 item 3).
///
/// Only local places count: a repository behind `sftp:`, `s3:`, `rest:` or `ssh://` has no files here.
struct ToolStores: Equatable {
    /// Absolute directories, without a trailing slash.
    private(set) var directories: [String] = []
    /// The command is a backup tool whose places these are: what it writes (its repository, its log on stdout) is
    /// never its progress, even before it has been seen reading a source.
    private(set) var isBackupTool = false

    /// Whether `path` (an absolute path, as `/proc/PID/fd` links read) is one of the places or under one.
    func contains(_ path: String) -> Bool {
        directories.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The places of `command` (`/proc/PID/comm`) run with `arguments` (argv, the interpreter's included) and
    /// `environment`, relative paths taken from `directory` (its working directory). Empty for a tool other than
    /// restic and borg.
    init(command: String, arguments: [String], environment: [String: String], directory: String?) {
        let home = environment["HOME"]
        let cache = environment["XDG_CACHE_HOME"] ?? home.map { $0 + "/.cache" }
        let config = environment["XDG_CONFIG_HOME"] ?? home.map { $0 + "/.config" }
        var places: [String?] = []
        switch command {
        case "restic":
            let file = (Self.value(of: ["--repository-file"], in: arguments) ?? environment["RESTIC_REPOSITORY_FILE"])
                .flatMap { Self.firstLine(of: Self.absolute($0, from: directory)) }
            places.append(Self.resticRepository(Self.value(of: ["-r", "--repo"], in: arguments) ?? file
                ?? environment["RESTIC_REPOSITORY"]))
            places.append(Self.value(of: ["--cache-dir"], in: arguments) ?? environment["RESTIC_CACHE_DIR"]
                ?? cache.map { $0 + "/restic" })
        case "borg":
            // `REPO::ARCHIVE` (1.x), or a path that is a borg repository (`borg check REPO`), or BORG_REPO.
            places.append(environment["BORG_REPO"])
            for argument in arguments where !argument.hasPrefix("-") {
                if let range = argument.firstRange(of: "::") {
                    places.append(String(argument[..<range.lowerBound]))
                } else if Self.isBorgRepository(Self.absolute(argument, from: directory)) {
                    places.append(argument)
                }
            }
            let base = environment["BORG_BASE_DIR"]
            places.append(environment["BORG_CACHE_DIR"] ?? base.map { $0 + "/.cache/borg" }
                ?? cache.map { $0 + "/borg" })
            places.append(environment["BORG_CONFIG_DIR"] ?? base.map { $0 + "/.config/borg" }
                ?? config.map { $0 + "/borg" })
            places.append(environment["BORG_SECURITY_DIR"])
            places.append(environment["BORG_KEYS_DIR"])
        default:
            return
        }
        isBackupTool = true
        for case let place? in places where !place.isEmpty && Self.isLocal(place) {
            let full = Self.canonical(Self.absolute(place, from: directory))
            if !directories.contains(full) { directories.append(full) }
        }
    }

    /// The value of the first of `options` in `arguments`: `-r X`, `-rX`, `--repo X`, `--repo=X`.
    static func value(of options: [String], in arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            for option in options {
                if argument == option, i + 1 < arguments.count { return arguments[i + 1] }
                if option.hasPrefix("--"), argument.hasPrefix(option + "=") {
                    return String(argument.dropFirst(option.count + 1))
                }
                if !option.hasPrefix("--"), argument.hasPrefix(option), argument.count > option.count {
                    let rest = argument.dropFirst(option.count)
                    return String(rest.hasPrefix("=") ? rest.dropFirst() : rest)
                }
            }
        }
        return nil
    }

    /// A restic repository's directory: `local:/srv/repo` or a plain path; nil for another backend (`sftp:…`).
    private static func resticRepository(_ repository: String?) -> String? {
        guard let repository else { return nil }
        if repository.hasPrefix("local:") { return String(repository.dropFirst("local:".count)) }
        return repository
    }

    /// Whether `place` is a path here, not `scheme:…` or `user@host:…` (a `:` before any `/`).
    private static func isLocal(_ place: String) -> Bool {
        guard let colon = place.firstIndex(of: ":") else { return true }
        return place[..<colon].contains("/")
    }

    /// The first line of a small file (`--repository-file`), or nil.
    private static func firstLine(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return bytes[0..<n].split(separator: UInt8(ascii: "\n")).first.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `path` holds a borg repository (its `config` says `[repository]`).
    private static func isBorgRepository(_ path: String) -> Bool {
        let fd = open(path + "/config", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n > 0 && String(decoding: bytes[0..<n], as: UTF8.self).hasPrefix("[repository]")
    }

    private static func absolute(_ path: String, from directory: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return path }
        let base = directory ?? ""
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    /// The path with its links resolved, as `/proc/PID/fd` shows the files under it; as given when it does not
    /// exist (yet).
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else {
            return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
