public import Foundation

/// The README and the manual in docs/, as the tests read them: a section is found by its heading's title wherever it
/// lives, so a test of a documented command keeps testing it when the text moves between files.
public enum Manual {
    /// The repository's top directory.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// README.md, then every chapter of docs/, by name.
    public static func files() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let chapters = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted().map { docs.appendingPathComponent($0) }
        return [root.appendingPathComponent("README.md")] + chapters
    }

    /// A Markdown heading: its level and its title.
    public struct Heading: Equatable, Sendable {
        public var level: Int
        public var title: String
    }

    /// The heading `line` is, outside code blocks (the caller tracks fences).
    public static func heading(_ line: Substring) -> Heading? {
        let level = line.prefix { $0 == "#" }.count
        guard (1...6).contains(level), line.dropFirst(level).first == " " else { return nil }
        return Heading(level: level, title: String(line.dropFirst(level + 1)))
    }

    /// Each line of `text` with the heading it opens, code blocks skipped.
    static func lines(_ text: String) -> [(Substring, Heading?)] {
        var inCode = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix("```") { inCode.toggle() }
            return (line, inCode ? nil : heading(line))
        }
    }

    /// The section titled `title` (leading `#`s and spaces are ignored): from its heading to the next heading of its
    /// level or above. It must be in exactly one file of the manual.
    public static func section(_ title: String) throws -> String {
        let wanted = title.drop { $0 == "#" || $0 == " " }
        var found: [(URL, String)] = []
        for file in try files() {
            var body: [Substring]?
            var level = 0
            for (line, heading) in lines(try String(contentsOf: file, encoding: .utf8)) {
                let ends = heading.map { $0.level <= level } ?? false
                if let open = body, ends {
                    found.append((file, open.joined(separator: "\n") + "\n"))
                    body = nil
                }
                if body != nil {
                    body?.append(line)
                } else if let heading, heading.title == wanted {
                    body = [line]
                    level = heading.level
                }
            }
            if let open = body { found.append((file, open.joined(separator: "\n") + "\n")) }
        }
        guard found.count == 1 else {
            throw TestFailure("the manual has \(found.count) sections titled \"\(wanted)\": "
                + found.map(\.0.lastPathComponent).joined(separator: ", "))
        }
        return found[0].1
    }

    /// The fenced blocks of `language` in `text`, as written.
    public static func blocks(_ language: String, in text: String) -> [String] {
        text.components(separatedBy: "```\(language)\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0] + "\n"
        }
    }
}
