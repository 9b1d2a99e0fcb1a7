import Glibc

/// The process's environment variables, read from `environ` (what `ProcessInfo.processInfo.environment` gave).
public enum ProcessEnvironment {
    /// Every variable by name; an entry without `=` is left out, a name given twice keeps its first value, as getenv
    /// finds it.
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
