import Foundation
import HUDTestSupport
import Testing

/// Issue 41: the README is a front door of at most 300 lines, the manual in docs/ holds the rest, and neither points
/// anywhere that is not there. The README's examples are the manual's commands, which the tests run as written.
@Suite(.ownThreads) struct ManualTests {
    static func text(_ file: URL) throws -> String { try String(contentsOf: file, encoding: .utf8) }

    @Test func theReadmeIsAtMost300Lines() throws {
        let readme = try Self.text(Manual.root.appendingPathComponent("README.md"))
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines > 50 && lines <= 300, "README.md has \(lines) lines")
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces as `-`, and a
    /// repeated one numbered.
    static func anchors(of text: String) -> Set<String> {
        var seen: Set<String> = []
        var inCode = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, let heading = Manual.heading(line) else { continue }
            let base = String(heading.title.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
            }).replacingOccurrences(of: " ", with: "-")
            var anchor = base
            var n = 1
            while seen.contains(anchor) {
                anchor = "\(base)-\(n)"
                n += 1
            }
            seen.insert(anchor)
        }
        return seen
    }

    @Test func everyLinkOfTheReadmeAndTheManualResolves() throws {
        let files = try Manual.files() + [Manual.root.appendingPathComponent("BENCHMARKS.md")]
        var checked = 0
        for file in files {
            var inCode = false
            for line in try Self.text(file).split(separator: "\n") {
                if line.hasPrefix("```") { inCode.toggle() }
                if inCode { continue }
                for match in line.matches(of: /\[[^\]]*\]\(([^)\s]+)\)/) {
                    let target = String(match.output.1)
                    if target.contains("://") || target.hasPrefix("mailto:") { continue }
                    checked += 1
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = parts[0].isEmpty ? file : file.deletingLastPathComponent()
                        .appendingPathComponent(String(parts[0])).standardized
                    guard FileManager.default.fileExists(atPath: path.path) else {
                        Issue.record("\(file.lastPathComponent): \(target) does not exist")
                        continue
                    }
                    if parts.count == 2, path.pathExtension == "md" {
                        #expect(Self.anchors(of: try Self.text(path)).contains(String(parts[1])),
                                "\(file.lastPathComponent): \(target) names no heading of \(path.lastPathComponent)")
                    }
                }
            }
        }
        #expect(checked > 40, "only \(checked) links found")
    }

    /// A heading's title is how the tests find a section, so no two sections share one.
    @Test func everySectionTitleIsUnique() throws {
        var seen: [String: String] = [:]
        for file in try Manual.files() {
            var inCode = false
            for line in try Self.text(file).split(separator: "\n") {
                if line.hasPrefix("```") { inCode.toggle() }
                guard !inCode, let heading = Manual.heading(line), heading.level > 1 else { continue }
                if let other = seen[heading.title] {
                    Issue.record("\"\(heading.title)\" is a heading of \(other) and \(file.lastPathComponent)")
                }
                seen[heading.title] = file.lastPathComponent
            }
        }
        #expect(seen.count > 25)
    }

    /// The README's examples are lines of the manual's blocks, which the tests run; its Swift example is the library
    /// chapter's program, which a test builds and runs, without its error handling.
    @Test func theReadmesExamplesAreTheManuals() throws {
        let examples = try Manual.section("Examples")
        let chapters = try Manual.files().dropFirst().map { try Self.text($0) }
        let manualBlocks: [String] = chapters.flatMap { Manual.blocks("sh", in: $0) }
        let manualLines = Set(manualBlocks.flatMap { $0.split(separator: "\n").map(String.init) })
        let shown = Manual.blocks("sh", in: examples).flatMap { $0.split(separator: "\n").map(String.init) }
        #expect(shown.count >= 6)
        for line in shown { #expect(manualLines.contains(line), "not a line of the manual's blocks: \(line)") }

        let program = try #require(Manual.blocks("swift", in: try Manual.section("In a Swift program")).first)
        var rest = program.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
        let excerpt = try #require(Manual.blocks("swift", in: examples).first).split(separator: "\n")
        #expect(excerpt.count >= 10)
        for line in excerpt.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let at = rest.firstIndex(of: line) else {
                Issue.record("not a line of the library chapter's program, in its order: \(line)")
                break
            }
            rest = rest[(at + 1)...]
        }
    }
}
