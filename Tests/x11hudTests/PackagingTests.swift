import CommandOptions
import HUDBase
import Foundation
import HUDScene
import HUDTestSupport
import ProgressFeed
import Testing
import X11Platform
@testable import x11hud

/// What the package ships beside the binary (version, exit statuses, man page, completions) agrees with the code.
@Suite(.ownThreads) struct PackagingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    func repoFile(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs a program from the repository's top directory.
    /// Its stdout, then its stderr.
    func tool(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String) {
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment,
                                     directory: Self.root)
        return (r.status, r.stdout + r.stderr)
    }

    @Test func versionComesFromTheVersionFile() throws {
        let version = try repoFile("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == version + "\n")
        let check = try tool(["sh", "packaging/version.sh", "--check"])
        #expect(check.status == 0, "\(check.out)")
    }

    /// The manual's "Exit status" table, row for row.
    @Test func manualExitStatusTableIsTheCodes() throws {
        let section = try Manual.section("Exit status")
        let lines = section.split(separator: "\n").drop { !$0.hasPrefix("|") }
        let rows = lines.prefix { $0.hasPrefix("|") }.dropFirst(2).map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.map { $0[0] } == ExitStatus.allCases.map(\.label))
        #expect(rows.map { $0[1] } == ExitStatus.allCases.map(\.meaning))
    }

    @Test func helpPrintsTheExitStatusTable() throws {
        let help = try CLI.run(["--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let table = help.drop { $0 != "Exit status:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(table.map { $0.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) } }
            == ExitStatus.allCases.map { [$0.label, $0.meaning.replacingOccurrences(of: "`", with: "")] })
    }

    /// The man page made from the binary: its EXIT STATUS is the code's table, and groff has nothing to warn about.
    @Test func manPageExitStatusIsTheCodesAndGroffIsQuiet() throws {
        let page = try tool(["python3", "packaging/man.py", CLI.binary.path])
        #expect(page.status == 0, "\(page.out)")
        let lines = page.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: ".SH EXIT STATUS"))
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }.filter { $0 != ".TP" }
        let entries = stride(from: 0, to: section.count - 1, by: 2).map { (section[$0], section[$0 + 1]) }
        func roff(_ s: String) -> String {
            s.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "-", with: "\\-")
        }
        #expect(entries.map(\.0) == ExitStatus.allCases.map { ".B " + roff($0.label) })
        #expect(entries.map(\.1) == ExitStatus.allCases.map { roff($0.meaning) })
        for heading in ["INPUT PROTOCOL", "CONFIGURATION", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(lines.contains(".SH " + heading), "\(heading)")
        }
        for command in Subcommand.all where command.command != nil {
            #expect(lines.contains(".SS Options of " + command.name), "\(command.name)")
        }
        #expect(lines.contains("\\fB\\-\\-queue\\fR"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: file) }
        try page.out.write(to: file, atomically: true, encoding: .utf8)
        let groff = try tool(["groff", "-man", "-ww", "-z", file.path])
        #expect(groff.status == 0 && groff.out.isEmpty, "\(groff.out)")
    }

    /// The manual's dependency table lists what packaging/deps.sh installs, list for list.
    @Test func manualDependenciesAreDepsSh() throws {
        let script = try repoFile("packaging/deps.sh")
        func list(_ name: String) throws -> [String] {
            let start = try #require(script.range(of: "\n\(name)=\"")).upperBound
            let end = try #require(script[start...].firstIndex(of: "\""))
            return script[start..<end].split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let table = try Manual.section("Dependencies")
        func row(_ kind: String) throws -> [String] {
            let line = try #require(table.split(separator: "\n").first { $0.contains("(`\(kind)`") })
            return line.split(separator: "|").last!.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        for kind in ["build", "test", "package"] {
            #expect(try row(kind) == list(kind), "\(kind)")
        }
    }

    /// bash completes x11hud's options without `show` (the default command) and the values of known sets.
    @Test func bashCompletesOptionsAndValues() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-comp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try tool(["python3", "packaging/completions.py", CLI.binary.path, dir.path])
        #expect(made.status == 0, "\(made.out)")
        for name in ["x11hud.bash", "_x11hud", "x11hud.fish"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name)")
        }
        func complete(_ line: String) throws -> [String] {
            let script = """
                source "$1" || exit 1
                COMP_LINE=$2; COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                _x11hud x11hud "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            // No DISPLAY: xrandr lists no monitors, so only the policies are offered.
            let r = try tool(["bash", "-c", script, "bash", dir.appendingPathComponent("x11hud.bash").path, line],
                             environment: ["PATH": "/usr/bin:/bin"])
            #expect(r.status == 0, "\(r.out)")
            return r.out.split(separator: "\n").map(String.init)
        }
        let options = try complete("x11hud --")
        #expect(options.contains("--label") && options.contains("--hide-after") && options.contains("--monitor"))
        #expect(try complete("x11hud --label Hi --ic") == ["--icon"])
        #expect(try complete("x11hud --icon ") == ["success", "error", "info", "warning", "added"])
        #expect(try complete("x11hud --monitor ") == ["pointer", "primary", "focus"])
        #expect(try complete("x11hud render --pie-style ") == ["outline", "filled"])
        #expect(try complete("x11hud render --s").contains("--size"))
        // Every command of the one list (Subcommand.all), the dialogs too, and nothing else but options.
        let commands = try complete("x11hud ").filter { !$0.hasPrefix("-") }
        #expect(Set(commands) == Set(Subcommand.all.map(\.name) + ["help"]))
        #expect(try complete("x11hud run --done") == ["--done-label"])
        #expect(try complete("x11hud run --label Hi --ic") == ["--icon"])
        #expect(try Set(complete("x11hud hide --")).isSuperset(of: ["--id", "--all", "--display"]))
        #expect(try complete("x11hud list --j") == ["--json"])
        #expect(try complete("x11hud --q") == ["--queue"])
        // Issue 22 item 9: zenity and yad, chosen before parsing, and their options.
        #expect(try Set(complete("x11hud ")).isSuperset(of: ["zenity", "yad"]))
        #expect(try complete("x11hud z") == ["zenity"])
        #expect(try complete("x11hud zenity --pro") == ["--progress"])
        #expect(try complete("x11hud zenity --progress --auto-c") == ["--auto-close"])
        #expect(try Set(complete("x11hud yad --pro")) == ["--progress", "--progress-text"])
        #expect(try !complete("x11hud zenity --").contains("--progress-text"), "a yad option offered for zenity")
    }
}

/// Issue 22 item 6: the man page's SYNOPSIS, INPUT PROTOCOL and CONFIGURATION say what --help, the README and the
/// settings table say, from the same source.
@Suite(.ownThreads) struct ManPageAgreementTests {
    func page() throws -> [String] {
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["python3", "packaging/man.py", CLI.binary.path], directory: PackagingTests.root)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func section(_ name: String, of lines: [String]) throws -> [String] {
        let start = try #require(lines.firstIndex(of: ".SH " + name), "no \(name)")
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") })
    }

    /// roff as text: fonts and escapes gone.
    func text(_ roff: [String]) -> String {
        roff.filter { !$0.hasPrefix(".") }.joined(separator: " ")
            .replacingOccurrences(of: #"\\f[BIR]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\[u2026]", with: "…")
            .replacingOccurrences(of: "\\:", with: "").replacingOccurrences(of: "\\e", with: "\\")
    }

    @Test func synopsisIsWhatHelpPrints() throws {
        let synopsis = try section("SYNOPSIS", of: page()).filter { $0 != ".br" }
        let plain = synopsis.map { text([$0]) }
        #expect(plain == Subcommand.synopsis.map { $0.replacingOccurrences(of: "<", with: "")
            .replacingOccurrences(of: ">", with: "") })
        for needed in ["run", "zenity", "yad", "--watch-pid", "--watch-file", "notifications"] {
            #expect(plain.contains { $0.contains(needed) }, "\(needed)")
        }
        let help = try CLI.run(["--help"]).stdout
        for line in Subcommand.synopsis { #expect(help.contains("  " + line + "\n"), "\(line)") }
    }

    @Test func inputProtocolIsTheReadmesTableAndParagraph() throws {
        let feeding = try Manual.section("Feeding it progress")
        let rows = feeding.split(separator: "\n").drop { !$0.hasPrefix("| line |") }.dropFirst(2)
            .prefix { $0.hasPrefix("|") }.map(String.init)
        #expect(rows == Documentation.inputLines.map { "| \($0.line) | \($0.meaning) |" })
        let words = feeding.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains(Documentation.endOfInput), "the manual's end-of-input paragraph differs")

        let man = text(try section("INPUT PROTOCOL", of: page()))
        #expect(!man.contains("last percentage"), "the man page still scans any line")
        #expect(man.contains("anything else Nothing, and no warning"))
        let paragraph = Documentation.endOfInput.replacingOccurrences(of: "`", with: "")
            .replacingOccurrences(of: "**", with: "")
        #expect(man.contains(paragraph), "\(man)")
        for key in JSONKey.all {
            for name in [key.name] + key.aliases { #expect(man.contains("\"\(name)\""), "\(name) not in the man page") }
        }
    }

    /// The table's JSON lines (one with several keys, then one per key of the reader's) are read without a warning.
    @Test func theInputProtocolsJSONLinesAreReadAsTheySay() {
        let lines = Documentation.inputLines.map(\.line).filter { $0.hasPrefix("`{") }.map { $0.dropFirst().dropLast() }
        #expect(lines.count == JSONKey.all.count + 1)
        for line in lines {
            var bytes = Array(line.utf8)
            let event = bytes.withUnsafeMutableBytes { FeedParser().parse(UnsafeRawBufferPointer($0)) }
            guard case .update(let update) = event else {
                Issue.record("\(line) → \(event)")
                continue
            }
            var inbox = FeedInbox()
            inbox.take(update)
            #expect(inbox.jsonLine == String(line), "written back differently")
        }
    }

    @Test func configurationListsEverySetting() throws {
        let keys = try CLI.run(["--print-settings"]).stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } }
        let man = try section("CONFIGURATION", of: page())
        for key in keys + ["spinner", "bezel-style"] {
            #expect(man.contains("\\fB" + key.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(key)")
        }
    }
}
