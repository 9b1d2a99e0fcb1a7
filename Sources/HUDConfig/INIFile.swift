/// A file in the INI dialect dunst and mako read: `[section]` headers, `key = value` lines, whole-line comments
/// starting with `#` or `;`, and values either bare (a `#` or `;` after them starts a comment, as in dunst) or in
/// double quotes with backslash escapes (`\"`, `\\`, `\n`, `\t`). Keys before any header belong to the section
/// named "" (mako's top level). mako has no comments after a value: its colours are bare `#RRGGBB`.
public struct INIFile: Sendable {
    /// One `key = value` line.
    public struct Entry: Equatable, Sendable {
        public var section: String
        public var key: String
        public var value: String
        /// Whether the value was in quotes (a quoted `""` is an empty string given on purpose).
        public var quoted: Bool
        public var line: Int
    }

    /// A line that is neither a header, a key nor a comment.
    public struct Problem: Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    public private(set) var entries: [Entry] = []
    public private(set) var problems: [Problem] = []
    /// Each section's header line, in the order of the file (a section given twice: its first).
    public private(set) var sections: [(name: String, line: Int)] = []

    /// - Parameter inlineComments: a bare value ends at `#` or `;` (dunst: an unquoted `#ff0000` is empty there
    ///   too), or runs to the end of the line (mako).
    public init(text: String, inlineComments: Bool = true) {
        var section = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let text = Self.trimmed(Substring(raw))
            guard let first = text.first, first != "#", first != ";" else { continue }
            if first == "[" {
                guard let close = text.firstIndex(of: "]") else {
                    problems.append(Problem(line: line, reason: "a section header without its ']'"))
                    continue
                }
                section = String(Self.trimmed(text[text.index(after: text.startIndex)..<close]))
                if !sections.contains(where: { $0.name == section }) { sections.append((section, line)) }
                continue
            }
            guard let equal = text.firstIndex(of: "=") else {
                problems.append(Problem(line: line, reason: "neither 'key = value' nor a [section]"))
                continue
            }
            let key = String(Self.trimmed(text[..<equal]))
            guard !key.isEmpty else {
                problems.append(Problem(line: line, reason: "a value without a key"))
                continue
            }
            let rest = Self.trimmed(text[text.index(after: equal)...])
            guard let (value, quoted) = Self.value(rest, inlineComments: inlineComments) else {
                problems.append(Problem(line: line, reason: "'\(key)': a quote that is not closed"))
                continue
            }
            entries.append(Entry(section: section, key: key, value: value, quoted: quoted, line: line))
        }
    }

    /// A value as written after the `=`: a quoted string unescaped, else the text up to a comment; nil for an
    /// unclosed quote.
    static func value(_ text: Substring, inlineComments: Bool) -> (String, Bool)? {
        guard text.first == "\"" else {
            let end = inlineComments ? text.firstIndex { $0 == "#" || $0 == ";" } ?? text.endIndex : text.endIndex
            return (String(trimmed(text[..<end])), false)
        }
        var out = ""
        var escaped = false
        for c in text.dropFirst() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                return (out, true)
            } else {
                out.append(c)
            }
        }
        return nil
    }

    static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }

    /// A boolean as dunst reads one: true, yes, on, 1 and their opposites, in any case; nil for anything else.
    public static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: return nil
        }
    }
}
