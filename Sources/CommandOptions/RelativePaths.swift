/// Where a relative path on a command line (`--image`, `--config`) is found. On a process's own command line: its
/// working directory, as the system finds it. On a client's command line read by the resident (`Resident.show`): the
/// client's directory, which its request carries. The resident never changes its own working directory: a chdir is
/// process-wide, so it would move the relative paths of every other HUD and thread with it.
package enum RelativePaths {
    /// The directory relative paths are found in while a client's command line is read; nil: the working directory.
    @TaskLocal package static var directory: String?

    /// `path` as the file system is to be asked for it.
    package static func resolve(_ path: String) -> String {
        guard let directory, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
