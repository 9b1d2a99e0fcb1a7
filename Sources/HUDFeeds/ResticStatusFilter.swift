import HUDBase

/// restic's status, which `run` asks for (`RESTIC_PROGRESS_FPS`) when restic's output is not a terminal, to move
/// the bar, kept out of what is passed through: the user sees restic's output as it is without x11hud (issue 52).
///
/// Into a pipe, each of restic's status frames is a status line, `[0:03] 32.50%  13 files 12.398 MiB, total 40
/// files 38.147 MiB, 0 errors ETA 0:02`, then the files it is reading, one a line, each from the snapshot's root
/// (`/docs/f11.bin`). Both are dropped; every other line passes, whole, once it has ended.
struct ResticStatusFilter: OutputFilter {
    private var partial: [UInt8] = []
    /// The last line was a status line or one of its files.
    private var inFrame = false

    /// restic asks nothing on stdout (its password is asked on the terminal or stderr), so a line waits for its end
    /// however long restic pauses: a status line is never cut in two.
    mutating func pass(_ bytes: UnsafeRawBufferPointer, drained: Bool) -> [UInt8] {
        var kept: [UInt8] = []
        for byte in bytes {
            partial.append(byte)
            guard byte == UInt8(ascii: "\n") else { continue }
            if keeps(partial) { kept += partial }
            partial.removeAll(keepingCapacity: true)
        }
        return kept
    }

    mutating func rest() -> [UInt8] {
        defer { partial = [] }
        return partial
    }

    private mutating func keeps(_ line: [UInt8]) -> Bool {
        if Self.isStatus(line) {
            inFrame = true
        } else if !(inFrame && line.first == UInt8(ascii: "/")) {
            inFrame = false
        }
        return !inFrame
    }

    /// `[0:03] … files …, total … files …, 0 errors` (with `ETA 0:02` after it once restic has an estimate).
    static func isStatus(_ line: [UInt8]) -> Bool {
        var line = line[...]
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]"),
              text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == ":" }),
              text.contains(" files "), text.contains(", total ") else { return false }
        return text.hasSuffix(" errors") || text.contains(" errors ETA ")
    }
}
