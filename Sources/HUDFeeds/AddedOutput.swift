/// Output a command prints only because `run` asked for it (`QuietCommand`), to move the bar: read, but kept out of
/// what is passed through, so the user sees the command's output as it is without x11hud (issue 52).
enum AddedOutput: Sendable {
    /// restic's status lines on stdout (`RESTIC_PROGRESS_FPS`): `ResticStatusFilter`.
    case resticStatus
    /// borg's `--progress` redraws on stderr: `RedrawFilter`.
    case redraws

    /// The stream it comes on: 0 stdout, 1 stderr.
    var stream: Int { self == .resticStatus ? 0 : 1 }

    /// A filter of that stream, at its start.
    func filter() -> any OutputFilter { self == .resticStatus ? ResticStatusFilter() : RedrawFilter() }
}

/// What passes of a stream, line by line.
protocol OutputFilter: Sendable {
    /// What passes of `bytes` (with a line begun before); the line it ends in is kept until it ends, or, for a filter
    /// that says so, until the writer pauses (`drained`: the pipe is empty).
    mutating func pass(_ bytes: UnsafeRawBufferPointer, drained: Bool) -> [UInt8]
    /// The unfinished line, at the end of the output.
    mutating func rest() -> [UInt8]
}

/// borg's `--progress` into a pipe: each redraw ends with `\r` (`Checking segments 7.1%\r`, `Compacting segments
/// 47%\r`, `12.46 MB O … N docs/f5.bin   \r`, and a lone `\r` that clears), while its messages end with `\n`, one
/// sometimes right after a redraw (`Checking segments 92.9%\rfinished segment check at segment 13\n`). Every piece
/// that ends with `\r` is dropped; the lines that end with `\n` pass. A piece that has not ended when borg pauses
/// passes at once: it is a question waiting for an answer (`borg check --repair`'s `Type 'YES' if you understand
/// this and want to continue: `), whereas borg writes each redraw whole, `\r` included.
struct RedrawFilter: OutputFilter {
    private var partial: [UInt8] = []

    mutating func pass(_ bytes: UnsafeRawBufferPointer, drained: Bool) -> [UInt8] {
        var kept: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\r") {
                partial.removeAll(keepingCapacity: true)
                continue
            }
            partial.append(byte)
            if byte == UInt8(ascii: "\n") {
                kept += partial
                partial.removeAll(keepingCapacity: true)
            }
        }
        if drained {
            kept += partial
            partial.removeAll(keepingCapacity: true)
        }
        return kept
    }

    mutating func rest() -> [UInt8] {
        defer { partial = [] }
        return partial
    }
}
