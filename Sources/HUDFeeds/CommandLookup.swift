import Glibc

/// Why a command could not be started.
public enum CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no such command (a shell's status 127).
    case notFound(command: String)
    /// There is a file of that name that cannot be executed (a shell's status 126), and why.
    case notExecutable(command: String, reason: String)
    /// The file is there, but what it needs to run is not: its `#!` interpreter (a shell's status 127).
    case missingInterpreter(command: String, interpreter: String?)
    /// A system call failed before the command could start (`pipe`), with its `errno`.
    case system(call: String, code: Int32)

    /// `rsync: command not found`, `./x: is a directory`, `pipe: Too many open files`.
    public var description: String {
        switch self {
        case .notFound(let command): return "\(command.isEmpty ? "''" : command): command not found"
        case .missingInterpreter(let command, let interpreter?):
            return "\(command): bad interpreter \(interpreter): no such file"
        case .missingInterpreter(let command, nil):
            return "\(command): cannot execute: a required file (its interpreter or loader) is not found"
        case .notExecutable(let command, let reason): return "\(command): \(reason)"
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        }
    }

    /// The status a shell gives for it: 127 not found (or its interpreter), 126 not executable; nil for a failed
    /// system call.
    public var shellStatus: Int32? {
        switch self {
        case .notFound, .missingInterpreter: return 127
        case .notExecutable: return 126
        case .system: return nil
        }
    }
}

/// Why a command could not start, as a shell would say it.
enum CommandLookup {
    /// The failure for a start of `command` that failed with `code`.
    static func failure(_ command: String, errno code: Int32) -> CommandFailure {
        // posix_spawnp reports the last error of its PATH search; a shell says "not found" unless a file is there.
        // An empty name names nothing (not the directories of PATH).
        if command.isEmpty { return .notFound(command: command) }
        if let path = existing(command) {
            if code == ENOENT {
                // The file is there but exec found no such file: its `#!` interpreter (or ELF loader) is missing,
                // which a shell reports with 127 too.
                return .missingInterpreter(command: command, interpreter: interpreter(of: path))
            }
            var st = stat()
            let reason = stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
                ? "is a directory" : String(cString: strerror(code == ENOENT ? EACCES : code))
            return .notExecutable(command: command, reason: reason)
        }
        return .notFound(command: command)
    }

    /// The interpreter a `#!` line names, if the file starts with one.
    static func interpreter(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &head, head.count)
        guard n > 2, head[0] == UInt8(ascii: "#"), head[1] == UInt8(ascii: "!") else { return nil }
        let line = head[2..<n].prefix { $0 != UInt8(ascii: "\n") }
        let word = line.drop { $0 == UInt8(ascii: " ") || $0 == 9 }.prefix { $0 != UInt8(ascii: " ") && $0 != 9 }
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
    }

    /// The file `command` names (a path), or the first file of that name on `PATH` (a name), if any exists.
    static func existing(_ command: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        if command.contains("/") { return access(command, F_OK) == 0 ? command : nil }
        let directories = (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return directories.map { ($0.isEmpty ? "." : String($0)) + "/" + command }.first { access($0, F_OK) == 0 }
    }
}

enum Pipes {
    /// A pipe whose ends are closed on exec, so the command inherits only the ends it is given.
    static func make() throws(CommandFailure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        // pipe2 is not in Swift's Glibc module; no other thread spawns while a command's pipes are made.
        guard pipe(&fds) == 0 else { throw .system(call: "pipe", code: errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
