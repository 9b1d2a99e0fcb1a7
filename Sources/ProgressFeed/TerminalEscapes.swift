import Glibc

/// A line's text without the terminal's escape sequences, as a terminal would show it: tools that redraw their
/// progress in place begin each line with them (duplicity's `ESC[F ESC[2K`, restic's `ESC[2K`, rclone's
/// `ESC[2K ESC[1A … ESC[1G`) or wrap the figures in them (dpkg's `Progress: [ 45%]` in colour at the bottom row).
/// Text before an escape that erases the line or moves the cursor to another line is dropped, as the terminal
/// would no longer show it on that line.
enum TerminalEscapes {
    /// The bytes without escape sequences, or nil when there are none (the line is read as it is).
    static func stripped(_ line: Slice<UnsafeRawBufferPointer>) -> [UInt8]? {
        guard let base = line.base.baseAddress,
              memchr(base + line.startIndex, 0x1B, line.count) != nil else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            guard c == 0x1B else {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < line.endIndex else { break }
            switch line[i] {
            case UInt8(ascii: "["):
                // CSI: parameters and intermediates, then one final byte in 0x40...0x7E.
                i += 1
                let parameters = i
                while i < line.endIndex, (0x20...0x3F).contains(line[i]) { i += 1 }
                guard i < line.endIndex else { break }
                // What the terminal shows after erasing the line (`ESC[2K`) or moving to another one (up, down,
                // to a row) is a line of its own: rclone redraws its block after the last line's text.
                let final = line[i], whole = i - parameters == 1 && line[parameters] == UInt8(ascii: "2")
                if final == UInt8(ascii: "K") && whole || "ABEFHf".utf8.contains(final) { out.removeAll() }
                i += 1
            case UInt8(ascii: "]"):
                // OSC (a title): up to BEL or ESC \.
                while i < line.endIndex, line[i] != 0x07, line[i] != 0x1B { i += 1 }
                if i < line.endIndex, line[i] == 0x07 { i += 1 }
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                i += 2  // a character set: one byte more
            default:
                i += 1  // ESC 7, ESC 8, ESC M…
            }
        }
        return out
    }
}
