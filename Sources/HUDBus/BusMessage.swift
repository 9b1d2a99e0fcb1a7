internal import CSystemdBus
internal import CSystemdBusLoader
import Glibc

/// One sd-bus message, referenced while this object lives. Reading moves through the message in order; writing
/// appends (for replies and signals made here).
public final class BusMessage {
    let pointer: OpaquePointer

    /// Takes a reference of its own on `pointer`.
    init(retaining pointer: OpaquePointer) {
        self.pointer = pointer
        sd_bus_message_ref(pointer)
    }

    /// Adopts the reference `pointer` came with.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { sd_bus_message_unref(pointer) }

    /// The unique name of the connection that sent it.
    public var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }
    public var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }
    /// The signature of the whole body.
    public var signature: String { sd_bus_message_get_signature(pointer, 1).map { String(cString: $0) } ?? "" }

    // MARK: Reading

    public func readString() throws(BusError) -> String {
        var p: UnsafePointer<CChar>? = nil
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &p), "reading a string")
        // sd-bus has checked the string is valid UTF-8 without NULs already.
        return p.map { String(cString: $0) } ?? ""
    }

    public func readInt32() throws(BusError) -> Int32 {
        var v: Int32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "i")), &v), "reading an int32")
        return v
    }

    public func readUInt32() throws(BusError) -> UInt32 {
        var v: UInt32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "u")), &v), "reading a uint32")
        return v
    }

    public func readBool() throws(BusError) -> Bool {
        var v: Int32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &v), "reading a boolean")
        return v != 0
    }

    public func readDouble() throws(BusError) -> Double { try readBasic(Double.self, "d") }

    public func readInt64() throws(BusError) -> Int64 { try readBasic(Int64.self, "x") }

    /// Reads an array of structures `(contents)`, calling `element` inside each to read its fields in order.
    public func readStructArray(_ contents: String, _ element: () throws(BusError) -> Void) throws(BusError) {
        try enter("a", "(" + contents + ")")
        while try enterIfAny("r", contents) {
            try element()
            try exit()
        }
        try exit()
    }

    public func readStringArray() throws(BusError) -> [String] {
        try enter("a", "s")
        var strings: [String] = []
        while true {
            var p: UnsafePointer<CChar>? = nil
            let r = sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "s")), &p)
            try check(r, "reading a string array")
            if r == 0 { break }
            strings.append(p.map { String(cString: $0) } ?? "")
        }
        try exit()
        return strings
    }

    /// Reads an `a{sv}` dictionary; values of types `BusValue` has no case for are skipped as `.other`.
    public func readVariantDictionary() throws(BusError) -> [String: BusValue] {
        try enter("a", "{sv}")
        var result: [String: BusValue] = [:]
        while try enterIfAny("e", "sv") {
            let key = try readString()
            result[key] = try readVariant()
            try exit()
        }
        try exit()
        return result
    }

    private func readVariant() throws(BusError) -> BusValue {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>? = nil
        try check(sd_bus_message_peek_type(pointer, &type, &contents), "reading a variant")
        let signature = contents.map { String(cString: $0) } ?? ""
        try enter("v", signature)
        let value: BusValue
        switch signature {
        case "s", "o", "g": value = .string(try readBasicString(signature))
        case "b":
            var v: Int32 = 0
            try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &v), "reading a boolean")
            value = .bool(v != 0)
        case "y": value = .int(Int64(try readBasic(UInt8.self, "y")))
        case "n": value = .int(Int64(try readBasic(Int16.self, "n")))
        case "q": value = .int(Int64(try readBasic(UInt16.self, "q")))
        case "i": value = .int(Int64(try readBasic(Int32.self, "i")))
        case "u": value = .int(Int64(try readBasic(UInt32.self, "u")))
        case "x": value = .int(try readBasic(Int64.self, "x"))
        case "t": value = .int(Int64(clamping: try readBasic(UInt64.self, "t")))
        case "d": value = .double(try readBasic(Double.self, "d"))
        case "ay": value = .bytes(try readBytes())
        case "(iiibiiay)": value = .image(try readImage())
        default:
            try check(sd_bus_message_skip(pointer, signature), "skipping a value")
            value = .other(signature: signature)
        }
        try exit()
        return value
    }

    private func readBasicString(_ type: String) throws(BusError) -> String {
        var p: UnsafePointer<CChar>? = nil
        try check(sd_bus_message_read_basic(pointer, type.utf8CString[0], &p), "reading a string")
        return p.map { String(cString: $0) } ?? ""
    }

    private func readBasic<T: BitwiseCopyable>(_: T.Type, _ type: Unicode.Scalar) throws(BusError) -> T {
        // Eight bytes hold every basic number type.
        var storage: UInt64 = 0
        let r = withUnsafeMutableBytes(of: &storage) {
            sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: type)), $0.baseAddress)
        }
        try check(r, "reading a number")
        return withUnsafeBytes(of: storage) { $0.loadUnaligned(as: T.self) }
    }

    private func readBytes() throws(BusError) -> [UInt8] {
        var p: UnsafeRawPointer? = nil
        var size = 0
        try check(sd_bus_message_read_array(pointer, CChar(UInt8(ascii: "y")), &p, &size), "reading bytes")
        guard let p, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: size))
    }

    private func readImage() throws(BusError) -> BusImage {
        try enter("r", "iiibiiay")
        let width = try readInt32()
        let height = try readInt32()
        let rowstride = try readInt32()
        var alpha: Int32 = 0
        try check(sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &alpha), "reading a boolean")
        let bits = try readInt32()
        let channels = try readInt32()
        let data = try readBytes()
        try exit()
        return BusImage(width: width, height: height, rowstride: rowstride, hasAlpha: alpha != 0,
                        bitsPerSample: bits, channels: channels, data: data)
    }

    private func enter(_ type: Unicode.Scalar, _ contents: String) throws(BusError) {
        let r = sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: type)), contents)
        try check(r, "reading a container")
        if r == 0 { throw BusError("reading a container", code: EBADMSG) }
    }

    private func enterIfAny(_ type: Unicode.Scalar, _ contents: String) throws(BusError) -> Bool {
        let r = sd_bus_message_enter_container(pointer, CChar(UInt8(ascii: type)), contents)
        try check(r, "reading a container")
        return r > 0
    }

    private func exit() throws(BusError) {
        try check(sd_bus_message_exit_container(pointer), "leaving a container")
    }

    // MARK: Writing

    public func append(_ value: UInt32) throws(BusError) {
        var v = value
        try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), &v), "appending a uint32")
    }

    public func append(_ value: String) throws(BusError) {
        let r = value.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) }
        try check(r, "appending a string")
    }

    public func append(_ value: Bool) throws(BusError) {
        var v: Int32 = value ? 1 : 0
        try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "b")), &v), "appending a boolean")
    }

    public func append(_ value: Double) throws(BusError) {
        var v = value
        try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "d")), &v), "appending a double")
    }

    public func append(_ value: Int64) throws(BusError) {
        var v = value
        try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "x")), &v), "appending an int64")
    }

    /// Appends an array of structures `(contents)`, one for each of `elements`, whose fields `fill` appends.
    public func appendStructArray<T>(_ contents: String, _ elements: [T],
                                     _ fill: (T) throws(BusError) -> Void) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "(" + contents + ")"),
                  "appending an array")
        for element in elements {
            try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "r")), contents),
                      "appending a structure")
            try fill(element)
            try check(sd_bus_message_close_container(pointer), "closing a structure")
        }
        try check(sd_bus_message_close_container(pointer), "closing an array")
    }

    public func append(_ value: Int32) throws(BusError) {
        var v = value
        try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "i")), &v), "appending an int32")
    }

    /// Appends an `aa{sv}`: one dictionary for each of `dictionaries`, its entries in their order.
    public func appendDictionaries(_ dictionaries: [[(key: String, value: BusVariant)]]) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "a{sv}"), "appending an array")
        for dictionary in dictionaries { try appendDictionary(dictionary) }
        try check(sd_bus_message_close_container(pointer), "closing an array")
    }

    /// Appends an `a{sv}` (a notification's hints), its entries in their order.
    public func appendDictionary(_ dictionary: [(key: String, value: BusVariant)]) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "{sv}"), "appending a dictionary")
        for (key, value) in dictionary {
            try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "e")), "sv"), "appending an entry")
            try append(key)
            try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "v")), value.signature),
                      "appending a variant")
            try append(value)
            try check(sd_bus_message_close_container(pointer), "closing a variant")
            try check(sd_bus_message_close_container(pointer), "closing an entry")
        }
        try check(sd_bus_message_close_container(pointer), "closing a dictionary")
    }

    /// Appends the value itself (in a variant opened by the caller, or a property's).
    public func append(_ value: BusVariant) throws(BusError) {
        switch value {
        case .string(let s): try append(s)
        case .bool(let b): try append(b)
        case .int32(let i): try append(i)
        case .uint32(let u): try append(u)
        case .int64(let x): try append(x)
        case .byte(let y):
            var v = y
            try check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "y")), &v), "appending a byte")
        case .stringMap(let keys, let values):
            try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "{ss}"), "appending a map")
            for (key, value) in zip(keys, values) {
                try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "e")), "ss"), "appending an entry")
                try append(key)
                try append(value)
                try check(sd_bus_message_close_container(pointer), "closing an entry")
            }
            try check(sd_bus_message_close_container(pointer), "closing a map")
        }
    }

    /// Appends an object path (`o`).
    public func append(objectPath: String) throws(BusError) {
        let r = objectPath.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "o")), $0) }
        try check(r, "appending an object path")
    }

    /// Appends a container of `type` (`a`, `r` a structure, `v` a variant, `e` a dictionary entry) holding
    /// `contents`, whose values `fill` appends.
    public func appendContainer(_ type: Unicode.Scalar, _ contents: String,
                                _ fill: () throws(BusError) -> Void) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: type)), contents), "appending a container")
        try fill()
        try check(sd_bus_message_close_container(pointer), "closing a container")
    }

    /// Appends a `(so)`: a connection's unique name and an object path, as AT-SPI names an object.
    public func appendReference(_ name: String, _ path: String) throws(BusError) {
        try appendContainer("r", "so") { () throws(BusError) in
            try append(name)
            try append(objectPath: path)
        }
    }

    public func append(_ strings: [String]) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: "a")), "s"), "appending an array")
        for s in strings { try append(s) }
        try check(sd_bus_message_close_container(pointer), "closing an array")
    }

    private func check(_ r: Int32, _ action: String) throws(BusError) {
        if r < 0 { throw BusError(action, code: -r) }
    }
}
