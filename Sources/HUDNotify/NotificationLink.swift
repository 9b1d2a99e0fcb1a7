import HUDBase
import HUDScene

/// A link of a notification: the text it is shown as and where it leads. The list is dunst's (`NotificationLinks`):
/// each `<a href>` of the summary and body, each `<img src>`, then the plain URLs outside them.
public struct NotificationLink: Sendable, Equatable, Encodable {
    /// The link's text without markup, its entities decoded (an image's alt text; a plain URL itself).
    public var text: String
    /// Where it leads, its entities decoded, as a browser is given it.
    public var url: String

    public init(text: String, url: String) {
        self.text = text
        self.url = url
    }

    /// The lines dunst's context menu gives for `n`'s links, after its actions: `[TEXT] URL`, or a plain URL.
    static func menuLines(of n: Notification) -> [String] {
        NotificationLinks.of(summary: n.summary, body: n.body)
    }

    /// The links of `n`, as `list --json` gives them.
    public static func of(_ n: Notification) -> [NotificationLink] {
        menuLines(of: n).map(Self.init(menuLine:))
    }

    /// A line of the menu read back as dunst's `open_browser` reads it: after a leading `[TEXT] ` is the URL, and a
    /// line without one is the URL itself.
    init(menuLine line: String) {
        if line.hasPrefix("["), let end = line.firstRange(of: "] ") {
            let inside = line[line.index(after: line.startIndex)..<end.lowerBound]
            self.init(text: Self.plain(String(inside)), url: Self.decoded(String(line[end.upperBound...])))
        } else {
            let url = Self.decoded(line)
            self.init(text: url, url: url)
        }
    }

    /// `markup` without its tags and with its entities decoded: `<b>the</b> page &amp; more` is `the page & more`.
    static func plain(_ markup: String) -> String {
        var out = ""
        var inTag = false
        for c in markup {
            if inTag {
                if c == ">" { inTag = false }
            } else if c == "<" {
                inTag = true
            } else {
                out.append(c)
            }
        }
        // An unclosed `<` is prose, not a tag: kept.
        return decoded(inTag ? markup : out)
    }

    /// `text` with the five XML entities and numeric references (`&#38;`, `&#x26;`) decoded; others left as written.
    static func decoded(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";"), let c = entity(after[..<semi]) {
                out.append(c)
                rest = after[after.index(after: semi)...]
            } else {
                out.append("&")
                rest = after
            }
        }
        return out + rest
    }

    /// The entity's character, but never a control character: it would end up in a browser's argument.
    private static func entity(_ name: Substring) -> Character? {
        guard let c = TextBlock.character(entity: name), c.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
            return nil
        }
        return c
    }

    /// The words of a `browser` setting, as dunst splits it (`g_shell_parse_argv`, without a shell running it):
    /// white space separates them, single and double quotes keep it, a backslash takes the next character as it is.
    /// Nil for an unclosed quote or no word.
    public static func words(_ command: String) -> [String]? {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for c in command {
            if escaped {
                word = (word ?? "") + String(c)
                escaped = false
            } else if let q = quote {
                if c == q {
                    quote = nil
                } else if c == "\\", q == "\"" {
                    escaped = true
                } else {
                    word = (word ?? "") + String(c)
                }
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" || c == "'" {
                quote = c
                word = word ?? ""
            } else if c.isWhitespace {
                if let w = word { words.append(w) }
                word = nil
            } else {
                word = (word ?? "") + String(c)
            }
        }
        guard quote == nil, !escaped else { return nil }
        if let w = word { words.append(w) }
        return words.isEmpty ? nil : words
    }
}
