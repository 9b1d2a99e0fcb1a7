import HUDCommandLine
import Testing

/// ArgumentParser's messages, word for word (the golden test compares x11hud's stderr with what it printed), and
/// which one wins when a line has two problems.
@Suite struct CommandLineParserTests {
    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'"),
        (["-x"], "Unknown option '-x'"),
        (["-"], "Unexpected argument '-'"),
        (["---mode", "ring"], "Invalid option: ---mode"),
        (["-="], "Invalid option: -="),
        (["---"], "Invalid option: ---"),
        (["foo"], "Unexpected argument 'foo'"),
        (["foo", "bar"], "2 unexpected arguments: 'foo', 'bar'"),
        (["--mode", "ring", "extra"], "Unexpected argument 'extra'"),
        (["--mode"], "Missing value for '--mode <mode>'"),
        (["--text"], "Missing value for '--text <label>'"),
        (["--mode", "bogus"],
         "The value 'bogus' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["--mode="],
         "The value '' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["--mode", "--", "ring"],
         "The value '--' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["--mode", "bogus", "--mode", "ring"],
         "The value 'bogus' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["--animation", "spin"],
         "The value 'spin' is invalid for '--animation <animation>'. Please provide one of 'fade', 'zoom' or 'slide'."),
        (["--stdin=yes"], "The option '--stdin' does not take any value, but 'yes' was specified."),
        (["--pty=1"], "The option '--pty' does not take any value, but '1' was specified."),
        (["--progress", "abc"], "The value 'abc' is invalid for '--progress <progress>': expected a fraction"),
        (["--progress=2"], "The value '2' is invalid for '--progress <progress>': expected a fraction"),
        (["--watch-pid", "x"], "The value 'x' is invalid for '--watch-pid <pid>': expected a process ID"),
        (["--", "foo"], "Unexpected argument 'foo'"),
        (["--", "--bogus"], "Unexpected argument '--bogus'"),
        // Hidden rows are named without their value: ArgumentParser looks the value's name up among shown rows.
        (["--debug-draw"], "Missing value for '--debug-draw'"),
        (["--secret-knob"], "Missing value for '--secret-knob'"),
        // A shown name within 3 edits is suggested; a short one never.
        (["--mdoe", "x"], "Unknown option '--mdoe'. Did you mean '--mode'?"),
        (["--lable=x"], "Unknown option '--lable'. Did you mean '--label'?"),
        (["-xy"], "Unknown option '-xy'. Did you mean '--pty'?"), (["-zzzzzz"], "Unknown option '-zzzzzz'"),
        // A value error comes before an unknown option, an unknown option before an unexpected argument.
        (["--bogus", "--mode", "bogus"],
         "The value 'bogus' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["foo", "--bogus"], "Unknown option '--bogus'"),
        // Splitting comes first of all.
        (["--mode", "bogus", "---x"], "Invalid option: ---x"),
        // Help, --help-hidden and --version, where an option may stand.
        (["-h"], "help"), (["--help"], "help"), (["--help", "--bogus"], "help"), (["-vh"], "help"),
        (["--help-hidden"], "help-hidden"), (["--help-hidden", "--help"], "help"),
        (["--version", "--bogus"], "version"),
        // ...but not as an option's value, and not after a value error or `--`.
        (["--label", "--help"], "command"), (["--label", "-h"], "command"),
        (["--mode", "bogus", "--help"],
         "The value 'bogus' is invalid for '--mode <mode>'. Please provide one of the following: indeterminate, "
            + "determinate, annular, bar, custom, text"),
        (["--", "--help"], "Unexpected argument '--help'"),
        // Fine.
        ([], "command"), (["--"], "command"), (["--mode", "ring", "--"], "command"), (["--label="], "command"),
        (["--label", "--mode"], "command"), (["--stdin", "--stdin"], "command"), (["--pty", "--no-pty"], "command"),
    ])
    func message(arguments: [String], expected: String) {
        #expect(outcome(Sample.show, arguments) == expected)
    }

    @Test func values() throws {
        let sample = try #require(try parsed(Sample.show, [
            "--mode=bar", "--text", "--mode", "--progress", "0.5", "--stdin", "--animation", "zoom",
            "--watch-pid=42", "--debug-draw", "boxes", "--secret-knob=on",
        ]))
        #expect(sample.mode == "bar")
        #expect(sample.label == "--mode")
        #expect(sample.progress == 0.5)
        #expect(sample.stdin)
        #expect(sample.animation == .zoom)
        #expect(sample.pid == 42)
        #expect(sample.debug == "boxes")
        #expect(sample.secret == "on")
        #expect(sample.pty == nil)
    }

    @Test func lastWinsAndEmptyValues() throws {
        let sample = try #require(try parsed(Sample.show, ["--label", "a", "--text=b", "--mode", "ring", "--label="]))
        #expect(sample.label == "")
        #expect(sample.mode == "ring")
        #expect(try parsed(Sample.show, ["--pty", "--no-pty"])?.pty == false)
        #expect(try parsed(Sample.show, ["--no-pty", "--pty"])?.pty == true)
        #expect(try parsed(Sample.show, [])?.pty == nil)
        #expect(try parsed(Sample.show, [])?.stdin == false)
    }

    @Test func afterTerminator() throws {
        let sample = try #require(try parsed(Sample.run, ["--label", "x", "--", "ls", "--help", "-l", "--"]))
        #expect(sample.operands == ["ls", "--help", "-l", "--"])
        #expect(sample.label == "x")
        // Missing: the command's own validate says so, before an unexpected or unknown word.
        #expect(outcome(Sample.run, []) == "run: no command given")
        #expect(outcome(Sample.run, ["--"]) == "run: no command given")
        #expect(outcome(Sample.run, ["foo"]) == "run: no command given")
        #expect(outcome(Sample.run, ["--bogus", "--", "true"]) == "Unknown option '--bogus'")
        #expect(outcome(Sample.run, ["--label"]) == "Missing value for '--label <label>'")
        // `--` taken as a value is no terminator.
        #expect(outcome(Sample.run, ["--label", "--", "true"]) == "run: no command given")
        // Help is looked for everywhere when validate fails.
        #expect(outcome(Sample.run, ["--label", "--help"]) == "help")
    }

    @Test func positionals() throws {
        #expect(outcome(Sample.pause, []) == "Missing expected argument '<on|off|toggle|status>'")
        #expect(outcome(Sample.pause, ["maybe"])
            == "The value 'maybe' is invalid for '<on|off|toggle|status>'. Please provide one of 'on', 'off', "
            + "'toggle' or 'status'.")
        #expect(outcome(Sample.pause, ["on", "abc"]) == "The value 'abc' is invalid for '<id>'")
        #expect(outcome(Sample.pause, ["on", "1", "off"]) == "Unexpected argument 'off'")
        #expect(outcome(Sample.pause, ["on", "--for"]) == "Missing value for '--for <duration>'")
        #expect(outcome(Sample.pause, ["--help"]) == "help")
        // A missing operand gives way to help even where help is an option's value.
        #expect(outcome(Sample.pause, ["--for", "--help"]) == "help")
        #expect(try parsed(Sample.pause, ["--for", "5m", "on"])?.words == ["on"])
        #expect(try parsed(Sample.pause, ["toggle", "--for", "5m", "7"])?.words == ["toggle", "7"])
        #expect(try parsed(Sample.pause, ["--", "on"])?.words == ["on"])
        #expect(outcome(Sample.pause, ["--bogus", "on"]) == "Unknown option '--bogus'")
    }

    struct Refusal: Error, Equatable { var code: Int32 }

    @Test func validateErrors() throws {
        var spec = Sample.show
        spec.validate = { if $0.stdin { throw Refusal(code: 66) } else if $0.label == "" { throw UsageError("empty") } }
        #expect(throws: Refusal(code: 66)) { try CommandLineParser.parse(spec, ["--stdin"]) }
        #expect(throws: CommandLineError.usage("empty")) { try CommandLineParser.parse(spec, ["--label="]) }
        // validate runs before the leftover words are reported, after the values are checked.
        #expect(throws: CommandLineError.usage("empty")) { try CommandLineParser.parse(spec, ["--label=", "x"]) }
        #expect(outcome(spec, ["--stdin", "--mode", "bogus"]).hasPrefix("The value 'bogus'"))
        #expect(outcome(spec, ["--stdin", "--help"]) == "help")
    }

    @Test(arguments: [
        (["a", "b"], ". Please provide one of 'a' and 'b'."),
        (["a"], ". Please provide one of 'a'."),
        (["a", "b", "c", "d", "e"], ". Please provide one of 'a', 'b', 'c', 'd' or 'e'."),
        (["a", "b", "c", "d", "e", "f"], ". Please provide one of the following: a, b, c, d, e, f"),
        ([], ""),
    ])
    func choiceLists(choices: [String], expected: String) {
        let error = CommandLineError.invalidValue(value: "x", option: "--o <o>", choices: choices, rule: nil)
        #expect(error.description == "The value 'x' is invalid for '--o <o>'" + expected)
    }

    @Test func lifted() throws {
        struct Whole { var inner = Sample(); var other = 0 }
        let rows: [OptionRow<Whole>] = .group(Sample.rows) { whole, body throws(ValueError) in
            try body(&whole.inner)
        }
        let spec = CommandSpec<Whole>(path: ["t"], options: rows, blank: { Whole(other: 3) })
        guard case .command(let whole) = try CommandLineParser.parse(spec, ["--mode", "bar", "--pty"]) else {
            Issue.record("not parsed")
            return
        }
        #expect(whole.inner.mode == "bar")
        #expect(whole.inner.pty == true)
        #expect(whole.other == 3)
        #expect(throws: CommandLineError.invalidValue(value: "7", option: "--progress <progress>", choices: [],
                                                      rule: "expected a fraction")) {
            try CommandLineParser.parse(spec, ["--progress", "7"])
        }
    }
}
