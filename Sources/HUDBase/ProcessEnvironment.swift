import Glibc

/// The process's environment as a dictionary, read from `environ` at each call as FoundationEssentials'
/// `ProcessInfo.processInfo.environment` is, but split on bytes: that one finds each `=` by Character, which cost
/// 0.3 M instructions (about 0.1 ms) a call, three times before a HUD's first frame (issue 51). A name given twice
/// keeps its first value, as `getenv` does; an entry without `=` is left out; bytes that are not UTF-8 are repaired
/// as `String(decoding:)` repairs them.
public enum ProcessEnvironment {
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if result[name] == nil {
                    result[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return result
    }
}
