/// Text from outside (a value, an input line) made safe to print on a terminal: every control character, and the
/// replacement character standing for invalid UTF-8, becomes `?`, so an escape sequence can neither retitle the
/// terminal nor move the cursor. Warnings about stdin and about command-line values both go through it.
public enum TerminalText {
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        out.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 })
        return out
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{FFFD}"
    }
}
