import HUDBase
import HUDScene

/// A JSON object line of the input protocol, its keys those of `JSONKey.all`. Read key by key, so one bad key does
/// not spoil the others, each problem kept for the warning; written with JSONWriter, so that reading the line
/// back gives the same update.
struct JSONLine: Codable {
    var update: FeedUpdate
    /// What was wrong with the line read, in the order of its keys' names.
    var problems: [String] = []
    /// How many of x11hud's keys the object has: with none, it is some other program's (no warnings).
    var ownKeys = 0
    /// The tool whose message the object is, by the key and value that say so (see `ToolJSON`).
    var tool: ToolJSON?

    init(update: FeedUpdate) { self.update = update }

    /// Any key of an object.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A value as the writer writes it.
    enum Value {
        case string(String)
        case number(Double)
        case integer(Int64)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        update = FeedUpdate()
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            if let known = JSONKey.named[key.stringValue] {
                known.read(c, key, &update, &problems)
                ownKeys += 1
            } else {
                if tool == nil {
                    tool = ToolJSON(key: key.stringValue) { try? c.decode(String.self, forKey: key) }
                }
                problems.append("unknown key \(FeedParser.quote(key.stringValue))")
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for key in JSONKey.all {
            let name = Key(stringValue: key.name)
            switch key.write(update) {
            case .string(let s): try c.encode(s, forKey: name)
            case .number(let v): try c.encode(v, forKey: name)
            case .integer(let v): try c.encode(v, forKey: name)
            case nil: break
            }
        }
    }

    /// The line as the writer writes it: keys sorted, so that the same update always gives the same line.
    var text: String {
        // Nothing it writes can fail: strings, integers and finite numbers only.
        JSONWriter.text(self, sortedKeys: true, escapingSlashes: false) ?? "{}"
    }
}

extension FeedInbox {
    /// The update as one line of the JSON protocol that `FeedParser` reads back into the same values: how one
    /// process hands an update to a HUD another process shows. A number that is not finite is left out.
    public var jsonLine: String { JSONLine(update: update).text }
}
