import FoundationEssentials
import Glibc
import HUDScene

/// A JSON object line, read key by key so one bad key does not spoil the others.
/// (JSONDecoder rather than JSONSerialization: it keeps `true` and `1` apart.)
struct JSONLine: Decodable {
    var update = FeedUpdate()
    var problems: [String] = []

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let name = key.stringValue
            func string() -> String? { try? c.decode(String.self, forKey: key) }
            func number() -> Double? { (try? c.decode(Double.self, forKey: key)).flatMap { $0.isFinite ? $0 : nil } }
            switch name {
            case "progress":
                if let v = number() {
                    if !(0...1).contains(v) { problems.append("progress \(FeedParser.format(v)) clamped into 0…1") }
                    update.progress = min(max(v, 0), 1)
                } else {
                    problems.append("\"progress\" must be a number from 0 to 1")
                }
            case "label", "text":
                if let s = string() { update.label = s } else { problems.append("\"\(name)\" must be a string") }
            case "button":
                if let s = string() { update.button = s } else { problems.append("\"button\" must be a string") }
            case "details", "title":
                if let s = string() { update.details = s } else { problems.append("\"\(name)\" must be a string") }
            case "mode":
                if let s = string(), let m = HUDMode(name: s) { update.mode = m } else {
                    problems.append("unknown mode \(FeedParser.quote(string() ?? "?"))")
                }
            case "icon":
                if let s = string(), let i = Icon(rawValue: s) { update.icon = i } else {
                    problems.append("unknown icon \(FeedParser.quote(string() ?? "?"))")
                }
            case "spinner":
                if let s = string(), let style = SpinnerStyle(rawValue: s) { update.spinner = style } else {
                    problems.append("unknown spinner \(FeedParser.quote(string() ?? "?"))")
                }
            case "hide":
                if let v = number(), v >= 0 {
                    let clamped = InputLimits.clampedDuration(v)
                    if clamped != v {
                        problems.append("hide \(FeedParser.format(v)) clamped to \(FeedParser.format(clamped))")
                    }
                    update.hideAfter = clamped
                } else {
                    problems.append("\"hide\" must be \(InputLimits.durationRule)")
                }
            case "bytes", "total_bytes":
                if let v = number(), v >= 0, v < 9.2e18 {
                    if name == "bytes" { update.bytesDone = Int64(v) } else { update.bytesTotal = Int64(v) }
                } else {
                    problems.append("\"\(name)\" must be a number of bytes, 0 or more")
                }
            default:
                problems.append("unknown key \(FeedParser.quote(name))")
            }
        }
    }
}
