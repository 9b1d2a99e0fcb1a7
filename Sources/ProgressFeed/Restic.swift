import Glibc

/// restic (0.14 and later): its terminal status line, and its `--json` messages.
///
/// - `[0:01] 30.76%  2 files 120 MiB, total 3006 files 412 MiB, 0 errors ETA 0:02`, and without the percentage
///   and time left until restic has an estimate (`[0:00] 9 files 4.940 MiB, total 301 files 302.067 MiB, 0
///   errors`): bytes of the total (the percentage is the same, rounded); files done of files in all. The first
///   line, before the scan has found any file (`[0:00] 0 files, 0 B, 0 errors`), says nothing.
/// - the counters of `check` (`--read-data`) and `prune`: `[0:05] 83.33%  5 / 6 packs repacked`, `[0:03] 61.54%  8
///   / 13 packs`: what is done of what there is, and what it counts (the details). Each phase counts from 0 again.
/// - `{"message_type":"status","percent_done":0.3,"total_files":3006,"files_done":632,"total_bytes":…,
///   "bytes_done":…}` (restore's `files_restored`, `bytes_restored` too), `summary` (the end of a backup: all of
///   it, and its average rate: `total_bytes_processed` over `total_duration`), `error` (`error.message`, or
///   restic 0.14's `{"Op":"read","Path":…,"Err":5}`); `verbose_status` and other messages are restic's and say
///   nothing to the HUD.
extension ProgressFormats {
    static func restic(_ t: [Substring]) -> Scan? {
        guard t.count >= 11, let clock = t.first, clock.first == "[", clock.last == "]",
              isClock(clock.dropFirst().dropLast()) else { return nil }
        let i = percent(t[1]) == nil ? 1 : 2
        guard t.count >= i + 11, t[i + 1] == "files", t[i + 4] == "total", t[i + 6] == "files",
              t[i + 10] == "errors" || t[i + 10] == "errors,", t[i + 3].hasSuffix(","), t[i + 8].hasSuffix(","),
              let done = Int64(t[i]), let all = Int64(t[i + 5]), Int64(t[i + 9]) != nil,
              let bytesDone = ByteCount.scan(Substring(t[i + 2] + t[i + 3].dropLast()), base: 1024),
              let bytesTotal = ByteCount.scan(Substring(t[i + 7] + t[i + 8].dropLast()), base: 1024)
        else { return nil }
        // The percentage is restic's bytes done of the total, rounded to 0.01 %: the sizes (to the KiB or finer)
        // say it more finely, and a line without it then does not step back from the one before.
        return Scan(bytesDone: bytesDone, bytesTotal: bytesTotal, filesDone: done, filesTotal: all)
    }

    static func resticCounter(_ t: [Substring]) -> Scan? {
        guard t.count == 6 || t.count == 7, let clock = t.first, clock.first == "[", clock.last == "]",
              isClock(clock.dropFirst().dropLast()), percent(t[1]) != nil, t[3] == "/",
              let done = Int64(t[2]), let all = Int64(t[4]), all > 0, (0...all).contains(done),
              t[5...].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isLowercase } })
        else { return nil }
        // The counts rather than the percentage, which restic rounds.
        let details = "\(grouped(done)) of \(grouped(all)) " + t[5...].joined(separator: " ")
        return Scan(percent: Double(done) / Double(all) * 100, details: details)
    }
}

/// One of restic's `--json` messages.
struct ResticMessage: Decodable {
    var message_type: String
    var percent_done: Double?
    var total_files: Int64?
    var files_done: Int64?
    var files_restored: Int64?
    var total_bytes: Int64?
    var bytes_done: Int64?
    var bytes_restored: Int64?
    var total_files_processed: Int64?
    var total_bytes_processed: Int64?
    var total_duration: Double?
    var error: ResticError?
    var item: String?

    /// restic's error: `message` from 0.15 on; 0.14 writes Go's error value, `{"Op":…,"Path":…,"Err":errno}`.
    struct ResticError: Decodable {
        var message: String?
        var Op: String?
        var Path: String?
        var Err: Int32?

        var text: String? {
            if let message { return message }
            guard let Op, let Path else { return nil }
            guard let Err else { return "\(Op) \(Path) failed" }
            return "\(Op) \(Path): " + String(cString: strerror(Err))
        }
    }

    static let types: Set = ["status", "summary", "error", "verbose_status", "exit_error"]

    /// The update the message gives; nil for one that says nothing to the HUD.
    var update: FeedUpdate? {
        switch message_type {
        case "status":
            var u = FeedUpdate(bytesDone: bytes_done ?? bytes_restored, bytesTotal: total_bytes)
            if let p = percent_done, p.isFinite { u.progress = min(max(p, 0), 1) }
            if let all = total_files, all > 0 {
                u.details = ProgressFormats.files(files_done ?? files_restored ?? 0, of: all)
            }
            return u == FeedUpdate() ? nil : u
        case "summary":
            guard let bytes = total_bytes_processed else { return nil }
            var u = FeedUpdate(progress: 1, bytesDone: bytes, bytesTotal: bytes)
            if let files = total_files_processed { u.details = ProgressFormats.files(files, of: files) }
            // restic's own clock saw the whole backup; ours only the lines it printed (one, for an incremental).
            if let seconds = total_duration, seconds > 0, seconds.isFinite {
                u.averageRate = Int64((Double(bytes) / seconds).rounded())
            }
            return u
        case "error", "exit_error":
            guard let text = error?.text else { return nil }
            return FeedUpdate(error: text)
        default:
            return nil
        }
    }
}
