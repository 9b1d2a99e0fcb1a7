import HUDCommandLine
import HUDTestSupport
import Testing
@testable import x11hud

/// The one list of commands (`Subcommand.all`) is what the parser and `--help` use.
@Suite(.ownThreads) struct SubcommandTests {
    /// Each name is written in the list and in the command's spec: they must be the same word.
    @Test func everyParsedCommandIsNamedAsItsSpecNamesIt() throws {
        for entry in Subcommand.all {
            if let command = entry.command {
                #expect(command.words == [entry.name])
            } else {
                #expect(ZenityCommand.select(argv0: "x11hud", arguments: [entry.name, "--progress"]) != nil,
                        "\(entry.name) is neither a command of the parser's nor a dialog")
            }
        }
        let first = try #require(Subcommand.all.first?.command)
        #expect(first is ShowCommand.Type, "the list must start with the default")
        guard case .command(let command) = try CommandTree.read(["--label", "Hi"]) else {
            throw UsageError("--label Hi is no command")
        }
        #expect(command is ShowCommand)
    }

    /// The parser's subcommands, the words that are not the default command's and the SYNOPSIS all come from the
    /// list: a command in it is in each (notifications was once missing from the SYNOPSIS).
    @Test func theParserTheRootWordsAndTheSynopsisFollowTheList() {
        let parsed = CommandTree.root.subcommands.map { $0.path.last ?? "" }
        #expect(parsed == Subcommand.all.filter { $0.command != nil }.map(\.name))
        #expect(parsed.contains("notifications"))
        for entry in Subcommand.all {
            #expect(Subcommand.synopsis.contains { $0.split(separator: " ").dropFirst().first == "\(entry.name)"
                || $0.hasPrefix("x11hud [\(entry.name)]") },
                    "\(entry.name) has no form in the SYNOPSIS")
            #expect(CommandTree.showsDirectly([entry.name]) == false || entry.command == nil,
                    "\(entry.name) would be read as the default command's argument")
        }
        #expect(CommandTree.showsDirectly(["--label", "Hi"]))
    }

    /// OTHER COMMANDS names every command but the default, its text wrapped beside the usage column.
    @Test func otherCommandsListsEveryCommandButTheDefault() {
        let text = Subcommand.otherCommands
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "OTHER COMMANDS:")
        for entry in Subcommand.all.dropFirst() {
            #expect(lines.contains { $0.hasPrefix("  " + entry.name) || $0.contains(", " + entry.name + " ") },
                    "\(entry.name)")
        }
        #expect(!lines.contains { $0.hasPrefix("  show") })
        #expect(lines.allSatisfy { $0.count <= 78 })
        // A usage at column 2, or a continuation of the text at column 26.
        let indents = Set(lines.dropFirst().map { $0.prefix { $0 == " " }.count })
        #expect(indents == [2, 26])
    }
}
