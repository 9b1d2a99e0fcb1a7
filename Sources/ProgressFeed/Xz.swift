/// xz `-v` (5.4), whose progress stderr shows only when it is a terminal (`x11hud run` gives it one):
/// `  2.9 %           0.9 MiB / 1.0 MiB = 0.953   907 KiB/s       0:01   30 s`, redrawn with `\r`.
///
/// The percentage is of the input file; the two sizes are compressed and uncompressed so far, which is the input
/// and which the output depends on the direction, so they are not read as bytes done. Into a pipe, xz prints one
/// line per file once it is done (`big.bin: 33.4 MiB / 33.4 MiB = 1.000, 360 KiB/s, 1:34`), which is not read:
/// with several files each would say 100 %.
extension ProgressFormats {
    static func xz(_ t: [Substring]) -> Scan? {
        guard t.count >= 9, t[1] == "%", t[4] == "/", t[7] == "=", t[0].first?.isASCIIDigit == true,
              let p = Double(t[0]), (0...100).contains(p), isXzSize(t[2], t[3]), isXzSize(t[5], t[6]),
              Double(t[8]) != nil || t[8] == "---" else { return nil }
        return Scan(percent: p)
    }

    /// `0.9 MiB`, `4,512.0 KiB`, `120 B`.
    static func isXzSize(_ number: Substring, _ unit: Substring) -> Bool {
        ["B", "KiB", "MiB", "GiB", "TiB"].contains(unit) && number.first?.isASCIIDigit == true
            && number.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "," }
    }
}
