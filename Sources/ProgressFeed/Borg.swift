/// borg (1.2): `--progress` lines, and `--log-json`'s objects.
///
/// - `borg create --progress`: `12.46 MB O 12.46 MB C 12.46 MB D 22 N data/d2/f23.bin`: the original size read so
///   far (powers of 1000), the bytes done; borg does not know the total (`--total` gives it).
/// - `borg extract --progress`: `  45.6% Extracting: data/d2/f23.bin`: the percentage.
/// - `borg check --progress` and `borg compact --progress`: `Checking segments 10.0%`, `Checking archives 50.0%`,
///   `Verifying data   1.89%` (`--verify-data`), `Compacting segments  7%`: the percentage, and the phase as the
///   details, since each phase counts from 0 again; `Remote: Checking segments 16.7%` when the repository is
///   remote (`borg serve` does that part).
/// - `--log-json`: `archive_progress` (`original_size`), `progress_percent` (`current` of `total`; bytes for
///   `extract`), `log_message` whose `levelname` is `ERROR` or `CRITICAL` (its `message` is the error);
///   `progress_message`, `file_status` and the other log messages say nothing to the HUD.
extension ProgressFormats {
    static func borgCreate(_ t: [Substring]) -> Scan? {
        guard t.count >= 11, t[2] == "O", t[5] == "C", t[8] == "D", t[10] == "N", Int64(t[9]) != nil,
              let original = ByteCount.scan(Substring(t[0] + t[1]), base: 1000),
              ByteCount.scan(Substring(t[3] + t[4]), base: 1000) != nil,
              ByteCount.scan(Substring(t[6] + t[7]), base: 1000) != nil else { return nil }
        return Scan(bytesDone: original)
    }

    static func borgExtract(_ t: [Substring]) -> Scan? {
        guard t.count >= 3, t[1] == "Extracting:", let p = percent(t[0]) else { return nil }
        return Scan(percent: p)
    }

    static let borgPhases: Set<String> = [
        "Checking segments", "Checking archives", "Verifying data", "Compacting segments",
    ]

    static func borgPhase(_ t: [Substring]) -> Scan? {
        // `Remote: ` leads what `borg serve` reports of a remote repository's segments.
        let t = t.first == "Remote:" ? t.dropFirst() : t[...]
        guard t.count == 3, let p = percent(t[t.startIndex + 2]) else { return nil }
        let phase = t[t.startIndex] + " " + String(t[t.startIndex + 1])
        guard borgPhases.contains(phase) else { return nil }
        return Scan(percent: p, details: phase)
    }
}

/// One of borg's `--log-json` objects.
struct BorgMessage: Decodable {
    var type: String
    var original_size: Int64?
    var current: Int64?
    var total: Int64?
    var msgid: String?
    var finished: Bool?
    var levelname: String?
    var message: String?

    static let types: Set = ["archive_progress", "progress_percent", "progress_message", "log_message",
                             "file_status", "question_prompt", "question_accepted", "question_invalid_answer"]

    var update: FeedUpdate? {
        switch type {
        case "archive_progress":
            return original_size.map { FeedUpdate(bytesDone: $0) }
        case "progress_percent":
            guard finished != true, let current, let total, total > 0 else { return nil }
            var u = FeedUpdate(progress: min(max(Double(current) / Double(total), 0), 1))
            if msgid == "extract" {
                u.bytesDone = current
                u.bytesTotal = total
            }
            return u
        case "log_message":
            guard levelname == "ERROR" || levelname == "CRITICAL", let message else { return nil }
            return FeedUpdate(error: message)
        default:
            return nil
        }
    }
}
