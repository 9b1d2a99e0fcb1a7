/// Searching and replacing text by characters, as `_StringProcessing`'s collection algorithms do (`contains(_:)`,
/// `firstRange(of:)`, `ranges(of:)`, `replacing(_:with:)`): x11hud's modules do not import that library, whose
/// regular expression engine would be linked with it (1.3 MB of the binary). The text searched for is a `String`,
/// not generic, so that these are chosen over Foundation's and `_StringProcessing`'s where a test imports them too.
extension StringProtocol {
    /// The ranges of the occurrences of `target`, left to right, none overlapping the one before; none for an empty
    /// `target`.
    public func ranges(of target: String) -> [Range<Index>] {
        guard let first = target.first else { return [] }
        var found: [Range<Index>] = []
        var at = startIndex
        while at < endIndex {
            guard self[at] == first, let end = end(of: target, at: at) else {
                formIndex(after: &at)
                continue
            }
            found.append(at..<end)
            at = end
        }
        return found
    }

    /// Whether `target` occurs (an empty one always does).
    public func contains(_ target: String) -> Bool {
        target.isEmpty || firstRange(of: target) != nil
    }

    /// The first occurrence of `target`, or nil.
    public func firstRange(of target: String) -> Range<Index>? {
        guard let first = target.first else { return nil }
        var at = startIndex
        while at < endIndex {
            if self[at] == first, let end = end(of: target, at: at) { return at..<end }
            formIndex(after: &at)
        }
        return nil
    }

    /// The text with every occurrence of `target` (as `ranges(of:)` finds them) replaced by `replacement`.
    public func replacing(_ target: String, with replacement: String) -> String {
        var result = ""
        var kept = startIndex
        for range in ranges(of: target) {
            result += self[kept..<range.lowerBound]
            result += replacement
            kept = range.upperBound
        }
        result += self[kept...]
        return result
    }

    /// Where `target` ends when it starts at `at`, or nil when it does not start there.
    private func end(of target: String, at start: Index) -> Index? {
        var at = start
        for c in target {
            guard at < endIndex, self[at] == c else { return nil }
            formIndex(after: &at)
        }
        return at
    }
}
