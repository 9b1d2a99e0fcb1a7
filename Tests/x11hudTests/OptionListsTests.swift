import Foundation
import HUDTestSupport
import Testing

/// Issue 38: `--help`, the man page and the bash, zsh and fish completions list the same options, command by
/// command. Each list is read from what ships: the binary's help, packaging/man.py's page (an option is the first
/// line of its `.TP` entry), packaging/completions.py's scripts (bash completed as a user would, zsh's `entries`
/// and fish's `complete -l` lines read as written).
@Suite(.ownThreads) struct OptionListsTests {
    /// The commands, as typed after `x11hud`; "show" is also what options right after `x11hud` complete as.
    static let commands = [
        "show", "render", "run", "hide", "list", "serve", "notifications", "notifications history", "notifications pop",
        "notifications pause", "notifications close-all", "notifications count", "notifications action",
    ]

    /// The man page and the completion scripts, made once from the built binary.
    struct Shipped: Sendable {
        var page: [String]
        var bash: URL
        var zsh: String
        var fish: String
    }

    static let shipped: Shipped? = try? make()

    static func make() throws -> Shipped {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-lists-\(UUID().uuidString)")
        let made = try tool(["python3", "packaging/completions.py", CLI.binary.path, dir.path])
        guard made.status == 0 else { throw TestFailure("completions.py: \(made.out)") }
        let page = try tool(["python3", "packaging/man.py", CLI.binary.path])
        guard page.status == 0 else { throw TestFailure("man.py: \(page.out)") }
        // Left in the temporary directory: bash reads its script from there in every test.
        return Shipped(page: page.out.components(separatedBy: "\n"), bash: dir.appendingPathComponent("x11hud.bash"),
                       zsh: try String(contentsOf: dir.appendingPathComponent("_x11hud"), encoding: .utf8),
                       fish: try String(contentsOf: dir.appendingPathComponent("x11hud.fish"), encoding: .utf8))
    }

    static func tool(_ arguments: [String], environment: [String: String]? = nil) throws
        -> (status: Int32, out: String) {
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment,
                                     directory: PackagingTests.root)
        return (r.status, r.stdout + (r.status == 0 ? "" : r.stderr))
    }

    /// The long options in `text`.
    static func options(_ text: some StringProtocol) -> Set<String> {
        Set(String(text).matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
    }

    /// What `x11hud COMMAND --help` lists.
    static func help(_ command: String) throws -> Set<String> {
        let r = try CLI.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(r.status == 0)
        // Only the option entries after USAGE: the overview and discussion name options in passing.
        let lines = r.stdout.components(separatedBy: "\n")
        let start = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.endIndex
        return lines[start...].filter { $0.hasPrefix("  -") }.reduce(into: []) { found, entry in
            found.formUnion(options(entry.dropFirst(2).components(separatedBy: "  ")[0]))
        }
    }

    /// The man page's entries for `command`: its own section, with show's for run, the options show and render
    /// share for either, and the general ones.
    static func man(_ command: String, _ page: [String]) -> Set<String> {
        func section(_ name: String) -> Set<String> {
            guard let start = page.firstIndex(of: ".SS Options of " + name) else { return [] }
            let lines = page[(start + 1)...].prefix { !$0.hasPrefix(".SS ") && !$0.hasPrefix(".SH ") }
            return zip(lines, lines.dropFirst()).reduce(into: []) { found, pair in
                if pair.0 == ".TP" { found.formUnion(options(pair.1.replacingOccurrences(of: "\\-", with: "-"))) }
            }
        }
        var found = section(command)
        if let start = page.firstIndex(of: ".SS General options") {
            let lines = page[(start + 1)...].prefix { !$0.hasPrefix(".SS ") && !$0.hasPrefix(".SH ") }
            found.formUnion(options(lines.joined(separator: "\n").replacingOccurrences(of: "\\-", with: "-")))
        }
        if command == "show" || command == "render" || command == "run" { found.formUnion(section("both commands")) }
        if command == "run" { found.formUnion(section("show")) }
        return found
    }

    /// What bash offers after `x11hud COMMAND --` (after `x11hud --` for show).
    static func bash(_ command: String, _ script: URL) throws -> Set<String> {
        let line = "x11hud " + (command == "show" ? "" : command + " ") + "--"
        let program = """
            source "$1" || exit 1
            COMP_LINE=$2; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _x11hud x11hud "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try tool(["bash", "-c", program, "bash", script.path, line], environment: ["PATH": "/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.out)")
        return Set(r.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("--") })
    }

    /// The options zsh offers for `command`: the `entries` of its branch of the script's `case`.
    static func zsh(_ command: String, _ script: String) -> Set<String> {
        let lines = script.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "    ('x11hud \(command)')") else { return [] }
        let branch = lines[(start + 1)...].prefix { !$0.hasPrefix("    (") }
        guard let entries = branch.first(where: { $0.contains("entries=('--") }) else { return [] }
        // '--name:help' for each option.
        return Set(entries.matches(of: /'(--[a-z][a-z0-9-]*):/).map { String($0.output.1) })
    }

    /// The options fish offers for `command`: its `complete -l` lines.
    static func fish(_ command: String, _ script: String) -> Set<String> {
        let condition = "-n '_x11hud_at \\'x11hud \(command)\\''"
        return script.components(separatedBy: "\n").reduce(into: []) { found, line in
            guard line.contains(condition) else { return }
            for match in line.matches(of: #/ -l '?([a-z][a-z0-9-]*)'?/#) { found.insert("--" + match.output.1) }
        }
    }

    @Test(arguments: commands)
    func helpManAndCompletionsListTheSameOptions(_ command: String) throws {
        let shipped = try #require(Self.shipped, "man.py or completions.py failed")
        let help = try Self.help(command)
        #expect(help.contains("--help") && help.count >= 2, "\(help.sorted())")
        let man = Self.man(command, shipped.page)
        #expect(man == help, "man: \(man.symmetricDifference(help).sorted())")
        let bash = try Self.bash(command, shipped.bash)
        #expect(bash == help, "bash: \(bash.symmetricDifference(help).sorted())")
        let zsh = Self.zsh(command, shipped.zsh)
        #expect(zsh == help, "zsh: \(zsh.symmetricDifference(help).sorted())")
        let fish = Self.fish(command, shipped.fish)
        #expect(fish == help, "fish: \(fish.symmetricDifference(help).sorted())")
    }

    /// Issue 41: x11hud-notifications(1), made from the same table, lists each notifications command's options as
    /// its --help does.
    static let notificationsPage: [String]? = try? page("x11hud-notifications.1")

    static func page(_ name: String) throws -> [String] {
        let r = try tool(["python3", "packaging/man.py", CLI.binary.path, "packaging/\(name).in"])
        guard r.status == 0 else { throw TestFailure("man.py \(name): \(r.out)") }
        return r.out.components(separatedBy: "\n")
    }

    @Test(arguments: commands.filter { $0.hasPrefix("notifications") })
    func theNotificationServersPageListsWhatHelpLists(_ command: String) throws {
        let page = try #require(Self.notificationsPage, "man.py failed on x11hud-notifications.1.in")
        let help = try Self.help(command)
        let man = Self.man(command, page)
        #expect(man == help, "x11hud-notifications(1): \(man.symmetricDifference(help).sorted())")
    }

    /// x11hud.toml(5)'s KEYS are the table of settings, key for key: each `.TP` entry's tag.
    @Test func theConfigFilesPageListsEveryKey() throws {
        let page = try Self.page("x11hud.toml.5")
        let start = try #require(page.firstIndex(of: ".SH KEYS"))
        let section = page[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
        let tags = zip(section, section.dropFirst()).filter { $0.0 == ".TP" }.map {
            $0.1.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "")
                .replacingOccurrences(of: "\\-", with: "-")
        }
        let keys = try CLI.run(["--print-settings"]).stdout.split(separator: "\n")
            .map { String($0.prefix { $0 != "\t" }) }
        #expect(keys.count > 20)
        #expect(tags == keys)
    }

    /// Issue 40 item 7: x11hud(1)'s EXAMPLES show `x11hud run` and a backup, each a line of the manual's blocks
    /// (which the tests run: the restic recipe in `BackupRecipeTests`).
    @Test func theManPagesExamplesShowRunAndABackup() throws {
        let page = try #require(Self.shipped?.page, "man.py failed")
        let start = try #require(page.firstIndex(of: ".SH EXAMPLES"))
        let examples = page[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
            .map { $0.replacingOccurrences(of: "\\-", with: "-") }
        let run = try #require(examples.first { $0.hasPrefix("x11hud run ") }, "no x11hud run example")
        #expect(run.contains("restic") && run.contains("backup"), "\(run)")
        #expect(examples.contains { $0.hasPrefix("x11hud --watch-pid") && $0.contains("restic") })
        let chapters = try FileManager.default.contentsOfDirectory(atPath: PackagingTests.root.path + "/docs")
            .filter { $0.hasSuffix(".md") }
            .map { try String(contentsOfFile: PackagingTests.root.path + "/docs/" + $0, encoding: .utf8) }
        var lines: Set<String> = []
        for chapter in chapters {
            for block in Manual.blocks("sh", in: chapter) {
                for line in block.split(separator: "\n") { lines.insert(String(line)) }
            }
        }
        #expect(lines.contains(run), "not a line of the manual's blocks: \(run)")
    }
}
