import HUDBase

/// Finds the percentage and byte counts in the progress lines of the tools x11hud was built to read, and in no
/// other line.
///
/// A percentage anywhere in a line is not progress: apt prints `(Reading database ... 100%` long before it is done,
/// and a log may say `Downloaded 100% of one file, 3 more`. So each format is recognised by its whole shape:
///
/// - rsync (`--progress`, `--info=progress2`): `1,234,567  45%  1.23MB/s  0:00:12 (xfr#3, to-chk=5/10)`: bytes
///   done (of the file, or of the whole transfer with `progress2`) and the percentage; no total
/// - curl's default meter: `45 1024M  45  463M  0  0  12.3M  0  0:01:23  0:00:37  0:00:46 12.5M`: the total too
/// - curl `-#` is read by the parser itself (`#####   45.6%`): the percentage only
/// - pv: `1.00GiB 0:00:05 [ 204MiB/s] [=========>      ] 50% ETA 0:00:05`; without a size (no `-s`, a pipe)
///   `1.00GiB 0:00:05 [ 204MiB/s] [<=>     ]`: bytes done only
/// - wget's bar, new and old: `file.iso  45%[=====>      ] 463.12M  12.3MB/s  eta 37s`, ` 45% [====>   ] 463,123`
/// - wget's dots (its default into a pipe): `4096K .......... .......... ..........  45% 12.3M 37s`, and its
///   `Length: 62914560 (60M) [application/octet-stream]`: the total
/// - dd `status=progress`: `123456789 bytes (123 MB, 118 MiB) copied, 2 s, 61.7 MB/s`: bytes done only (dd does
///   not know the size; `--total` gives it)
/// - ffmpeg: `frame=  51 fps=0.0 q=-0.0 size=N/A time=00:00:02.11 bitrate=N/A speed=3.97x`, and `out_time=…` from
///   `-progress pipe:1`: the media time, against `--total DURATION`
///
/// - duplicity `--progress`: `199.9MB 00:00:18 [20.0MB/s] [======>      ] 66% ETA 4sec`, pv's shape, once the
///   parser has taken away the `ESC[F ESC[2K` that leads every line after the first
/// - restic, borg, rclone, apt and dpkg: see their own files (Restic.swift, Borg.swift, Rclone.swift, Apt.swift)
/// - xz `-v`, tar `--checkpoint` and 7-Zip: Xz.swift, TarCheckpoint.swift, SevenZip.swift
///
/// `pv -n` prints plain numbers, which the parser reads before it gets here.
enum ProgressFormats {
    /// What one progress line says; nil fields it does not say.
    struct Scan: Hashable {
        var percent: Double?
        var bytesDone: Int64?
        var bytesTotal: Int64?
        /// ffmpeg's position in the media, in seconds.
        var mediaSeconds: Double?
        /// Files done of files in all (restic, rclone).
        var filesDone: Int64?
        var filesTotal: Int64?
        /// The error the line reports (apt's `pmerror`).
        var error: String?
        /// What the figures count, where that is not bytes or files: restic's `5 of 6 packs repacked`, borg's phase.
        var details: String?
        /// The line ends on the figure it gives (tar's checkpoint), so a line cut short would give a smaller one:
        /// read only once the line has ended.
        var endsOnItsFigure = false
    }

    /// `632 of 3,006 files`: the details of a tool that counts files.
    static func files(_ done: Int64, of all: Int64) -> String {
        "\(grouped(done)) of \(grouped(all)) " + (all == 1 ? "file" : "files")
    }

    /// `3,006`: digits in groups of three.
    static func grouped(_ n: Int64) -> String {
        var digits = String(n.magnitude), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return (n < 0 ? "-" : "") + digits + out
    }

    /// The figures of a known progress line, or nil.
    static func scan(_ line: Substring) -> Scan? {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { return nil }
        if let scan = rsync(tokens) ?? curlMeter(tokens) ?? wgetDots(tokens) ?? dd(tokens) ?? ffmpeg(tokens)
            ?? wgetLength(tokens) ?? bracketBar(line, tokens) ?? xz(tokens) ?? tarCheckpoint(tokens)
            ?? sevenZip(tokens) { return scan }
        return backupTool(line, tokens)
    }

    /// The lines of restic, borg, rclone, apt and dpkg.
    static func backupTool(_ line: Substring, _ tokens: [Substring]) -> Scan? {
        if let scan = restic(tokens) ?? resticCounter(tokens) ?? borgCreate(tokens) ?? borgExtract(tokens)
            ?? borgPhase(tokens) { return scan }
        return rclone(tokens) ?? rcloneGlued(line) ?? aptStatus(line) ?? dpkg(line) ?? aptAcquire(line, tokens)
    }

    /// `SIZE PCT% RATE/s TIME [(xfr#…)]`. rsync's `-h` sizes are powers of 1000.
    static func rsync(_ t: [Substring]) -> Scan? {
        guard t.count >= 4, isSize(t[0]), t[2].hasSuffix("/s"), isClock(t[3]), let p = percent(t[1]) else {
            return nil
        }
        return Scan(percent: p, bytesDone: ByteCount.scan(t[0], base: 1000))
    }

    /// Twelve columns: % total, total, % received, received, transferred, speeds, three clocks, current speed.
    /// curl's sizes are powers of 1024; a total of 0 is an unknown one.
    static func curlMeter(_ t: [Substring]) -> Scan? {
        guard t.count == 12, isClock(t[8]) || t[8] == "--:--:--", isClock(t[9]) || t[9] == "--:--:--",
              isClock(t[10]) || t[10] == "--:--:--", let total = Int(t[0]), (0...100).contains(total),
              Int(t[2]) != nil else { return nil }
        let size = ByteCount.scan(t[1], base: 1024)
        return Scan(percent: Double(total), bytesDone: ByteCount.scan(t[3], base: 1024),
                    bytesTotal: size == 0 ? nil : size)
    }

    /// `SIZEK` then one to five groups of up to ten dots (a kilobyte each), then `PCT%`.
    static func wgetDots(_ t: [Substring]) -> Scan? {
        guard t.count >= 3, let unit = t[0].last, "KMG".contains(unit), Int(t[0].dropLast()) != nil else { return nil }
        var i = 1, dots = 0
        while i < t.count, i <= 5, !t[i].isEmpty, t[i].count <= 10, t[i].allSatisfy({ $0 == "." }) {
            dots += t[i].count
            i += 1
        }
        guard i > 1, i < t.count, let p = percent(t[i]) else { return nil }
        let offset = ByteCount.scan(t[0], base: 1024) ?? 0
        return Scan(percent: p, bytesDone: offset + Int64(dots) * 1024)
    }

    /// `Length: 62914560 (60M) [application/octet-stream]`: wget's total, before the dots begin.
    static func wgetLength(_ t: [Substring]) -> Scan? {
        guard t.count >= 3, t[0] == "Length:", t[1].allSatisfy(\.isASCIIDigit), let n = Int64(t[1]), n > 0,
              t[2].hasPrefix("(") else { return nil }
        return Scan(bytesTotal: n)
    }

    /// `123456789 bytes (123 MB, 118 MiB) copied, 2 s, 61.7 MB/s`, `512 bytes copied, 5e-05 s, 10.0 MB/s`.
    static func dd(_ t: [Substring]) -> Scan? {
        guard t.count >= 4, t[1] == "bytes", t[0].allSatisfy(\.isASCIIDigit), let n = Int64(t[0]),
              t.contains("copied,") else { return nil }
        return Scan(bytesDone: n)
    }

    /// `frame=… time=00:00:02.11 …` (a token that starts with `time=`, beside `frame=` or `size=`), or
    /// `out_time=00:00:02.110000` on a line of its own (`-progress`). `time=N/A` says nothing.
    static func ffmpeg(_ t: [Substring]) -> Scan? {
        // Always six decimals (`-progress`), so a line cut short is not read as an earlier time.
        if t.count == 1, starts(t[0], "out_time="), t[0].split(separator: ".").last?.count == 6,
           let s = TransferTotal.clock(t[0].dropFirst(9)) {
            return Scan(mediaSeconds: s)
        }
        // `bitrate=`, `speed=` follow `time=`: a line cut inside it is not read. (Bytes compared, not Characters:
        // every log line passes here.)
        guard t.count >= 3, let index = t.firstIndex(where: { starts($0, "time=") }), index < t.count - 1,
              t.contains(where: { starts($0, "frame=") || starts($0, "size=") }) else { return nil }
        let time = t[index]
        guard let s = TransferTotal.clock(time.dropFirst(5)) else { return nil }
        return Scan(mediaSeconds: s)
    }

    /// pv's `[====>   ] 50%` (the bar before the percentage) and wget's `45%[====>   ]` (the bar after it); pv's
    /// `[<=>    ]` without a size, which gives only the bytes before it.
    static func bracketBar(_ line: Substring, _ t: [Substring]) -> Scan? {
        // pv: the last `]` closes a bar of = > < - and spaces, and the percentage (if any) follows it.
        if let close = line.lastIndex(of: "]"), let open = line[..<close].lastIndex(of: "["),
           isBar(line[line.index(after: open)..<close]) {
            let after = line[line.index(after: close)...].split(separator: " ", maxSplits: 1)
            let done = pvBytes(t)
            if let first = after.first, let p = percent(first) {
                let rest = after.count > 1 ? after[1].drop(while: { $0 == " " }) : ""
                if rest.isEmpty || rest.hasPrefix("ETA") || rest.hasPrefix("FIN") {
                    return Scan(percent: p, bytesDone: done)
                }
            } else if after.isEmpty, let done, line[line.index(after: open)..<close].contains("<=>") {
                return Scan(bytesDone: done)
            }
        }
        // wget: `NN%[` or `NN% [` opens the bar, which is blank at 0 %; the size follows it.
        if let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]"),
           isBar(line[line.index(after: open)..<close], blank: true) {
            let before = line[..<open].split(separator: " ")
            if let last = before.last, let p = percent(last) {
                // The rate follows the size: a line cut inside the size gives none.
                let after = line[line.index(after: close)...].split(separator: " ")
                let size = after.count >= 2 ? after.first : nil
                return Scan(percent: p, bytesDone: size.flatMap { ByteCount.scan($0, base: 1024) })
            }
        }
        return nil
    }

    /// pv's bytes: `1.00GiB 0:00:05 [` or `3.00 B 0:00:00 [`, a size and a clock before the rate.
    static func pvBytes(_ t: [Substring]) -> Int64? {
        guard t.count >= 3 else { return nil }
        if isClock(t[1]), isSize(t[0]) { return ByteCount.scan(t[0], base: 1024) }
        if t[1] == "B", isClock(t[2]), let n = Double(t[0]), n.isFinite, n >= 0 { return Int64(n.rounded()) }
        return nil
    }

    // MARK: Pieces

    /// `token` begins with the ASCII `prefix`, compared byte by byte.
    static func starts(_ token: Substring, _ prefix: StaticString) -> Bool {
        let p = UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return token.utf8.count >= p.count && zip(token.utf8, p).allSatisfy { $0 == $1 }
    }

    /// `45%`, `100%`, `45.6%`: a percentage in 0...100.
    static func percent(_ token: Substring) -> Double? {
        guard token.hasSuffix("%"), let v = Double(token.dropLast()), v.isFinite, (0...100).contains(v),
              token.first?.isASCIIDigit == true else { return nil }
        return v
    }

    /// `1,234,567`, `463.12M`, `1.00GiB`: digits with separators, then at most a unit.
    static func isSize(_ token: Substring) -> Bool {
        let digits = token.prefix { $0.isASCIIDigit || $0 == "," || $0 == "." }
        guard digits.first?.isASCIIDigit == true else { return false }
        let unit = token.dropFirst(digits.count)
        return unit.count <= 3 && unit.allSatisfy { "kKMGTPiB".contains($0) }
    }

    /// `0:00:12`, `12:34`, `1:02:03:04`.
    static func isClock(_ token: Substring) -> Bool {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// Between brackets: only `=`, `>`, `<`, `-`, `#` and spaces; all blank only when `blank` allows it.
    static func isBar(_ text: Substring, blank: Bool = false) -> Bool {
        !text.isEmpty && (blank || text.contains { $0 != " " }) && text.allSatisfy { "=<>-# ".contains($0) }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
