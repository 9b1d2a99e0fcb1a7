import HUDScene
internal import CX11

/// Window properties read in chunks of `chunk` bytes, one round trip each, to their end.
@MainActor package enum Property {
    /// Bytes asked for in one `GetProperty` request.
    package static let chunk = 1 << 20

    /// A format-8 property of any type, whole (up to `limit` bytes). With `delete`, the server deletes it in the
    /// request that reads its last byte, so bytes appended between two chunks are read too, and none twice.
    package static func bytes(_ c: XConnection, window: UInt, name: String, delete: Bool = false,
                      limit: Int = 16 << 20) -> [UInt8]? {
        let property = c.atom(name)
        var all: [UInt8] = []
        while true {
            var type: UInt = 0
            var format: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            // Offsets and lengths count 32-bit units.
            guard XGetWindowProperty(c.display, window, property, all.count / 4, chunk / 4, delete ? 1 : 0,
                                     UInt(AnyPropertyType), &type, &format, &count, &after, &data) == Success
            else { return all.isEmpty ? nil : all }
            defer { if let data { XFree(data) } }
            guard type != 0, format == 8, let data else {
                // Gone (or never there), or not bytes: left alone unless the caller reads it away.
                if delete, type != 0 { XDeleteProperty(c.display, window, property) }
                return all.isEmpty ? nil : all
            }
            all.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            if after == 0 { return all }
            if all.count >= limit {
                // A sender that keeps appending faster than it is read is cut off here: the rest is dropped, so
                // the property does not stay behind to be read again.
                if delete { XDeleteProperty(c.display, window, property) }
                return all
            }
        }
    }

    /// A format-8 property named by its atom (a predefined one such as `XA_RESOURCE_MANAGER`).
    package static func bytes(_ c: XConnection, window: UInt, property: UInt, delete: Bool = false) -> [UInt8]? {
        read(c, window: window, property: property, delete: delete) { data, count, format in
            format == 8 ? Array(UnsafeBufferPointer(start: data, count: count)) : nil
        }
    }

    /// A format-32 property as numbers (Xlib hands them over as C longs).
    /// `offset` counts items from the start; at most 1 MiB of them are read.
    package static func longs(_ c: XConnection, window: UInt, name: String, offset: Int = 0) -> [UInt]? {
        read(c, window: window, property: c.atom(name), delete: false, offset: offset) { data, count, format in
            guard format == 32 else { return nil }
            return data.withMemoryRebound(to: UInt.self, capacity: count) {
                Array(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }

    private static func read<T>(_ c: XConnection, window: UInt, property: UInt, delete: Bool, offset: Int = 0,
                                _ convert: (UnsafeMutablePointer<UInt8>, Int, Int32) -> T?) -> T? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(c.display, window, property, offset, 1 << 18, delete ? 1 : 0, UInt(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type != 0 else { return nil }
        return convert(data, Int(count), format)
    }
}
