/// GNU tar's `--checkpoint=N` (its default action, echo): `tar: Write checkpoint 200` creating an archive,
/// `tar: Read checkpoint 200` reading one.
///
/// tar counts records, which are 10240 bytes unless `-b` says otherwise: the bytes done are the count times that,
/// and the fraction comes only against `--total` (the archive's size when reading it, the files' when making it;
/// tar adds a 512-byte header per file and pads the end, so a total from `du -sb` is a little short and the bar
/// stays at 100 % for the last of it). With `-b 64`, say, the bytes would be wrong by that factor: the HUD cannot
/// see tar's options.
extension ProgressFormats {
    static let tarRecordBytes: Int64 = 20 * 512

    static func tarCheckpoint(_ t: [Substring]) -> Scan? {
        guard t.count == 4, t[0].hasSuffix("tar:"), t[1] == "Read" || t[1] == "Write", t[2] == "checkpoint",
              t[3].allSatisfy(\.isASCIIDigit), let n = Int64(t[3]), n < Int64.max / tarRecordBytes else { return nil }
        return Scan(bytesDone: n * tarRecordBytes, endsOnItsFigure: true)
    }
}
