/// A table while the document is read, with what TOML needs to know to refuse a redefinition.
final class TOMLTable {
    enum Item {
        /// A value set with `=`: a static array or an inline table is closed to anything later.
        case value(TOMLValue)
        case table(TOMLTable)
        case arrayOfTables([TOMLTable])

        var value: TOMLValue {
            switch self {
            case .value(let v): return v
            case .table(let t): return t.value
            case .arrayOfTables(let a): return .array(a.map(\.value))
            }
        }
    }

    var items: [String: Item] = [:]
    var order: [String] = []
    var lines: [String: Int] = [:]
    /// Defined by a `[header]` or as an element of `[[array]]`: a header cannot define it again, nor a dotted key
    /// add to it from another table.
    var isExplicit = false
    /// Made by a dotted key (`a.b = 1` makes `a`): a header cannot define it afterwards.
    var byDottedKey = false
    /// How deep it lies: 0 for the document.
    let depth: Int

    init(depth: Int = 0) {
        self.depth = depth
    }

    var value: TOMLValue {
        .table(items.mapValues(\.value))
    }

    private func insert(_ key: String, _ item: Item, line: Int) {
        if items[key] == nil { order.append(key) }
        items[key] = item
        if lines[key] == nil { lines[key] = line }
    }

    private static func name(_ path: ArraySlice<String>) -> String {
        path.map { TOMLKey.shown($0) }.joined(separator: ".")
    }

    /// The table `path` names below this one, made as an implicit table where missing: through headers, the last
    /// element of an array of tables is the table meant.
    private func descend(_ path: ArraySlice<String>, line: Int) throws(TOMLSyntaxError) -> TOMLTable {
        var table = self
        for (i, key) in zip(path.indices, path) {
            switch table.items[key] {
            case nil:
                let made = TOMLTable(depth: table.depth + 1)
                table.insert(key, .table(made), line: line)
                table = made
            case .table(let t)?:
                table = t
            case .arrayOfTables(let a)?:
                table = a[a.count - 1]
            case .value?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...i]))' was set to a value on line \(at)")
            }
        }
        return table
    }

    /// `[path]`.
    func defineTable(_ path: [String], line: Int) throws(TOMLSyntaxError) -> TOMLTable {
        let parent = try descend(path.dropLast(), line: line)
        let key = path[path.count - 1]
        switch parent.items[key] {
        case nil:
            let made = TOMLTable(depth: parent.depth + 1)
            made.isExplicit = true
            parent.insert(key, .table(made), line: line)
            return made
        case .table(let t)? where !t.isExplicit && !t.byDottedKey:
            // Made implicitly by an earlier `[path.sub]`: this header defines it, once.
            t.isExplicit = true
            return t
        case let item?:
            let at = parent.lines[key] ?? line
            let what: String
            switch item {
            case .value: what = "was set to a value"
            case .table: what = "is already a table"
            case .arrayOfTables: what = "is already an array of tables"
            }
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' \(what) on line \(at)")
        }
    }

    /// `[[path]]`: a new table at the end of the array.
    func appendArrayTable(_ path: [String], line: Int) throws(TOMLSyntaxError) -> TOMLTable {
        let parent = try descend(path.dropLast(), line: line)
        let key = path[path.count - 1]
        let made = TOMLTable(depth: parent.depth + 2)
        made.isExplicit = true
        switch parent.items[key] {
        case nil:
            parent.insert(key, .arrayOfTables([made]), line: line)
        case .arrayOfTables(let a)?:
            parent.items[key] = .arrayOfTables(a + [made])
        case .table?:
            let at = parent.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' is already a table on line \(at)")
        case .value?:
            let at = parent.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' was set to a value on line \(at) "
                                  + "(a static array cannot be appended to)")
        }
        return made
    }

    /// `path = value` in this table: a dotted key may make tables or add to tables it made, never to a table a
    /// header defined, nor to an inline table or array.
    func set(_ path: [String], to value: TOMLValue, line: Int) throws(TOMLSyntaxError) {
        var table = self
        for (i, key) in zip(path.indices, path.dropLast()) {
            switch table.items[key] {
            case nil:
                let made = TOMLTable(depth: table.depth + 1)
                made.byDottedKey = true
                table.insert(key, .table(made), line: line)
                table = made
            case .table(let t)? where !t.isExplicit:
                table = t
            case .table?, .arrayOfTables?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line,
                                      reason: "'\(Self.name(path[...i]))' is a table defined on line \(at): "
                                          + "dotted keys cannot add to it")
            case .value?:
                let at = table.lines[key] ?? line
                throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...i]))' was set to a value on line \(at)")
            }
        }
        let key = path[path.count - 1]
        if table.items[key] != nil {
            let at = table.lines[key] ?? line
            throw TOMLSyntaxError(line: line, reason: "'\(Self.name(path[...]))' is set twice (first on line \(at))")
        }
        table.insert(key, .value(value), line: line)
    }
}
