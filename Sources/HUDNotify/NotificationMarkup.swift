import HUDBase

/// The body markup of the Desktop Notifications specification turned into Pango markup that is safe to hand to
/// Pango: `<b>`, `<i>`, `<u>` kept (balanced), `<a href…>` shown as its text underlined (a link: `dunstctl context`
/// offers it), `<img alt="…">` as its alt text,
/// `<br>` as a line break, the five XML entities and numeric references kept; other tags (`<big>`, `<span …>`, a
/// closing tag of nothing open) left out with their text kept, as dunst does; a stray `<` or `&` shown literally,
/// escaped. Never passes a client's markup to Pango unchecked.
public enum NotificationMarkup {
    /// Characters kept of a body: a notification is read in a glance, and a 10 MB body must not cost more.
    public static let bodyLimit = 4000
    /// Characters kept of a summary.
    public static let summaryLimit = 500

    /// Plain text (a summary, an action's label) escaped for Pango markup, cut at `limit` characters.
    public static func escaped(_ text: String, limit: Int = summaryLimit) -> String {
        var out = ""
        for c in text.prefix(limit) { out += escape(c) }
        return out
    }

    /// The body as Pango markup (see the type's description).
    public static func pango(fromBody body: String, limit: Int = bodyLimit) -> String {
        let chars = Array(body.prefix(limit))
        var out = ""
        var open: [String] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "<", let end = chars[i...].firstIndex(of: ">"), end - i < 512 {
                let tag = String(chars[(i + 1)..<end])
                if let kept = translate(tag, open: &open) {
                    out += kept
                    i = end + 1
                    continue
                }
                if Self.isTag(tag) {
                    i = end + 1
                    continue
                }
            } else if c == "&", let entity = entity(in: chars, at: i) {
                out += entity
                i += entity.count
                continue
            }
            out += escape(c)
            i += 1
        }
        for tag in open.reversed() { out += "</\(pangoName(tag))>" }
        return out
    }

    /// Whether the text between `<` and `>` is a tag (`big`, `/span`, `!-- note --`), which is left out when the
    /// specification does not have it, rather than a `<` in prose (`1 < 2 > 0`), which is shown.
    private static func isTag(_ inside: String) -> Bool {
        var rest = Substring(inside)
        if rest.first == "/" { rest = rest.dropFirst() } else if rest.first == "!" || rest.first == "?" { return true }
        guard let first = rest.first else { return false }
        return first.isASCII && first.isLetter
    }

    /// What a tag becomes, or nil when it is not one of the specification's (it is then left out).
    private static func translate(_ raw: String, open: inout [String]) -> String? {
        let tag = raw.trimmingSpaces
        let lower = tag.lowercased()
        if ["b", "i", "u"].contains(lower) {
            open.append(lower)
            return "<\(lower)>"
        }
        if lower.hasPrefix("/") {
            let name = String(lower.dropFirst()).trimmingSpaces
            guard ["a", "b", "i", "u"].contains(name), let at = open.lastIndex(of: name) else {
                // A closing `</a>` of no link is left out as one of an anchor without its opening.
                return name == "a" ? "" : nil
            }
            // Closing an outer tag closes the ones opened inside it, so the result always nests.
            var closing = ""
            for inner in open[at...].reversed() { closing += "</\(pangoName(inner))>" }
            open.removeSubrange(at...)
            return closing
        }
        if lower == "a" || lower.hasPrefix("a ") {
            open.append("a")
            return "<u>"
        }
        if lower == "br" || lower == "br/" || lower == "br /" { return "\n" }
        if lower.hasPrefix("img ") || lower.hasPrefix("img/") || lower == "img" {
            return attribute("alt", in: tag).map { escaped($0, limit: 200) } ?? ""
        }
        return nil
    }

    /// The Pango tag an open tag is drawn with: a link is underlined.
    private static func pangoName(_ tag: String) -> String { tag == "a" ? "u" : tag }

    /// The value of `name="…"` (or single quotes) in a tag.
    private static func attribute(_ name: String, in tag: String) -> String? {
        let chars = Array(tag)
        let key = Array(name + "=")
        var i = 0
        while i + key.count < chars.count {
            if Array(chars[i..<(i + key.count)]).map({ Character($0.lowercased()) }) == key,
               i == 0 || chars[i - 1] == " " {
                let quote = chars[i + key.count]
                guard quote == "\"" || quote == "'" else { return nil }
                let start = i + key.count + 1
                guard let end = chars[start...].firstIndex(of: quote) else { return nil }
                return decodeEntities(String(chars[start..<end]))
            }
            i += 1
        }
        return nil
    }

    /// A well-formed entity at `i` (`&amp;`, `&#38;`, `&#x26;`), as is, or nil.
    private static func entity(in chars: [Character], at i: Int) -> String? {
        guard let end = chars[i...].prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(chars[(i + 1)..<end])
        if ["amp", "lt", "gt", "quot", "apos"].contains(name) { return "&\(name);" }
        var number: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            number = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
            number = UInt32(name.dropFirst())
        }
        // A NUL or a control character would stop or confuse Pango: those are shown as written.
        guard let number, number >= 0x20, let scalar = Unicode.Scalar(number) else { return nil }
        _ = scalar
        return "&\(name);"
    }

    private static func decodeEntities(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
    }

    private static func escape(_ c: Character) -> String {
        switch c {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "'": return "&apos;"
        default:
            // Control characters other than line breaks and tabs are dropped: Pango refuses some of them.
            if let a = c.asciiValue, a < 0x20, a != 0x0A, a != 0x09 { return "" }
            return String(c)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
