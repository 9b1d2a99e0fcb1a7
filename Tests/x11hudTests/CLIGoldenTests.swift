import Foundation
import HUDTestSupport
import Testing

/// What x11hud says to bad and edge command lines of every command, and each command's `--help`, held to what it
/// said before the command line was read another way (issue 38: one table and one parser in place of
/// swift-argument-parser and the fast parser). Fixtures/cli-golden.json was written by Fixtures/make-cli-golden.py
/// from the binary of 4a29eea; each case runs here as it ran there (its environment, / as its directory, /dev/null
/// as stdin), and must end with the same status and say the same on stderr and stdout. A help text may be
/// reflowed: it must have the same words in the same order, so it lists the same options with the same
/// descriptions.
@Suite(.ownThreads) struct CLIGoldenTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var stdout: String
        var stderr: String

        var testDescription: String { arguments.map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }.description }
    }

    struct Golden: Decodable {
        var environment: [String: String]
        var cases: [Case]
        var help: [Case]
    }

    static let golden: Golden = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/cli-golden.json")
        // A missing or broken fixture fails every test below (no cases would pass nothing).
        guard let data = try? Data(contentsOf: url), let golden = try? JSONDecoder().decode(Golden.self, from: data)
        else { return Golden(environment: [:], cases: [], help: []) }
        return golden
    }()

    static func run(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(CLI.binary, arguments, environment: golden.environment,
                             directory: URL(fileURLWithPath: "/"), timeout: 30)
    }

    @Test func theFixtureCoversEveryCommand() {
        let cases = Self.golden.cases
        #expect(cases.count >= 60)
        for command in ["run", "hide", "list", "serve", "notifications", "render", "zenity", "yad"] {
            #expect(cases.filter { $0.arguments.first == command }.count >= 4, "\(command)")
            #expect(Self.golden.help.contains { $0.arguments.first == command }, "\(command) --help")
        }
        #expect(cases.filter { $0.arguments.first?.hasPrefix("-") ?? true }.count >= 30, "the default command")
    }

    @Test(arguments: golden.cases)
    func saysWhatItSaid(_ expected: Case) throws {
        let result = try Self.run(expected.arguments)
        #expect(result.status == expected.status, "\(result.stderr)")
        #expect(result.stderr == expected.stderr)
        #expect(result.stdout == expected.stdout)
    }

    @Test(arguments: golden.help)
    func helpListsWhatItListed(_ expected: Case) throws {
        let result = try Self.run(expected.arguments)
        #expect(result.status == expected.status)
        #expect(result.stderr == expected.stderr)
        #expect(Self.words(result.stdout) == Self.words(expected.stdout))
        #expect(Self.options(result.stdout) == Self.options(expected.stdout))
    }

    /// The text with every run of white space made one space: what a reflow keeps.
    static func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    /// The long options a help text names.
    static func options(_ text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
    }
}
