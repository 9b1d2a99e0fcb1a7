/// The two D-Bus messages `AccessibilityStatusProbe` writes and the one answer it reads, in the wire format of the
/// D-Bus specification: enough for `Hello` and `Properties.GetAll("org.a11y.Status")`, nothing more.
enum StatusMessages {
    /// `Hello` to the bus (serial 1), then `GetAll` of `org.a11y.Status` on `org.a11y.Bus` (serial 2).
    static func request() -> [UInt8] {
        call(serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
             interface: "org.freedesktop.DBus", member: "Hello", body: nil)
            + call(serial: 2, destination: "org.a11y.Bus", path: "/org/a11y/bus",
                   interface: "org.freedesktop.DBus.Properties", member: "GetAll", body: "org.a11y.Status",
                   startsNothing: true)
    }

    /// A method call, little-endian, with one string argument when `body` is given. `startsNothing`: the
    /// NO_AUTO_START flag, so that a question for a program that is not running is answered "no one owns it" rather
    /// than having the bus start it from its service file.
    static func call(serial: UInt32, destination: String, path: String, interface: String, member: String,
                     body: String?, startsNothing: Bool = false) -> [UInt8] {
        var payload = Writer()
        if let body { payload.string(body) }
        var m = Writer()
        m.bytes([UInt8(ascii: "l"), 1, startsNothing ? 2 : 0, 1])
        m.u32(UInt32(payload.data.count))
        m.u32(serial)
        m.u32(0)  // the fields' length, written below
        let start = m.data.count
        func field(_ code: UInt8, _ type: Character, _ value: String) {
            m.pad(8)
            m.bytes([code, 1, UInt8(ascii: type.unicodeScalars.first!), 0])
            if type == "g" { m.signature(value) } else { m.string(value) }
        }
        field(1, "o", path)
        field(2, "s", interface)
        field(3, "s", member)
        field(6, "s", destination)
        if body != nil { field(8, "g", "s") }
        let length = UInt32(m.data.count - start)
        withUnsafeBytes(of: length.littleEndian) { for i in 0..<4 { m.data[12 + i] = $0[i] } }
        m.pad(8)
        return m.data + payload.data
    }

    /// What a message says of itself, once all of it has been read.
    struct Message {
        var type: UInt8
        /// ERROR_NAME, for an error (type 3).
        var errorName: String?
        var flags: UInt8 = 0
        var replySerial: UInt32?
        var signature: String
        var body: [UInt8]
        var bigEndian: Bool
    }

    /// The length of the message at the start of `data` (its 16 fixed bytes read), or nil until they are there;
    /// throws on what is not a D-Bus message.
    static func length(_ data: ArraySlice<UInt8>) throws(Malformed) -> Int? {
        guard data.count >= 16 else { return nil }
        var r = Reader(data, bigEndian: data.first == UInt8(ascii: "B"))
        guard data.first == UInt8(ascii: "l") || data.first == UInt8(ascii: "B") else { throw Malformed() }
        r.at = 4
        let body = Int(try r.u32()), _ = try r.u32(), fields = Int(try r.u32())
        guard body < 1 << 26, fields < 1 << 26 else { throw Malformed() }
        return 16 + (fields + 7) / 8 * 8 + body
    }

    /// The message that is all of `data`.
    static func message(_ data: ArraySlice<UInt8>) throws(Malformed) -> Message {
        let big = data.first == UInt8(ascii: "B")
        var r = Reader(data, bigEndian: big)
        r.at = 1
        let type = try r.byte()
        let flags = try r.byte()
        r.at = 4
        let bodyLength = Int(try r.u32())
        _ = try r.u32()
        let end = 16 + Int(try r.u32())
        var replySerial: UInt32?, signature = "", errorName: String?
        while r.at < end {
            try r.align(8)
            let code = try r.byte()
            let type = try r.signature()
            switch (code, type) {
            case (5, "u"): replySerial = try r.u32()
            case (4, "s"): errorName = try r.string()
            case (8, "g"): signature = try r.signature()
            case (_, "s"), (_, "o"): _ = try r.string()
            case (_, "g"): _ = try r.signature()
            case (_, "u"): _ = try r.u32()
            default: throw Malformed()
            }
        }
        try r.align(8)
        guard r.at + bodyLength == data.count else { throw Malformed() }
        return Message(type: type, errorName: errorName, flags: flags, replySerial: replySerial,
                       signature: signature, body: Array(data.suffix(bodyLength)), bigEndian: big)
    }

    /// The booleans of an `a{sv}` body, or nil when a value is of another type (not what org.a11y.Status has).
    static func booleans(_ message: Message) throws(Malformed) -> [String: Bool]? {
        guard message.signature == "a{sv}" else { return nil }
        var r = Reader(message.body[...], bigEndian: message.bigEndian)
        let length = Int(try r.u32())
        try r.align(8)
        let end = r.at + length
        var found: [String: Bool] = [:]
        while r.at < end {
            try r.align(8)
            let key = try r.string()
            guard try r.signature() == "b" else { return nil }
            found[key] = try r.u32() != 0
        }
        return found
    }

    /// Bytes that are not the D-Bus message they should be.
    struct Malformed: Error {}

    private struct Writer {
        var data: [UInt8] = []
        mutating func bytes(_ b: [UInt8]) { data += b }
        mutating func pad(_ n: Int) { while data.count % n != 0 { data.append(0) } }
        mutating func u32(_ v: UInt32) {
            pad(4)
            withUnsafeBytes(of: v.littleEndian) { data += $0 }
        }
        mutating func string(_ s: String) {
            u32(UInt32(s.utf8.count))
            data += Array(s.utf8) + [0]
        }
        mutating func signature(_ s: String) { data += [UInt8(s.utf8.count)] + Array(s.utf8) + [0] }
    }

    /// Reads values at offsets from the message's start, where D-Bus's alignment is counted from.
    private struct Reader {
        let data: ArraySlice<UInt8>
        let bigEndian: Bool
        var at = 0

        init(_ data: ArraySlice<UInt8>, bigEndian: Bool) {
            self.data = data
            self.bigEndian = bigEndian
        }

        private func checked(_ n: Int) throws(Malformed) -> Int {
            guard n >= 0, at + n <= data.count else { throw Malformed() }
            return data.startIndex + at
        }
        mutating func align(_ n: Int) throws(Malformed) {
            let to = (at + n - 1) / n * n
            guard to <= data.count else { throw Malformed() }
            at = to
        }
        mutating func byte() throws(Malformed) -> UInt8 {
            let i = try checked(1)
            at += 1
            return data[i]
        }
        mutating func u32() throws(Malformed) -> UInt32 {
            try align(4)
            let i = try checked(4)
            at += 4
            let b = data[i..<i + 4].map(UInt32.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        mutating func string() throws(Malformed) -> String {
            let n = Int(try u32())
            let i = try checked(n + 1)
            at += n + 1
            return String(decoding: data[i..<i + n], as: UTF8.self)
        }
        mutating func signature() throws(Malformed) -> String {
            let n = Int(try byte())
            let i = try checked(n + 1)
            at += n + 1
            return String(decoding: data[i..<i + n], as: UTF8.self)
        }
    }
}
