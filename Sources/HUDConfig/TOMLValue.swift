/// A TOML value as `TOMLDocument` reads it: every TOML 1.0 type but dates and times.
enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    /// A table, whether written as a `[header]`, with dotted keys or inline; an array of tables is an array of these.
    case table([String: TOMLValue])

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var int: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }

    var double: Double? {
        if case .float(let d) = self { return d }
        return nil
    }

    var array: [TOMLValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    var table: [String: TOMLValue]? {
        if case .table(let t) = self { return t }
        return nil
    }
}

/// A document outside the TOML subset x11hud reads, with the line the problem is on.
struct TOMLSyntaxError: Error, Equatable, Sendable {
    var line: Int
    var reason: String
}
