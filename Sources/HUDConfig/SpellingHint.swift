/// What a misspelt key could have meant: the known name closest to it, when one is close enough to be the one meant
/// (`max-visble`, `backgroud-color`), else the list of what is known.
enum SpellingHint {
    /// "did you mean 'NAME'?" for the closest of `names` within a third of the word's length (at least 1, at most
    /// 3 edits), else "known: " and `known` (by default the names).
    static func hint(for word: String, among names: [String], known: [String]? = nil) -> String {
        let limit = min(3, max(1, word.count / 3))
        let scored = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return "did you mean '\(best.0)'?" }
        return "known: " + (known ?? names).joined(separator: ", ")
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
