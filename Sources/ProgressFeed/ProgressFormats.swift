/// Finds the percentage in the progress lines of the tools x11hud was built to read, and in no other line.
///
/// A percentage anywhere in a line is not progress: apt prints `(Reading database ... 100%` long before it is done,
/// and a log may say `Downloaded 100% of one file, 3 more`. So each format is recognised by its whole shape:
///
/// - rsync (`--progress`, `--info=progress2`): `1,234,567  45%  1.23MB/s  0:00:12 (xfr#3, to-chk=5/10)`
/// - curl's default meter: `45 1024M  45  463M  0  0  12.3M  0  0:01:23  0:00:37  0:00:46 12.5M`
/// - curl `-#` is read by the parser itself (`#####   45.6%`)
/// - pv: `1.00GiB 0:00:05 [ 204MiB/s] [=========>      ] 50% ETA 0:00:05`
/// - wget's bar, new and old: `file.iso  45%[=====>      ] 463.12M  12.3MB/s  eta 37s`, ` 45% [====>   ] 463,123`
/// - wget's dots (its default into a pipe): `4096K .......... .......... ..........  45% 12.3M 37s`
///
/// `dd status=progress` prints no percentage (dd does not know the size): its lines are not progress, and are
/// quiet; `pv -n` prints plain numbers, which the parser reads before it gets here.
enum ProgressFormats {
    /// The percentage of a known progress line, or nil.
    static func percentage(in line: Substring) -> Double? {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { return nil }
        return rsync(tokens) ?? curlMeter(tokens) ?? wgetDots(tokens) ?? bracketBar(line)
    }

    /// `SIZE PCT% RATE/s TIME [(xfr#…)]`.
    static func rsync(_ t: [Substring]) -> Double? {
        guard t.count >= 4, isSize(t[0]), t[2].hasSuffix("/s"), isClock(t[3]) else { return nil }
        return percent(t[1])
    }

    /// Twelve columns: % total, received, % received, transferred, speeds, three clocks, current speed.
    static func curlMeter(_ t: [Substring]) -> Double? {
        guard t.count == 12, isClock(t[8]) || t[8] == "--:--:--", isClock(t[9]) || t[9] == "--:--:--",
              isClock(t[10]) || t[10] == "--:--:--", let total = Int(t[0]), (0...100).contains(total),
              Int(t[2]) != nil else { return nil }
        return Double(total)
    }

    /// `SIZEK` then one to five groups of up to ten dots, then `PCT%`.
    static func wgetDots(_ t: [Substring]) -> Double? {
        guard t.count >= 3, let unit = t[0].last, "KMG".contains(unit), Int(t[0].dropLast()) != nil else { return nil }
        var i = 1
        while i < t.count, i <= 5, !t[i].isEmpty, t[i].count <= 10, t[i].allSatisfy({ $0 == "." }) { i += 1 }
        guard i > 1, i < t.count else { return nil }
        return percent(t[i])
    }

    /// pv's `[====>   ] 50%` (the bar before the percentage) and wget's `45%[====>   ]` (the bar after it).
    static func bracketBar(_ line: Substring) -> Double? {
        // pv: the last `]` closes a bar of = > < - and spaces, and the percentage follows it.
        if let close = line.lastIndex(of: "]"), let open = line[..<close].lastIndex(of: "["),
           isBar(line[line.index(after: open)..<close]) {
            let after = line[line.index(after: close)...].split(separator: " ", maxSplits: 1)
            if let first = after.first, let p = percent(first) {
                let rest = after.count > 1 ? after[1].drop(while: { $0 == " " }) : ""
                if rest.isEmpty || rest.hasPrefix("ETA") || rest.hasPrefix("FIN") { return p }
            }
        }
        // wget: `NN%[` or `NN% [` opens the bar, which is blank at 0 %.
        if let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]"),
           isBar(line[line.index(after: open)..<close], blank: true) {
            let before = line[..<open].split(separator: " ")
            if let last = before.last, let p = percent(last) { return p }
        }
        return nil
    }

    // MARK: Pieces

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
