import Foundation
import HUDTestSupport
import Testing

/// Issue 29: the tests wait for the state they expect (a window settled, a pixel, a line, an exit), not for a fixed
/// time. A fixed sleep of 0.1 s or more is left only where there is nothing to wait for (proving that nothing
/// happens for a while, or measuring over a time): at most 15 of them, each marked `Fixed:` with its reason on its
/// line or the line above. The shell scripts the tests and CI run are held to the same rule (issue 41 item 6).
@Suite(.ownThreads) struct FixedSleepTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    struct Sleep: CustomStringConvertible {
        var place: String
        var seconds: Double
        var marked: Bool
        var description: String { "\(place) (\(seconds) s)" }
    }

    /// The seconds a sleep call on `line` waits, if it is one: `usleep` in microseconds, `Task.sleep(nanoseconds:)`,
    /// `.milliseconds(…)`, else seconds; `Sanitizer.upTo(x)` counts as x.
    static func seconds(sleptOn line: Substring) -> Double? {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//"),
              let call = code.firstMatch(of: /\b(usleep|Thread\.sleep|Task\.sleep|sleep)\((.*)/) else { return nil }
        let arguments = call.2.replacingOccurrences(of: "_", with: "")
        let number = arguments.firstMatch(of: /upTo\(([0-9]+(?:\.[0-9]+)?)\)/)?.1
            ?? arguments.firstMatch(of: /([0-9]+(?:\.[0-9]+)?)/)?.1
        guard let value = number.flatMap({ Double($0) }) else { return nil }
        if arguments.contains("upTo(") { return value }
        switch true {
        case call.1 == "usleep": return value / 1e6
        case arguments.contains("nanoseconds"): return value / 1e9
        case arguments.contains("milliseconds"): return value / 1e3
        default: return value
        }
    }

    /// Every fixed sleep of 0.1 s or more in the tests' Swift files (this one's patterns aside).
    static func fixedSleeps() throws -> [Sleep] {
        var sleeps: [Sleep] = []
        guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        for case let url as URL in files
        where url.pathExtension == "swift" && url.lastPathComponent != "FixedSleepTests.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                guard let seconds = seconds(sleptOn: line), seconds >= 0.1 else { continue }
                let marked = line.contains("Fixed:") || (i > 0 && lines[i - 1].contains("Fixed:"))
                sleeps.append(Sleep(place: "\(url.lastPathComponent):\(i + 1)", seconds: seconds, marked: marked))
            }
        }
        return sleeps
    }

    /// The shell scripts the tests and CI run, read by the same rule (issue 41 item 6).
    static let scripts = [".ci/run", "packaging/test-installed.sh"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: tests.appendingPathComponent("Harden").path)) ?? [])
        .filter { $0.hasSuffix(".sh") }.map { "Tests/Harden/" + $0 }

    /// The seconds a shell `sleep N` on `line` waits, when it is a fixed wait: not a poll's interval (a sleep in a
    /// loop that ends on a condition: `while`/`until`, or a `break` or `done` beside it).
    static func fixedSeconds(shell lines: [Substring], at i: Int) -> Double? {
        let code = lines[i].trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("#"), let match = code.firstMatch(of: /(?:^|[;&|(]\s*)sleep\s+([0-9]+(?:\.[0-9]+)?)\b/),
              let seconds = Double(match.1) else { return nil }
        let near = lines[max(0, i - 2)...min(lines.count - 1, i + 2)].joined(separator: "\n")
        let polls = ["break", "done", "while ", "until "].contains { near.contains($0) }
        return polls ? nil : seconds
    }

    /// Every fixed sleep of 0.1 s or more in the scripts the tests and CI run.
    static func fixedShellSleeps() throws -> [Sleep] {
        let root = tests.deletingLastPathComponent()
        var sleeps: [Sleep] = []
        for script in scripts {
            let text = try String(contentsOf: root.appendingPathComponent(script), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for i in lines.indices {
                guard let seconds = fixedSeconds(shell: lines, at: i), seconds >= 0.1 else { continue }
                let marked = lines[i].contains("Fixed:") || (i > 0 && lines[i - 1].contains("Fixed:"))
                sleeps.append(Sleep(place: "\(script):\(i + 1)", seconds: seconds, marked: marked))
            }
        }
        return sleeps
    }

    @Test func aShellSleepIsFixedUnlessItPolls() {
        func fixed(_ text: String, line: Int) -> Double? {
            Self.fixedSeconds(shell: text.split(separator: "\n", omittingEmptySubsequences: false), at: line)
        }
        #expect(fixed("x &\n" + "sl" + "eep 0.5\nkill $x", line: 1) == 0.5)
        #expect(fixed("for _ in $(seq 9); do\n    sl" + "eep 0.1\n    [ -s f ] && break\ndone", line: 1) == nil)
        #expect(fixed("# sl" + "eep 3", line: 0) == nil)
        #expect(fixed("(echo 40; sl" + "eep 1) | x", line: 0) == 1)
    }

    /// The examples are put together, so that a grep of the tests for sleeps does not count them.
    @Test func theCountingSeesEachKindOfSleep() {
        func seconds(_ prefix: String, _ call: String, _ arguments: String) -> Double? {
            Self.seconds(sleptOn: Substring(prefix + call + "(" + arguments + ")"))
        }
        #expect(seconds("        ", "usleep", "400_000") == 0.4)
        #expect(seconds("", "usleep", "UInt32(Sanitizer.upTo(0.6) * 1_000_000)") == 0.6)
        #expect(seconds("try await ", "Task.sleep", "nanoseconds: 150_000_000") == 0.15)
        #expect(seconds("try await ", "Task.sleep", "for: .milliseconds(5)") == 0.005)
        #expect(seconds("", "Thread.sleep", "forTimeInterval: 0.25") == 0.25)
        #expect(seconds("// ", "usleep", "400_000") == nil)
        #expect(Self.seconds(sleptOn: "let x = 400_000") == nil)
    }

    @Test func atMostFifteenFixedSleepsAreLeftEachWithItsReason() throws {
        let sleeps = try Self.fixedSleeps() + Self.fixedShellSleeps()
        #expect(!sleeps.isEmpty, "no test file was read under \(Self.tests.path)")
        #expect(sleeps.count <= 15, "\(sleeps.count) fixed sleeps: \(sleeps)")
        let unmarked = sleeps.filter { !$0.marked }
        #expect(unmarked.isEmpty, "wait for the state instead, or say why with `Fixed:`: \(unmarked)")
    }
}
