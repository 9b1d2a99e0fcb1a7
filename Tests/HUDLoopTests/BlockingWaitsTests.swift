import Foundation
import Testing

/// A test that waits synchronously (a child process run to its end, a poll with `usleep`, a pipe read) holds the
/// thread it runs on. On Swift's cooperative pool (two threads on a 2-core machine) that stalls every `Task.sleep`
/// wake-up and nonisolated `await` of the whole run: a parameterised suite running x11hud 184 times there held a bus
/// test's first `await` for 140 s and made another's `gdbus` call time out in a fresh-clone run. So a test file
/// that calls one of these waits runs its suites on threads of their own (`.ownThreads`, or `.privateXServer`,
/// which includes it). Scans the test sources as they are on disk.
@Suite struct BlockingWaitsTests {
    /// The waits of HUDTestSupport and the system that hold their thread.
    static let blocking = [
        "ChildProcess.run(", ".waitForExit(", "Tools.run(", "Tools.start(", "Tools.waitUntil(", "Tools.waitFor(",
        "Tools.waitForSteady(", "Tools.readLine(", "CLI.run(", "usleep(", "Thread.sleep(", "SessionBus()",
        "XvfbServer()",
    ]
    static let ownThreadTraits = [".ownThreads", ".privateXServer"]

    /// `Tests/`, found from this file's place in the package.
    static var tests: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func aFileThatWaitsSynchronouslyRunsOnThreadsOfItsOwn() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil))
        var scanned = 0, waiting = 0
        var found: [(file: String, call: String, extends: [String])] = []
        // Suites declared with a trait of their own threads: a file that only extends one runs on them too.
        var ownThreadSuites = Set<String>()
        for case let url as URL in files where url.pathExtension == "swift" && url.path != #filePath {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard text.contains("@Test") else { continue }
            scanned += 1
            // A line's code, not its comment: the waits are named in prose too.
            let code = text.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1).first ?? "" }
            for line in code where line.contains("@Suite(") && Self.ownThreadTraits.contains(where: line.contains) {
                if let name = Self.typeName(after: "struct ", in: line) { ownThreadSuites.insert(name) }
            }
            let calls = code.filter { line in Self.blocking.contains { line.contains($0) } }
            guard let first = calls.first else { continue }
            waiting += 1
            if !Self.ownThreadTraits.contains(where: { trait in code.contains { $0.contains(trait) } }) {
                let extends = code.compactMap {
                    $0.hasPrefix("extension ") ? Self.typeName(after: "extension ", in: $0) : nil
                }
                found.append((url.lastPathComponent, first.trimmingCharacters(in: .whitespaces), extends))
            }
        }
        let unsafe = found.filter { $0.extends.isEmpty || !$0.extends.allSatisfy(ownThreadSuites.contains) }
            .map { "\($0.file): \($0.call)" }
        // The scan saw the suites and their waits (a wrong path would pass on nothing).
        #expect(scanned > 100 && waiting > 20, "\(scanned) test files, \(waiting) with waits under \(Self.tests.path)")
        #expect(unsafe.isEmpty, "waits on the cooperative pool:\n\(unsafe.joined(separator: "\n"))")
    }

    /// The type named after `keyword` on `line` (`struct DunstctlTests {` → DunstctlTests).
    static func typeName(after keyword: String, in line: Substring) -> String? {
        guard let range = line.range(of: keyword) else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }
}
