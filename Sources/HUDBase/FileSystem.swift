import Glibc

/// The few file system calls x11hud makes, over the C library: whole small files read, directories listed, a path
/// tested. Each returns nil (or false) where FileManager would have thrown or returned nil.
public enum FileSystem {
    /// The bytes of the file at `path`, or nil when it cannot be opened or read to its end.
    public static func bytes(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return contents }
            contents += chunk[0..<n]
        }
    }

    /// The file at `path` as UTF-8 text, or nil when it cannot be read or is not UTF-8 (as
    /// `String(contentsOfFile:encoding: .utf8)` refuses it).
    public static func text(atPath path: String) -> String? {
        bytes(atPath: path).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Whether anything is at `path` (a dangling symbolic link is nothing, as for FileManager's `fileExists`).
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in the directory at `path`, without `.` and `..`, in no particular order; nil when it cannot be read.
    public static func entries(ofDirectory path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
