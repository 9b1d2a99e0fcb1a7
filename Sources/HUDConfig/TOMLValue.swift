/// A value in `config.toml`: the TOML types a setting can hold.
///
/// Tables are kept only as a marker: no setting is a table, so a `[table]` header, a dotted key or an inline
/// table is reported as a setting with the wrong value rather than looked into.
enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table

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
}

/// A line of `config.toml` that is not TOML, with the line it is on.
struct TOMLSyntaxError: Error, Equatable, Sendable {
    var line: Int
    var reason: String
}
