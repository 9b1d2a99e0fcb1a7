public import HUDScene

/// How `zenity --progress` and `yad --progress` read their input, line by line (zenity 3.44 and 4.x
/// `progress.c`, yad 0.40 to 14 `progress.c`):
///
/// - a line whose first character is a digit is a percentage: the number it starts with (zenity reads a
///   decimal with `.` or `,`; yad reads the integer part), clamped into 0...100;
/// - a line whose first character is `#` is text, trimmed, with C escapes (`\n`, `\t`, `\\`) resolved as
///   `g_strcompress` does: zenity's label, yad's progress text (the details here);
/// - zenity's `pulsate:false` stops pulsing and `pulsate:true` (any other value) starts it;
/// - every other line, blank or leading space included, is ignored without a word: no scanning for percentages.
public struct ZenityLineRules: Hashable, Sendable {
    /// Whose rules: zenity's or yad's.
    public enum Program: String, Hashable, Sendable {
        case zenity, yad
    }

    public var program: Program
    /// What `pulsate:false` turns the spinner back into.
    public var progressMode: HUDMode
    /// The HUD reads Pango markup (zenity's `--text` is markup), so text from `#` lines, which both programs
    /// show literally, is escaped.
    public var escapeMarkup: Bool
    /// yad `--hide-text`: `#` lines change nothing.
    public var hideText: Bool

    public init(program: Program, progressMode: HUDMode = .bar, escapeMarkup: Bool = false, hideText: Bool = false) {
        self.program = program
        self.progressMode = progressMode
        self.escapeMarkup = escapeMarkup
        self.hideText = hideText
    }

    public func parse(_ line: UnsafeRawBufferPointer) -> FeedEvent {
        guard let first = line.first else { return .nothing }
        if first == UInt8(ascii: "#") {
            guard !hideText else { return .nothing }
            var text = Self.compress(String(decoding: UnsafeRawBufferPointer(rebasing: line.dropFirst()),
                                            as: UTF8.self).trimmingWhitespace())
            if escapeMarkup { text = Self.escapeMarkup(text) }
            return .update(program == .zenity ? FeedUpdate(label: text) : FeedUpdate(details: text))
        }
        if first >= 0x30 && first <= 0x39 {
            return .update(FeedUpdate(progress: min(Self.leadingNumber(line, integer: program == .yad), 100) / 100))
        }
        if program == .zenity, line.starts(with: "pulsate".utf8), let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]), as: UTF8.self)
            let stop = value.trimmingWhitespace().lowercased() == "false"
            return .update(FeedUpdate(mode: stop ? progressMode : .indeterminate))
        }
        return .nothing
    }

    /// The number at the start of the line: digits, then (zenity) a `.` or `,` and more digits.
    static func leadingNumber(_ line: UnsafeRawBufferPointer, integer: Bool) -> Double {
        var value = 0.0, scale = 1.0, seenPoint = false
        for c in line {
            if c >= 0x30 && c <= 0x39 {
                if seenPoint {
                    scale /= 10
                    value += Double(c - 0x30) * scale
                } else {
                    value = value * 10 + Double(c - 0x30)
                }
                if value > 1e6 { break }  // clamped to 100 anyway; stop before a long run of digits overflows
            } else if !integer, !seenPoint, c == UInt8(ascii: ".") || c == UInt8(ascii: ",") {
                seenPoint = true
            } else {
                break
            }
        }
        return value
    }

    /// GLib's `g_strcompress`: `\n`, `\t`, `\r`, `\b`, `\f`, `\v`, `\\`, `\"` and octal `\NNN` become the characters
    /// they name; a backslash before anything else is dropped.
    public static func compress(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out: [UInt8] = []
        let b = Array(text.utf8)
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "\\"), i + 1 < b.count else { out.append(b[i]); i += 1; continue }
            let c = b[i + 1]
            i += 2
            switch c {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = Int(c - 0x30), n = 1
                while n < 3, i < b.count, b[i] >= 0x30, b[i] <= 0x37 { v = v * 8 + Int(b[i] - 0x30); i += 1; n += 1 }
                out.append(UInt8(truncatingIfNeeded: v))
            default: out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `g_markup_escape_text`: the five characters markup gives a meaning.
    public static func escapeMarkup(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&#39;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
