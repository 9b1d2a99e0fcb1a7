/// ArgumentParser's wrapping (`wrapped(to:wrappingIndent:)`), line for line: help texts reflowed another way
/// would differ from the golden ones, and from the man page's source.
extension StringProtocol where SubSequence == Substring {
    func wrapped(to columns: Int, wrappingIndent: Int = 0) -> String {
        let columns = columns - wrappingIndent
        guard columns > 0 else { return String(self) }
        var result: [Substring] = []
        var current = startIndex
        while true {
            let chunk = self[current...].prefix(columns)
            if let lastBreak = chunk.lastIndex(of: "\n") {
                result.append(contentsOf: self[current..<lastBreak].split(separator: "\n",
                                                                         omittingEmptySubsequences: false))
                current = index(after: lastBreak)
            } else if chunk.endIndex == endIndex {
                result.append(self[current...])
                break
            } else if let lastSpace = chunk.lastIndex(of: " ") {
                result.append(self[current..<lastSpace])
                current = index(after: lastSpace)
            } else if let nextSpace = self[current...].firstIndex(of: " ") {
                result.append(self[current..<nextSpace])
                current = index(after: nextSpace)
            } else {
                result.append(self[current...])
                break
            }
        }
        let indent = String(repeating: " ", count: wrappingIndent)
        return result.map { $0.isEmpty ? String($0) : indent + $0 }.joined(separator: "\n")
    }

    /// Every line but the first indented by `n` (ArgumentParser's `hangingIndentingEachLine`).
    func hangingIndented(by n: Int) -> String {
        let lines = split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2 else { return lines.joined() }
        let spacer = String(repeating: " ", count: n)
        let rest = lines[1].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? String($0) : spacer + $0 }.joined(separator: "\n")
        return "\(lines[0])\n\(rest)"
    }
}
