/// 7-Zip (`7z`, `7za`, `7zz`; 26.02): its progress, on a terminal or with `-bsp1` into a pipe, redrawn by
/// backspacing over the last frame (the line splitter cuts there): ` 10% 1 + src/f10.bin`: the percentage, the files
/// done, what it does to the file (`+` add, `U` update, `=` copy, `D` delete, `-` extract, `T` test, `S` skip, `R`
/// rename) and the file; `100% 11` at the end. A bare `  7%` is the protocol's own percentage.
///
/// The percentage is of the bytes 7-Zip has to read; it prints no byte counts in the frame.
extension ProgressFormats {
    static func sevenZip(_ t: [Substring]) -> Scan? {
        guard t.count >= 2, let p = percent(t[0]) else { return nil }
        let files = Int64(t[1]) != nil && t[1].allSatisfy(\.isASCIIDigit)
        if files && t.count == 2 { return Scan(percent: p) }
        let op = files ? 2 : 1
        guard t.count > op + 1, t[op].count == 1, let c = t[op].first, "+U=D-TSR".contains(c) else { return nil }
        return Scan(percent: p)
    }
}
