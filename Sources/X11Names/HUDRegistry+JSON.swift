import HUDBase
import HUDScene

/// A description written field by field, not through `Encodable`: a progress stream rewrites it at every change of
/// the value it shows, and JSONEncoder's reflection-driven encoding was most of what an update cost a HUD (at 10
/// updates a second, 9 of 40 ms of CPU per 10 s, against c4ef3ec's 31 before descriptions carried the progress).
/// Readers decode it as `State`, which `HUDRegistryTests` holds it to; keys as the synthesized `Encodable` names them,
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
        out.writer.append([UInt8(ascii: "}")])
        return out.writer.bytes
    }
}

/// One JSON object, written field by field.
private struct JSONText {
    var writer: JSONWriter = {
        var writer = JSONWriter(escapingSlashes: false)
        writer.append([UInt8(ascii: "{")])
        return writer
    }()

    mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        name(key)
        writer.write(string: value)
    }

    mutating func field(_ key: String, _ value: Int) {
        name(key)
        writer.append(String(value).utf8)
    }

    mutating func field(_ key: String, _ value: Bool?) {
        guard let value else { return }
        name(key)
        writer.append((value ? "true" : "false").utf8)
    }

    mutating func field(_ key: String, _ value: Double?) {
        guard let value else { return }
        name(key)
        // JSON has no NaN or infinity; the fraction shown is always finite, but a description must always parse.
        writer.append((value.isFinite ? value.description : "null").utf8)
    }

    private mutating func name(_ key: String) {
        if writer.bytes.count > 1 { writer.append([UInt8(ascii: ",")]) }
        writer.write(string: key)
        writer.append([UInt8(ascii: ":")])
    }
}
