/// Where the session bus listens, read from `DBUS_SESSION_BUS_ADDRESS` as libdbus and sd-bus read it: the first
/// `unix:` address with a `path=` or an `abstract=` name (values %-escaped), else `$XDG_RUNTIME_DIR/bus`.
struct BusSocketAddress: Equatable {
    /// The socket's name, without the NUL that starts an abstract one.
    var name: [UInt8]
    var isAbstract: Bool

    init(name: [UInt8], isAbstract: Bool) {
        self.name = name
        self.isAbstract = isAbstract
    }

    /// nil when neither variable names a unix socket (a `tcp:` bus, or none).
    init?(environment: [String: String]) {
        if let value = environment["DBUS_SESSION_BUS_ADDRESS"], !value.isEmpty {
            for address in value.split(separator: ";") where address.hasPrefix("unix:") {
                for pair in address.dropFirst(5).split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, parts[0] == "path" || parts[0] == "abstract",
                          let name = Self.unescaped(parts[1]), !name.isEmpty else { continue }
                    self.init(name: name, isAbstract: parts[0] == "abstract")
                    return
                }
            }
            return nil
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        self.init(name: Array((runtime + "/bus").utf8), isAbstract: false)
    }

    /// D-Bus's escaping: `%` and two hex digits stand for a byte; nil for a broken escape.
    static func unescaped(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = [], bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            guard b == UInt8(ascii: "%") else { out.append(b); continue }
            guard bytes.count >= 2, let hi = Self.hex(bytes.popFirst()!), let lo = Self.hex(bytes.popFirst()!)
            else { return nil }
            out.append(hi << 4 | lo)
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
