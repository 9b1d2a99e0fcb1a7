import HUDBase

/// rclone (1.60): the stats it prints with `--progress` or `-v`, one line with `--stats-one-line`, and the `stats`
/// object of `--use-json-log`.
///
/// - the stats block: `Transferred:   \t   30.364 MiB / 302.067 MiB, 10%, 0 B/s, ETA -` (bytes of the total and
///   the percentage) and `Transferred:           40 / 301, 13%` (files done of files in all: the details, not
///   the progress); the per-file lines under `Transferring:` (` * d4/big.bin:  6% /143.051Mi, 0/s, -`) say nothing
/// - `--stats-one-line`: `   179.121 MiB / 301.399 MiB, 59%, 59.414 MiB/s, ETA 2s (xfr#255/301)`, led by the log's
///   date, time and level (`2026/11/26 14:53:23 INFO  :`) when rclone logs it
/// - `--progress` into a pipe or a file (cron, `> log`, `| tee`): rclone ends no block's last line there (the
///   per-file line ` * f3.bin: 12% /1.907Mi, 0/s, -` or `Elapsed time: 0.8s`), so the next block's
///   `Transferred:` line is glued to its end: that line is read from rclone's own marker on
/// - `--use-json-log`: `stats` (`bytes`, `totalBytes`, `transfers`, `totalTransfers`); an object whose `level` is
///   `error` or `critical` is the error its `msg` says; the other log objects say nothing to the HUD.
extension ProgressFormats {
    static func rclone(_ t: [Substring]) -> Scan? {
        var i = 0
        if t.first == "Transferred:" {
            i = 1
            // The files line: `Transferred: 40 / 301, 13%`.
            if t.count == 5, t[2] == "/", t[3].hasSuffix(","), let done = Int64(t[1]),
               let all = Int64(t[3].dropLast()), percent(t[4]) != nil {
                return Scan(filesDone: done, filesTotal: all)
            }
        } else if t.count >= 4, t[0].count == 10, t[0].split(separator: "/").count == 3, isClock(t[1]) {
            // The log's `DATE TIME LEVEL :` (or `LEVEL:`).
            i = t[3] == ":" ? 4 : t[2].hasSuffix(":") ? 3 : t.count
        }
        guard t.count >= i + 10, t[i + 2] == "/", t[i + 4].hasSuffix(","), t[i + 5].hasSuffix(","),
              t[i + 7].hasSuffix("/s,"), t[i + 8] == "ETA",
              let p = percent(t[i + 5].dropLast()),
              let done = ByteCount.scan(Substring(t[i] + t[i + 1]), base: 1024),
              let all = ByteCount.scan(Substring(t[i + 3] + t[i + 4].dropLast()), base: 1024) else { return nil }
        return Scan(percent: p, bytesDone: done, bytesTotal: all)
    }

    /// A block's last line with the next block's bytes line glued to it. Only a line that is one of rclone's own
    /// block lines up to the marker is read, so that `Transferred:` in some other log line moves nothing.
    static func rcloneGlued(_ line: Substring) -> Scan? {
        guard line.hasPrefix("* ") || line.hasPrefix("Elapsed time:"), line.count < 4096,
              let marker = line.ranges(of: "Transferred:").last, marker.lowerBound > line.startIndex else {
            return nil
        }
        let before = line[..<marker.lowerBound]
        // ` * NAME: 12% /1.907Mi, 0/s, -` (or `NAME:100%`); `Elapsed time:         0.8s`.
        let itemLine = before.hasPrefix("* ") && before.contains("% /") && before.contains(", ")
        let elapsedLine = before.hasPrefix("Elapsed time:")
            && before.dropFirst(13).drop { $0 == " " }.allSatisfy { $0.isASCIIDigit || "hmsd.".contains($0) }
        guard itemLine || elapsedLine else { return nil }
        let tokens = line[marker.lowerBound...].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let scan = rclone(tokens), scan.bytesTotal != nil else { return nil }
        return scan
    }
}

/// One of rclone's `--use-json-log` objects.
struct RcloneMessage: Decodable {
    var level: String
    var msg: String
    var stats: Stats?

    struct Stats: Decodable {
        var bytes: Int64?
        var totalBytes: Int64?
        var transfers: Int64?
        var totalTransfers: Int64?
    }

    static let levels: Set = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]

    var update: FeedUpdate? {
        if level == "error" || level == "critical" { return FeedUpdate(error: msg) }
        guard let stats, let bytes = stats.bytes else { return nil }
        var u = FeedUpdate(bytesDone: bytes)
        if let all = stats.totalBytes, all > 0 {
            u.bytesTotal = all
            u.progress = min(Double(bytes) / Double(all), 1)
        }
        if let all = stats.totalTransfers, all > 0 { u.details = ProgressFormats.files(stats.transfers ?? 0, of: all) }
        return u
    }
}
