import HUDScene

/// The last non-empty line a command wrote to stderr, kept as it streams by, for the details of a failed `run`.
///
/// Lines end at `\n` or `\r` (a tool redrawing a progress line with `\r` leaves its last state). Terminal escape
/// sequences (colours, cursor moves, window titles) and other control characters are taken out, so what is shown
/// is the text a terminal would have shown.
struct StderrTail {
    /// A line is kept up to this many bytes; the rest of a longer one is dropped.
    static let maxLineBytes = 4096
    /// The details show at most this many characters of it.
    static let maxCharacters = 160

    private var current: [UInt8] = []
    private var last: [UInt8] = []

    mutating func push(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                endLine()
            } else if current.count < Self.maxLineBytes {
                current.append(byte)
            }
        }
    }

    /// The last non-empty line, cleaned and cut to `maxCharacters` (with an ellipsis); nil when there was none.
    var line: String? {
        var copy = self
        copy.endLine()
        return copy.last.isEmpty ? nil : Self.cut(Self.clean(copy.last))
    }

    private mutating func endLine() {
        if !Self.clean(current).isEmpty { last = current }
        current.removeAll(keepingCapacity: true)
    }

    /// The text without escape sequences and control characters, trimmed.
    static func clean(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                i = skipEscape(bytes, from: i)
                continue
            }
            // Control characters and DEL are dropped; a tab reads as a space.
            if byte == 0x09 { text.append(0x20) } else if byte >= 0x20, byte != 0x7F { text.append(byte) }
            i += 1
        }
        return String(decoding: text, as: UTF8.self).trimmingWhitespace()
    }

    /// The index after the escape sequence that starts at `start`: CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or
    /// `ESC ] … ESC \`), or a two-byte escape.
    private static func skipEscape(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 1
        guard i < bytes.count else { return i }
        switch bytes[i] {
        case UInt8(ascii: "["):
            i += 1
            while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
            return i + 1
        case UInt8(ascii: "]"):
            while i < bytes.count {
                if bytes[i] == 0x07 { return i + 1 }
                if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") { return i + 2 }
                i += 1
            }
            return i
        default:
            return i + 1
        }
    }

    private static func cut(_ text: String) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters - 1)) + "…"
    }
}
