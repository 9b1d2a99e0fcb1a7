/// Cuts a byte stream into lines at `\n` or `\r` (rsync and curl redraw their progress with `\r`), and with
/// `breaksOnBackspace` at `\b` too: 7-Zip redraws its progress by backspacing over it, ending no line until it is
/// done, so without that its frames would be one line cut at `maxLineLength`.
///
/// Lines are handed out as raw bytes so the common case, a short number, is parsed without making a `String`.
/// A line longer than `maxLineLength` is cut there and the rest of it dropped, so an unterminated 10 MB line
/// costs no more memory than a short one.
public struct LineSplitter: Sendable {
    public let maxLineLength: Int
    public let breaksOnBackspace: Bool
    private var pending: [UInt8] = []
    private var truncated = false

    public init(maxLineLength: Int = 64 * 1024, breaksOnBackspace: Bool = false) {
        self.maxLineLength = max(1, maxLineLength)
        self.breaksOnBackspace = breaksOnBackspace
    }

    /// Splits `chunk`, calling `line` for every complete line with whether it was cut short.
    public mutating func push(_ chunk: UnsafeRawBufferPointer,
                              line: (UnsafeRawBufferPointer, _ truncated: Bool) -> Void) {
        var start = 0
        var i = 0
        let n = chunk.count
        while i < n {
            let b = chunk[i]
            if b == 0x0A || b == 0x0D || b == 0x08 && breaksOnBackspace {
                if pending.isEmpty && !truncated {
                    let length = min(i - start, maxLineLength)
                    line(UnsafeRawBufferPointer(rebasing: chunk[start..<start + length]), i - start > maxLineLength)
                } else {
                    append(UnsafeRawBufferPointer(rebasing: chunk[start..<i]))
                    pending.withUnsafeBytes { line($0, truncated) }
                    pending.removeAll(keepingCapacity: pending.count <= 4096)
                    truncated = false
                }
                start = i + 1
            }
            i += 1
        }
        if start < n { append(UnsafeRawBufferPointer(rebasing: chunk[start..<n])) }
    }

    /// The line begun and not yet ended, as far as it has come (nothing when it was cut short). rsync, curl, dd and
    /// wget start each redraw with `\r` rather than end it, so their latest figures wait here until the next one.
    public func withUnfinishedLine(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard !pending.isEmpty, !truncated else { return }
        pending.withUnsafeBytes { body($0) }
    }

    /// Hands out the last line when the input ends without a line break.
    public mutating func finish(line: (UnsafeRawBufferPointer, _ truncated: Bool) -> Void) {
        guard !pending.isEmpty || truncated else { return }
        pending.withUnsafeBytes { line($0, truncated) }
        pending.removeAll()
        truncated = false
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let room = maxLineLength - pending.count
        if bytes.count > room {
            truncated = true
            if room > 0 { pending.append(contentsOf: bytes.prefix(room)) }
        } else {
            pending.append(contentsOf: bytes)
        }
    }
}
