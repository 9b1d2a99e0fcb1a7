import Glibc

/// Why `x11hud run` could not start its command, with the statuses a shell gives: 127 when there is no such
/// command, 126 when there is one that cannot be executed.
enum CommandLookup {
    static let notFound: Int32 = 127
    static let notExecutable: Int32 = 126

    /// The one-line error for a failed start of `command`.
    static func failure(_ command: String, errno code: Int32) -> ExitError {
        // posix_spawnp reports the last error of its PATH search; a shell says "not found" unless a file is there.
        if let path = existing(command) {
            var st = stat()
            let reason = stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
                ? "is a directory" : String(cString: strerror(code == ENOENT ? EACCES : code))
            return ExitError(message: "run: \(command): \(reason)", code: notExecutable)
        }
        return ExitError(message: "run: \(command): command not found", code: notFound)
    }

    /// The file `command` names (a path), or the first file of that name on `PATH` (a name), if any exists.
    static func existing(_ command: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        if command.contains("/") { return access(command, F_OK) == 0 ? command : nil }
        let directories = (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return directories.map { ($0.isEmpty ? "." : String($0)) + "/" + command }.first { access($0, F_OK) == 0 }
    }
}
