import HUDScene
/// A description written without JSONEncoder: a progress stream rewrites it at every change of the value it shows,
/// and JSONEncoder's reflection-driven encoding was most of what an update cost a HUD (at 10 updates a second,
/// 9 of 40 ms of CPU per 10 s, against c4ef3ec's 31 before descriptions carried the progress). Readers still
/// decode it with JSONDecoder, which `HUDRegistryTests` holds it to; keys as the synthesized `Encodable` names them,
/// a nil optional left out as it leaves it out.
extension HUDRegistry.State {
    package var json: [UInt8] {
        var out = JSONText()
        out.field("id", id)
        out.field("pid", Int(pid))
        out.field("monitor", monitor)
        out.field("position", position)
        out.field("x", x)
        out.field("y", y)
        out.field("width", width)
        out.field("height", height)
        out.field("mode", mode)
        out.field("label", label)
        out.field("spinner", spinner)
        out.field("up", up)
        out.field("newestFirst", newestFirst)
        out.field("last", last)
        out.field("first", first)
        out.field("progress", progress)
        out.field("details", details)
        out.field("outcome", outcome)
        out.bytes.append(UInt8(ascii: "}"))
        return out.bytes
    }
}

/// One JSON object, written field by field.
private struct JSONText {
    var bytes: [UInt8] = [UInt8(ascii: "{")]

    mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    mutating func field(_ key: String, _ value: Int) {
        name(key)
        bytes += String(value).utf8
    }

    mutating func field(_ key: String, _ value: Bool?) {
        guard let value else { return }
        name(key)
        bytes += (value ? "true" : "false").utf8
    }

    mutating func field(_ key: String, _ value: Double?) {
        guard let value else { return }
        name(key)
        // JSON has no NaN or infinity; the fraction shown is always finite, but a description must always parse.
        bytes += (value.isFinite ? value.description : "null").utf8
    }

    private mutating func name(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
