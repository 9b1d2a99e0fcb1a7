import HUDBase
import HUDScene

/// One key of the input protocol's JSON lines: its name and the other names it is read under, what its value must
/// be, what it does, and how it is read into and written from a `FeedUpdate`. `JSONKey.all` is the one list of
/// them: the reader and the writer (`JSONLine`) and the documentation of the input lines take the keys from it.
public struct JSONKey: Sendable {
    /// The name the writer writes.
    public let name: String
    /// Other names the reader takes for it: zenity's (`text` for the label, `title` for the details).
    public let aliases: [String]
    /// What the value must be, as warnings and the documentation say it: "a string", "a number from 0 to 1".
    public let rule: String
    /// What the key does, in a few words (Markdown; no colon or semicolon, so that the rule can follow).
    public let meaning: String
    /// The update of the documentation's example line, which sets only this key.
    let sample: FeedUpdate
    /// Reads the value under `key` (the name or an alias) into the update, adding what is wrong with it to the
    /// problems.
    let read: @Sendable (KeyedDecodingContainer<JSONLine.Key>, JSONLine.Key, inout FeedUpdate, inout [String]) -> Void
    /// The update's value as JSON, nil when it has none.
    let write: @Sendable (FeedUpdate) -> JSONLine.Value?

    /// A line that sets only this key, as the writer writes it.
    public var example: String { JSONLine(update: sample).text }

    /// The keys, in the order the documentation lists them.
    public static let all: [JSONKey] = [
        fraction("progress", \.progress, sample: 0.45, meaning: "progress as a fraction"),
        string("label", aliases: ["text"], \.label, sample: "Copying", meaning: "set the label"),
        string("details", aliases: ["title"], \.details, sample: "a.txt", meaning: "set the details label"),
        choice("mode", \.mode, sample: .bar, meaning: "switch to that mode", parse: { HUDMode(name: $0) },
               rule: oneOf(HUDMode.self) + ", or another name `--mode` takes"),
        choice("icon", \.icon, sample: .success, meaning: "switch to that icon",
               parse: { Icon(rawValue: $0) }, rule: oneOf(Icon.self)),
        choice("spinner", \.spinner, sample: .circleStrokeSpin,
               meaning: #"switch to that spinner (as `"icon"` switches to the icon)"#,
               parse: { SpinnerStyle(rawValue: $0) }, rule: "a name `--spinner` takes"),
        string("button", \.button, sample: "Cancel", meaning: "set the button's title (an empty one removes it)"),
        byteCount("bytes", \.bytesDone, sample: 1_200_000_000,
                  meaning: "bytes done, for `--details auto` and, with no `progress`, the fraction bytes / total"),
        byteCount("total_bytes", \.bytesTotal, sample: 2_700_000_000, meaning: "bytes in all"),
        byteCount("average_rate", \.averageRate, sample: 31_000_000, unit: "bytes a second",
                  meaning: "the whole job's average as the tool reports it at its end, which `--details auto` ends on"),
        seconds("hide", \.hideAfter, sample: 1.5, meaning: "hide after that many seconds"),
    ]

    /// The keys by each of their names.
    static let named: [String: JSONKey] = Dictionary(
        uniqueKeysWithValues: all.flatMap { key in ([key.name] + key.aliases).map { ($0, key) } })
}

// MARK: The kinds of value

extension JSONKey {
    typealias Field<Value> = any WritableKeyPath<FeedUpdate, Value?> & Sendable

    /// What reading a key's value came to.
    enum Reading<Value> {
        /// The value to take, and a warning when it was changed to fit (clamped).
        case value(Value, warning: String? = nil)
        /// The value is not one: the warning, by default `"key" must be <rule>`.
        case refused(String? = nil)
    }

    private init<Value>(
        _ name: String, aliases: [String] = [], _ field: Field<Value>, sample: Value, rule: String, meaning: String,
        read: @escaping @Sendable (KeyedDecodingContainer<JSONLine.Key>, JSONLine.Key) -> Reading<Value>,
        write: @escaping @Sendable (Value) -> JSONLine.Value?
    ) {
        self.name = name
        self.aliases = aliases
        self.rule = rule
        self.meaning = meaning
        var sampleUpdate = FeedUpdate()
        sampleUpdate[keyPath: field] = sample
        self.sample = sampleUpdate
        self.read = { container, key, update, problems in
            switch read(container, key) {
            case .value(let value, let warning):
                update[keyPath: field] = value
                if let warning { problems.append(warning) }
            case .refused(let warning):
                problems.append(warning ?? "\"\(key.stringValue)\" must be \(rule)")
            }
        }
        self.write = { update in update[keyPath: field].flatMap(write) }
    }

    static func string(_ name: String, aliases: [String] = [], _ field: Field<String>, sample: String,
                       meaning: String) -> JSONKey {
        JSONKey(name, aliases: aliases, field, sample: sample, rule: "a string", meaning: meaning) { c, key in
            c.string(key).map { .value($0) } ?? .refused()
        } write: { .string($0) }
    }

    /// A name out of a list, read by `parse` and written as its raw value.
    static func choice<Value: RawRepresentable<String> & Sendable>(
        _ name: String, _ field: Field<Value>, sample: Value, meaning: String,
        parse: @escaping @Sendable (String) -> Value?, rule: String
    ) -> JSONKey {
        JSONKey(name, field, sample: sample, rule: rule, meaning: meaning) { c, key in
            guard let text = c.string(key), let value = parse(text) else {
                return .refused("unknown \(name) \(FeedParser.quote(c.string(key) ?? "?"))")
            }
            return .value(value)
        } write: { .string($0.rawValue) }
    }

    /// "one of `a`, `b`, `c`": the names of a list, for a rule.
    private static func oneOf<Value: CaseIterable & RawRepresentable<String>>(_: Value.Type) -> String {
        "one of " + Value.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
    }

    /// A number clamped into 0…1.
    static func fraction(_ name: String, _ field: Field<Double>, sample: Double, meaning: String) -> JSONKey {
        JSONKey(name, field, sample: sample, rule: "a number from 0 to 1", meaning: meaning) { c, key in
            guard let v = c.number(key) else { return .refused() }
            let clamped = min(max(v, 0), 1)
            return .value(clamped, warning: clamped == v ? nil : "\(name) \(FeedParser.format(v)) clamped into 0…1")
        } write: { $0.isFinite ? .number($0) : nil }
    }

    /// A duration, clamped into `InputLimits.durationRange`.
    static func seconds(_ name: String, _ field: Field<Double>, sample: Double, meaning: String) -> JSONKey {
        JSONKey(name, field, sample: sample, rule: InputLimits.durationRule, meaning: meaning) { c, key in
            guard let v = c.number(key), v >= 0 else { return .refused() }
            let clamped = InputLimits.clampedDuration(v)
            guard clamped != v else { return .value(clamped) }
            return .value(clamped, warning: "\(name) \(FeedParser.format(v)) clamped to \(FeedParser.format(clamped))")
        } write: { $0.isFinite ? .number($0) : nil }
    }

    static func byteCount(_ name: String, _ field: Field<Int64>, sample: Int64, unit: String = "bytes",
                          meaning: String) -> JSONKey {
        JSONKey(name, field, sample: sample, rule: "a number of \(unit), 0 or more", meaning: meaning) { c, key in
            guard let v = c.number(key), v >= 0, v < 9.2e18 else { return .refused() }
            return .value(Int64(v))
        } write: { .integer($0) }
    }
}

extension KeyedDecodingContainer<JSONLine.Key> {
    fileprivate func string(_ key: Key) -> String? { try? decode(String.self, forKey: key) }

    /// A finite number (`true` is not `1`: JSONReader decodes as JSONDecoder, not as JSONSerialization reads).
    fileprivate func number(_ key: Key) -> Double? {
        (try? decode(Double.self, forKey: key)).flatMap { $0.isFinite ? $0 : nil }
    }
}
