import ArgumentParser
import Foundation
import Glibc
import HUDConfig
import HUDFeeds
import HUDScene
import HUDTestSupport
import ProgressFeed
import Testing
@testable import x11hud

/// The fast parser (issue 32) against ArgumentParser. The options are not listed here: they are every option of the
/// commands' tables, the settings among them from the table of settings, and the tables are first held to the options
/// ArgumentParser declares. Each is given every spelling of its value (the value's samples below, a setting's from
/// its type: every choice, a range's edges and beyond), `--name value` and `--name=value`, each alias, repeats, a
/// missing value and `--`; both parsers must then make the same command (every property, compared by reflection), or
/// the fast one must leave the arguments to ArgumentParser, or both must fail with the same message and status.
@Suite(.ownThreads) struct FastParserTests {
    /// A command the fast parser reads, and how its arguments are laid out.
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case show, showWord, run, hide, list, notifications

        var testDescription: String { rawValue }

        /// The arguments before the options.
        var prefix: [String] {
            switch self {
            case .show: return []
            case .showWord: return ["show"]
            case .run: return ["run"]
            case .hide: return ["hide"]
            case .list: return ["list"]
            case .notifications: return ["notifications"]
            }
        }

        /// The arguments after the options.
        var suffix: [String] { self == .run ? ["--", "true"] : [] }

        var options: [(names: [String], takesValue: Bool)] {
            switch self {
            case .show, .showWord: return ShowCommand.fastOptions.map { ($0.names, $0.takesValue) }
            case .run: return RunCommand.fastOptions.map { ($0.names, $0.takesValue) }
            case .hide: return HideCommand.fastOptions.map { ($0.names, $0.takesValue) }
            case .list: return ListCommand.fastOptions.map { ($0.names, $0.takesValue) }
            case .notifications: return NotificationsCommand.fastOptions.map { ($0.names, $0.takesValue) }
            }
        }

        /// The tables of its option groups and its own, each as names.
        var groups: [[(names: [String], takesValue: Bool)]] {
            func names<R>(_ options: [FastOption<R>]) -> [(names: [String], takesValue: Bool)] {
                options.map { ($0.names, $0.takesValue) }
            }
            switch self {
            case .show, .showWord:
                return [names(HUDOptions.fastOptions), names(WatchOptions.fastOptions),
                        names(ShowCommand.ownFastOptions)]
            case .run:
                return [names(HUDOptions.fastOptions), names(WatchOptions.fastOptions),
                        names(ShowCommand.ownFastOptions), names(RunCommand.ownFastOptions)]
            case .hide: return [names(HideCommand.fastOptions)]
            case .list: return [names(ListCommand.fastOptions)]
            case .notifications:
                return [names(NotificationsCommand.ownFastOptions), names(LookOptions.fastOptions)]
            }
        }

        /// Whether the option `name` is one of a group this form tries once (the first of each kind; behind a
        /// command word the root parser is several times slower in a debug build): the default command's options
        /// behind `show`, `run` and `notifications`.
        func triesGroupsOnce(_ name: String) -> Bool {
            switch self {
            case .showWord: return true
            case .run: return !RunCommand.ownFastOptions.contains { $0.names[0] == name }
            case .notifications: return !NotificationsCommand.ownFastOptions.contains { $0.names[0] == name }
            default: return false
            }
        }

        /// ArgumentParser's own account of the command's options (`--experimental-dump-help`).
        var declared: [DumpedArgument] {
            let json: String
            switch self {
            case .show, .showWord: json = ShowCommand._dumpHelp()
            case .run: json = RunCommand._dumpHelp()
            case .hide: json = HideCommand._dumpHelp()
            case .list: json = ListCommand._dumpHelp()
            case .notifications: json = NotificationsCommand._dumpHelp()
            }
            let dump = try? JSONDecoder().decode(Dump.self, from: Data(json.utf8))
            return dump?.command.arguments ?? []
        }
    }

    struct Dump: Decodable {
        struct Command: Decodable { var arguments: [DumpedArgument]? }
        var command: Command
    }

    struct DumpedArgument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var kind: String
        var names: [Name]?
        var valueName: String?

        var longNames: [String] { (names ?? []).filter { $0.kind == "long" }.map(\.name) }
    }

    /// The options ArgumentParser answers itself, in every command.
    static let builtIn: Set<String> = ["help", "version", "experimental-dump-help", "generate-completion-script"]

    /// What one parser made of a command line.
    enum Outcome: Equatable, CustomStringConvertible {
        /// A command, every property of it written out.
        case command(String)
        /// The message x11hud prints and its exit status.
        case failure(String, Int32)
        /// The fast parser left the arguments to ArgumentParser.
        case fellBack

        var description: String {
            switch self {
            case .command(let text): return "command " + text
            case .failure(let message, let status): return "failure \(status): \(message)"
            case .fellBack: return "fell back"
            }
        }

        var isCommand: Bool { if case .command = self { true } else { false } }
    }

    // MARK: The tables

    /// Each command's table has exactly the options ArgumentParser declares, with the same names, and a value where
    /// ArgumentParser takes one; every setting of the table of settings is an option of the default command.
    @Test(arguments: Form.allCases) func theTablesHoldEveryOptionArgumentParserDeclares(_ form: Form) {
        let declared = form.declared.filter {
            $0.kind != "positional" && !$0.longNames.contains(where: Self.builtIn.contains)
        }
        #expect(!declared.isEmpty)
        let fast = form.options
        for argument in declared {
            let option = fast.first { $0.names == argument.longNames }
            #expect(option != nil, "\(argument.longNames) is ArgumentParser's, not the fast parser's")
            #expect(option?.takesValue == (argument.kind == "option"), "\(argument.longNames)")
        }
        // ArgumentParser leaves private options (--print-settings) out of its dump.
        let hidden: Set<[String]> = [["print-settings"]]
        for option in fast where !hidden.contains(option.names) {
            #expect(declared.contains { $0.longNames == option.names }, "\(option.names) is unknown to ArgumentParser")
        }
        if form == .show {
            for key in ConfigKey.allCases {
                #expect(fast.contains { $0.names == [key.setting.name] && $0.takesValue }, "\(key.setting.option)")
            }
        }
    }

    // MARK: Every option, every spelling

    @Test(arguments: Form.allCases) func everyOptionParsesAsArgumentParserParsesIt(_ form: Form) throws {
        let files = try Files()
        let declared = form.declared
        var compared = 0, parsed = 0
        // The first option of each group (HUDOptions', WatchOptions', the command's own), of each kind.
        var firsts: Set<String> = []
        for group in form.groups {
            for takesValue in [false, true] {
                if let option = group.first(where: { $0.takesValue == takesValue }) { firsts.insert(option.names[0]) }
            }
        }
        for option in form.options {
            let name = option.names[0]
            let valueName = declared.first { $0.longNames == option.names }?.valueName ?? ""
            let lines: [[String]]
            if option.takesValue {
                let samples = try #require(Self.samples(option: name, valueName: valueName, files: files),
                                           "no samples for --\(name) <\(valueName)>")
                lines = Self.lines(name: name, aliases: option.names, samples: samples, form: form,
                                   first: firsts.contains(name))
            } else {
                lines = Self.flagLines(name: name, form: form, first: firsts.contains(name))
            }
            for (index, line) in lines.enumerated() {
                // hide needs one of --id, --over-window or --all: each option's first line also beside --id.
                let bases: [[String]] = form == .hide && index == 0 ? [[], ["--id", "vol"]] : [[]]
                for base in bases {
                    let arguments = X11HUDCommand.splittingEmptyValues(form.prefix + base + line + form.suffix)
                    let reference = Self.reference(arguments)
                    let fast = Self.fast(arguments)
                    compared += 1
                    if fast.isCommand { parsed += 1 }
                    Self.expectSame(fast, reference, arguments, form: form)
                }
            }
        }
        #expect(parsed > compared / 4, "the fast parser read \(parsed) of \(compared) command lines")
    }

    /// No options at all, the words alone, and the commands the fast parser leaves to ArgumentParser.
    @Test func commandWordsAloneParseAsArgumentParserParsesThem() {
        for arguments in [[], ["show"], ["--"], ["show", "--"], ["list"], ["hide", "--all"]] {
            Self.expectSame(Self.fast(arguments), Self.reference(arguments), arguments)
            #expect(Self.fast(arguments).isCommand, "\(arguments)")
        }
        for arguments in [["notifications"], ["notifications", "--replace", "--timeout", "5"]] {
            Self.expectSame(Self.fast(arguments), Self.reference(arguments), arguments)
            #expect(Self.fast(arguments).isCommand, "\(arguments)")
        }
        for arguments in [["render", "--out", "x.png"], ["notifications", "history"], ["notifications", "pause", "on"],
                          ["notifications", "--replace", "count"], ["help"], ["--version"]] {
            #expect(Self.fast(arguments) == .fellBack, "\(arguments)")
        }
    }

    /// `run`'s command after `--`, and what ArgumentParser refuses around it.
    @Test func runTakesTheCommandAfterTheTerminator() {
        let lines: [[String]] = [
            ["run", "--", "ls", "-la", "--help", "--", "-h"], ["run", "--label", "x", "--", "sh", "-c", "exit 3"],
            ["run"], ["run", "--"], ["run", "ls"], ["run", "--label", "x"], ["run", "--label", "--", "ls"],
            ["run", "--watch-pid", "\(getpid())", "--", "true"], ["run", "--done-label", "", "--", "true"],
            ["run", "--pty", "--no-pty", "--", "true"], ["run", "--no-pty", "--pty", "--", "true"],
            ["run", "--no-pty=1", "--", "true"],
        ]
        for arguments in lines {
            Self.expectSame(Self.fast(arguments), Self.reference(arguments), arguments, form: .run)
        }
        #expect(Self.fast(["run", "--", "ls", "-la", "--help"]).isCommand)
        #expect(Self.fast(["run", "--pty", "--no-pty", "--", "true"]).isCommand)
    }

    /// zenity's and yad's command lines become the default command's, read by `ShowCommand.parse`.
    @Test func zenityAndYadCommandLinesParseAsArgumentParserParsesThem() throws {
        let scripts: [(ZenityLineRules.Program, [String])] = [
            (.zenity, ["--progress", "--text=Copying", "--percentage=30", "--auto-close"]),
            (.zenity, ["--progress", "--pulsate", "--title", "T", "--no-cancel", "--theme=light", "--width=300"]),
            (.zenity, ["--progress", "--margin", "abc"]),
            (.yad, ["--progress", "--progress-text=x", "--button=Stop:3", "--monitor=", "--position", "top"]),
            (.yad, ["--progress", "--image=nonexistent-icon", "--attach=0x1234", "--id", "vol"]),
        ]
        for (program, script) in scripts {
            let plan = ZenityCommand.plan(ZenityOptions.parse(script, program: program), environment: [:])
            let arguments = plan.arguments + plan.image + plan.forwarded
            let reference: Reference
            do { reference = .command(Self.fingerprint(try ShowCommand.parse(arguments))) } catch {
                reference = .error(error)
            }
            let fast: Outcome
            do { fast = try FastParser.show(arguments).map { .command(Self.fingerprint($0)) } ?? .fellBack } catch {
                fast = Self.failure(error)
            }
            Self.expectSame(fast, reference, arguments)
        }
    }

    // MARK: The binary

    /// Bad command lines, run through the real binary: the message and status x11hud gave before the fast parser
    /// (ArgumentParser's, worked out here in-process), and nothing else. No display is given, so a command line taken
    /// for a good one would fail differently.
    @Test func badCommandLinesGetTheSameMessageAndStatusFromTheBinary() throws {
        let lines: [[String]] = [
            ["--scale", "9"], ["--margin", "-1"], ["--nope"], ["--label"], ["--margin", "abc"], ["--theme", "blue"],
            ["--stdin=1"], ["--progress", "2"], ["--hide-after", "-1"], ["--offset", "1"], ["-x"],
            ["--label", "x", "--", "extra"], ["--total", "abc"], ["--mode", "pie", "--pulsate"], ["--queue"],
            ["--id", ""], ["--icon", "success", "--image", "x.png"], ["show", "--min-size", "1x99999"],
            ["run", "--label", "x"], ["run", "--watch-file", "f", "--", "true"], ["run", "--grace", "x", "--", "true"],
            ["hide"], ["hide", "--all", "--id", "x"], ["list", "--json=yes"], ["list", "--display"],
            ["notifications", "--timeout", "x"], ["notifications", "--max-visible", "0"], ["notifications", "--label"],
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        for arguments in lines {
            guard case .failure(let message, let status) = Self.argumentParser(arguments) else {
                Issue.record("\(arguments) is not a bad command line")
                continue
            }
            let result = try CLI.run(arguments, environment: environment)
            let expected = message.isEmpty ? "" : "x11hud: " + TerminalText.clean(message) + "\n"
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr == expected, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
    }

    // MARK: Parsing both ways

    static func argumentParser(_ arguments: [String]) -> Outcome {
        reference(arguments).outcome
    }

    /// ArgumentParser's command, or its error: the message is worked out only when it is compared, since working it
    /// out builds the command's whole help.
    enum Reference {
        case command(String)
        case error(any Error)

        var outcome: Outcome {
            switch self {
            case .command(let text): return .command(text)
            case .error(let error): return failure(error)
            }
        }
    }

    static func reference(_ arguments: [String]) -> Reference {
        do { return .command(fingerprint(try X11HUDCommand.parsedByArgumentParser(arguments))) } catch {
            return .error(error)
        }
    }

    static func fast(_ arguments: [String]) -> Outcome {
        do { return try FastParser.command(arguments).map { .command(fingerprint($0)) } ?? .fellBack } catch {
            return failure(error)
        }
    }

    /// What x11hud's `main()` does with an error: one line and a status.
    static func failure(_ error: any Error) -> Outcome {
        .failure(X11HUDCommand.oneLine(X11HUDCommand.message(for: error)), X11HUDCommand.exitCode(for: error).rawValue)
    }

    /// The same command or the same failure; or the fast parser left the arguments to ArgumentParser, which it may
    /// do for a command line ArgumentParser refuses, or one with an argument ArgumentParser looks at itself.
    static func expectSame(_ fast: Outcome, _ reference: Reference, _ arguments: [String], form: Form = .show,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        if fast == .fellBack {
            guard case .command = reference else { return }
            // `--label --` is a label of "--" for ArgumentParser, which the fast parser leaves to it.
            let takesValue = Set(form.options.filter(\.takesValue).flatMap(\.names).map { "--" + $0 })
            let allowed = arguments.contains(where: FastParser.concernsArgumentParser)
                || zip(arguments, arguments.dropFirst()).contains { takesValue.contains($0) && $1 == "--" }
            #expect(allowed, "\(arguments): the fast parser left a good command line to ArgumentParser",
                    sourceLocation: sourceLocation)
        } else {
            #expect(fast == reference.outcome, "\(arguments)", sourceLocation: sourceLocation)
        }
    }

    /// Every property of a command, written out: ArgumentParser's property wrappers by their values only (an unset
    /// one shows as `definition`), an image by its file and a watched process by its PID (their descriptors and
    /// pixels differ from one opening to the next), dictionaries in a fixed order.
    static func fingerprint(_ value: Any) -> String {
        if let image = value as? ImageAsset { return "ImageAsset(\(image.path))" }
        if let process = value as? ProcessFiles { return "ProcessFiles(\(process.pid))" }
        let mirror = Mirror(reflecting: value)
        let type = String(reflecting: mirror.subjectType)
        let wrappers = ["Option<", "Flag<", "OptionGroup<", "Argument<"].map { "ArgumentParser." + $0 }
        if wrappers.contains(where: type.hasPrefix),
           let parsed = mirror.children.first(where: { $0.label == "_parsedValue" }) {
            return fingerprint(parsed.value)
        }
        if mirror.children.isEmpty { return String(reflecting: value) }
        var parts = mirror.children.map { ($0.label ?? "") + ": " + fingerprint($0.value) }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
        return type + "(" + parts.joined(separator: ", ") + ")"
    }

    // MARK: Command lines

    /// The command lines for an option with a value. The default command's options get each sample alone, each
    /// alias, `--name=value`, a repeat (the last value is the one kept) and a missing value; the first of them also
    /// `--` as the value, and `--` after it. Behind a command word the groups' options are tried once
    /// (`triesGroupsOnce`).
    static func lines(name: String, aliases: [String], samples: [String], form: Form, first: Bool) -> [[String]] {
        if form.triesGroupsOnce(name) {
            return first ? [["--" + name, samples[0]]] : []
        }
        if form != .show { return samples.map { ["--" + name, $0] } + [["--" + name]] }
        var lines = samples.map { ["--" + name, $0] }
        lines += aliases.dropFirst().map { ["--" + $0, samples[0]] }
        lines += [["--" + name + "=" + samples[0]], ["--" + name, samples[0], "--" + aliases.last!, samples[1]],
                  ["--" + name]]
        if first {
            lines += [["--" + name, "--"], ["--" + name, samples[0], "--"], ["--" + name, samples[0], "--", "x"]]
        }
        return lines
    }

    /// The command lines for a flag: alone, repeated and with a value; the first flag also with `--` after it.
    static func flagLines(name: String, form: Form, first: Bool) -> [[String]] {
        switch form {
        case .show: return [["--" + name], ["--" + name, "--" + name], ["--" + name + "=1"]]
            + (first ? [["--" + name, "--"]] : [])
        case _ where form.triesGroupsOnce(name): return first ? [["--" + name]] : []
        default: return [["--" + name]]
        }
    }

    /// Temporary files the values name: a PNG, a config file, one that is not.
    struct Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-fast-\(UUID())")
        var png: String { directory.appendingPathComponent("dot.png").path }
        var config: String { directory.appendingPathComponent("config.toml").path }
        var badConfig: String { directory.appendingPathComponent("bad.toml").path }
        var missing: String { directory.appendingPathComponent("missing").path }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let dot = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
            try Data(base64Encoded: dot)!.write(to: URL(fileURLWithPath: png))
            try "margin = 4\ntheme = \"light\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            try "margin = \"wide\"\n".write(toFile: badConfig, atomically: true, encoding: .utf8)
        }
    }

    /// The values to try for an option: a setting's from its type in the table of settings, the others' by the
    /// name of their value in `--help`. Valid and invalid ones alike; the parsers must agree on each.
    static func samples(option: String, valueName: String, files: Files) -> [String]? {
        if let key = ConfigKey(rawValue: option) { return samples(of: key.setting.type) }
        if let key = NotificationKey(rawValue: option) { return samples(of: key.setting.type) }
        let texts = ["Hi", "", "-3 dB", "a=b", "--mode", "auto", "ünï ✓", "-hi"]
        let seconds = ["0", "86400", "1.5", "86400.1", "-1", "x", "nan", "1e3"]
        switch valueName {
        case "mode": return HUDMode.allCases.map(\.rawValue) + ["spinner", "pie", "ring", "icon", "image", "BAR", "no"]
        case "icon": return Icon.allCases.map(\.rawValue) + ["Success", "no"]
        case "label", "details", "button", "text": return texts
        case "progress": return ["0", "1", "0.6", "60%", "0%", "100%", "1.01", "-0.1", "101%", "x", " 0.5", "nan"]
        case "percent": return ["0", "100", "50%", "100.5", "-1", "x", "nan"]
        case "file": return [files.png, files.config, files.badConfig, files.missing]
        case "WxH": return ["400x300", "0x0", "16384x16384", "16385x1", "400X300", "400", "-1x5", "axb"]
        case "seconds": return seconds
        case "seconds|auto": return seconds + ["auto", "AUTO"]
        case "name": return ["vol", "", "x@y", String(repeating: "a", count: 129), ":0", "--id"]
        case "window": return ["0x1234", "4660", "active", "pointer", "0xZZ", "no", ""]
        // Not a PID that does not exist, nor an empty one: `validate()` ends the process for those, as it should.
        case "pid": return [String(getpid()), "abc", "1 2"]
        case "path": return [files.missing, files.png]
        case "size|duration": return ["123456", "700M", "1.5G", "10kB", "1:30:00", "90s", "1.5h", "90min", "x", "-5"]
        default: return nil
        }
    }

    /// A setting's values: every choice, a range's edges and what lies just beyond them, and spellings it refuses.
    static func samples(of type: SettingType) -> [String] {
        switch type {
        case .choice(let names, _): return names + [names[0].uppercased(), "no", ""]
        case .color: return ["#112233", "#11223344", "#FFF", "red", "#GG0000", ""]
        case .font: return ["Sans 12", "Serif Bold 20", "Monospace", "Sans 0", "Sans 600", ""]
        case .number(let range, _):
            let (low, high) = (range.lowerBound, range.upperBound)
            return ["\(low)", "\(high)", "\((low + high) / 2)", "\(low - 0.01)", "\(high + 1)", "x", "nan", "1e0",
                    String(Int(high))]
        case .whole(let range, _):
            return ["\(range.lowerBound)", "\(range.upperBound)", "\(range.lowerBound - 1)", "\(range.upperBound + 1)",
                    "1.5", "x"]
        case .point: return ["0,40", "-100,0", " 3 , 4 ", "1", "a,b", "1,2,3", "inf,0"]
        case .monitor: return ["DP-1", "0", "primary", ""]
        case .hintNames: return ["value", ""]
        }
    }
}
