@_spi(_Unicode) import Swift

/// The links in a notification's summary and body as dunst lists them for a rule's script (`DUNST_URLS`): each
/// `<a href>` as `[text] URL`, each `<img src>` as `[alt] URL`, then the plain URLs outside those.
///
/// dunst finds them with regular expressions; these are those expressions, matched by hand over the text's
/// characters with the same choices Swift's Regex made for them (greedy and lazy runs, case-insensitive tags, `.`
/// no line break, `\s` any white space, `\b` a Unicode word boundary), so that no regular expression engine is
/// linked into x11hud (1.3 MB of the binary).
struct NotificationLinks {
    private var text: [Character]
    private var found: [String] = []

    /// dunst's list for `summary` and `body`.
    static func of(summary: String, body: String) -> [String] {
        var links = NotificationLinks(text: Array(summary + " " + body))
        links.anchors()
        links.images()
        links.plainURLs()
        return links.found
    }

    /// `text` without its `<a …>` and `</a>` tags (`<a\s[^>]*>` and `</a>`, case-insensitive), as dunst's default
    /// format shows a body's links: their text alone.
    static func withoutAnchorTags(_ text: String) -> String {
        var links = NotificationLinks(text: Array(text))
        links.remove { links, at in
            guard let tag = links.openTag("<a", at), let end = links.tagEnd(after: tag.lowerBound) else { return nil }
            return end + 1
        }
        links.remove { links, at in links.matches("</a>", at: at, ignoringCase: true) ? at + 4 : nil }
        return String(links.text)
    }

    private init(text: [Character]) { self.text = text }

    /// `<a\s[^>]*href="([^"]*)"[^>]*>(.*?)</a>`, each listed; then `<a\s[^>]*>.*?</a>` removed.
    private mutating func anchors() {
        var at = 0
        while at < text.count {
            // The greedy run before `href="` tries the last candidate first, then the earlier ones.
            var link: (href: (value: Range<Int>, end: Int), close: Int)?
            for href in openTag("<a", at).map({ attributes("href=\"", in: $0) }) ?? [] {
                if let close = closing("</a>", from: href.end + 1) {
                    link = (href, close)
                    break
                }
            }
            if let (href, close) = link {
                found.append("[\(String(text[href.end + 1..<close]))] \(String(text[href.value]))")
                at = close + 4
                continue
            }
            at += 1
        }
        remove { links, at in
            guard let tag = links.openTag("<a", at), let end = links.tagEnd(after: tag.lowerBound),
                  let close = links.closing("</a>", from: end + 1)
            else { return nil }
            return close + 4
        }
    }

    /// `<img\s[^>]*src="([^"]*)"[^>]*>`, each listed with the first `alt="..."` of its tag; then `<img\s[^>]*>`
    /// removed.
    private mutating func images() {
        var at = 0
        while at < text.count {
            if let tag = openTag("<img", at), let src = attributes("src=\"", in: tag).first {
                let whole = at..<(src.end + 1)
                let alt = firstAlt(in: whole).map { String(text[$0]) } ?? "image"
                found.append("[\(alt)] \(String(text[src.value]))")
                at = src.end + 1
                continue
            }
            at += 1
        }
        remove { links, at in
            guard let tag = links.openTag("<img", at), let end = links.tagEnd(after: tag.lowerBound) else { return nil }
            return end + 1
        }
    }

    /// dunst's plain URL: `\b(?:https?://|ftps?://|news://|mailto:|file://|www\.)` `[-\w@;/?:&=%$.+!*',~#]*`
    /// `(?:\([-\w@;/?:&=%$.+!*',~#]*\)|[-\w@;/?:&=%$+*~])+`, case-insensitive.
    private mutating func plainURLs() {
        let boundaries = wordBoundaries()
        var at = 0
        while at < text.count {
            if boundaries.contains(at), let end = plainURL(at) {
                found.append(String(text[at..<end]))
                at = end
                continue
            }
            at += 1
        }
    }

    // MARK: The pieces of the expressions

    /// `<name\s`, case-insensitive, at `at`: the range after the white space up to the end of the text.
    private func openTag(_ name: String, _ at: Int) -> Range<Int>? {
        let after = at + name.count
        guard matches(name, at: at, ignoringCase: true), after < text.count, text[after].isWhitespace else {
            return nil
        }
        return (after + 1)..<text.count
    }

    /// The first `>` at or after `start`: where `[^>]*>` ends.
    private func tagEnd(after start: Int) -> Int? {
        text[start...].firstIndex(of: ">")
    }

    /// `[^>]*NAME"([^"]*)"[^>]*>` from the start of `tag`, each way it matches in the order Regex tries them: the
    /// greedy run takes the last `NAME"` before the tag's first `>` first. Each gives the value's range and where its
    /// `>` is.
    private func attributes(_ name: String, in tag: Range<Int>) -> [(value: Range<Int>, end: Int)] {
        guard let firstEnd = tagEnd(after: tag.lowerBound) else { return [] }
        return (tag.lowerBound...firstEnd).reversed().filter { matches(name, at: $0, ignoringCase: true) }.compactMap {
            let value = $0 + name.count
            guard let quote = text[value...].firstIndex(of: "\""), let end = tagEnd(after: quote + 1) else {
                return nil
            }
            return (value..<quote, end)
        }
    }

    /// `(.*?)CLOSE`: the first `CLOSE` (case-insensitive) from `start` with no line break before it.
    private func closing(_ close: String, from start: Int) -> Int? {
        var at = start
        while at < text.count {
            if matches(close, at: at, ignoringCase: true) { return at }
            if text[at].isNewline { return nil }
            at += 1
        }
        return nil
    }

    /// `alt="([^"]*)"`, case-sensitive, its first match in `range`.
    private func firstAlt(in range: Range<Int>) -> Range<Int>? {
        for at in range where matches("alt=\"", at: at, ignoringCase: false) {
            let value = at + 5
            if let quote = text[value..<range.upperBound].firstIndex(of: "\"") { return value..<quote }
        }
        return nil
    }

    /// Where a plain URL starting at `at` ends, or nil.
    private func plainURL(_ at: Int) -> Int? {
        let schemes = ["https://", "http://", "ftps://", "ftp://", "news://", "mailto:", "file://", "www."]
        guard let scheme = schemes.first(where: { matches($0, at: at, ignoringCase: true) }) else { return nil }
        let start = at + scheme.count
        var run = start
        while run < text.count, Self.isURLCharacter(text[run]) { run += 1 }
        // The greedy run gives back one character at a time until the repeated part matches at least once.
        for split in stride(from: run, through: start, by: -1) {
            var end = split
            var repeats = 0
            while end < text.count {
                if let group = parenthesized(end) {
                    end = group
                } else if Self.isURLEnd(text[end]) {
                    end += 1
                } else {
                    break
                }
                repeats += 1
            }
            if repeats > 0 { return end }
        }
        return nil
    }

    /// `\([-\w@;/?:&=%$.+!*',~#]*\)` at `at`: where it ends.
    private func parenthesized(_ at: Int) -> Int? {
        guard text[at] == "(" else { return nil }
        var end = at + 1
        while end < text.count, Self.isURLCharacter(text[end]) { end += 1 }
        return end < text.count && text[end] == ")" ? end + 1 : nil
    }

    /// `[-\w@;/?:&=%$.+!*',~#]`
    private static func isURLCharacter(_ c: Character) -> Bool {
        isWord(c) || "-@;/?:&=%$.+!*',~#".contains(c)
    }

    /// `[-\w@;/?:&=%$+*~]`
    private static func isURLEnd(_ c: Character) -> Bool {
        isWord(c) || "-@;/?:&=%$+*~".contains(c)
    }

    /// `\w` as Swift's Regex reads it: the first scalar alphabetic, a digit, a join control, a mark or a connector.
    private static func isWord(_ c: Character) -> Bool {
        guard let p = c.unicodeScalars.first?.properties else { return false }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return p.isAlphabetic || p.numericType == .decimal || p.isJoinControl
        }
    }

    /// `\b`: the character offsets on a Unicode default word boundary, the text's start and end included.
    private func wordBoundaries() -> Set<Int> {
        let string = String(text)
        var offsets: Set<Int> = [0, text.count]
        var boundary = string.startIndex
        for (offset, index) in zip(0..., string.indices) {
            while boundary < index { boundary = string._wordIndex(after: boundary) }
            if boundary == index { offsets.insert(offset) }
        }
        return offsets
    }

    private func matches(_ literal: String, at: Int, ignoringCase: Bool) -> Bool {
        var i = at
        for c in literal {
            guard i < text.count else { return false }
            if ignoringCase ? text[i].lowercased() != String(c) : text[i] != c { return false }
            i += 1
        }
        return true
    }

    /// Removes each match of `match` (which gives where a match at an offset ends), left to right.
    private mutating func remove(_ match: (NotificationLinks, Int) -> Int?) {
        var kept: [Character] = []
        var at = 0
        while at < text.count {
            if let end = match(self, at) {
                at = end
            } else {
                kept.append(text[at])
                at += 1
            }
        }
        text = kept
    }
}
