internal import CX11

/// Window properties read with one round trip each.
@MainActor enum Property {
    /// A format-8 property of any type, up to 1 MiB.
    static func bytes(_ c: XConnection, window: UInt, name: String, delete: Bool = false) -> [UInt8]? {
        bytes(c, window: window, property: c.atom(name), delete: delete)
    }

    /// A format-8 property named by its atom (a predefined one such as `XA_RESOURCE_MANAGER`).
    static func bytes(_ c: XConnection, window: UInt, property: UInt, delete: Bool = false) -> [UInt8]? {
        read(c, window: window, property: property, delete: delete) { data, count, format in
            format == 8 ? Array(UnsafeBufferPointer(start: data, count: count)) : nil
        }
    }

    /// A format-32 property as numbers (Xlib hands them over as C longs).
    static func longs(_ c: XConnection, window: UInt, name: String) -> [UInt]? {
        read(c, window: window, property: c.atom(name), delete: false) { data, count, format in
            guard format == 32 else { return nil }
            return data.withMemoryRebound(to: UInt.self, capacity: count) {
                Array(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }

    private static func read<T>(_ c: XConnection, window: UInt, property: UInt, delete: Bool,
                                _ convert: (UnsafeMutablePointer<UInt8>, Int, Int32) -> T?) -> T? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(c.display, window, property, 0, 1 << 18, delete ? 1 : 0, UInt(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type != 0 else { return nil }
        return convert(data, Int(count), format)
    }
}
