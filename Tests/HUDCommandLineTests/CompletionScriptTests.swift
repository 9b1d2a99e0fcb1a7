import Foundation
import HUDCommandLine
import Testing

/// The completion scripts offer every shown option of every command and no hidden one, and each shell present on
/// the machine accepts its script (`bash -n`, `zsh -n`, `fish -n`); bash at least must be there.
@Suite struct CompletionScriptTests {
    static let tree: CommandInfo = {
        let pause = Sample.pause.info
        var notifications = CommandSpec<Sample>(
            path: ["x11hud", "notifications"], abstract: "Be the notification server: it's \"quoted\".",
            options: [.flag("replace", help: "Take the name over.") { $0.stdin = $1 }], blank: { Sample() }
        ).info(subcommands: [pause])
        notifications.options.append(OptionInfo(names: ["image"], valueName: "file", help: "An image: PNG or SVG.",
                                                completion: .file(extensions: ["png", "svg"])))
        notifications.options.append(OptionInfo(names: ["dir"], valueName: "dir", help: "A folder.",
                                                completion: .directory))
        notifications.options.append(OptionInfo(names: ["monitor"], valueName: "monitor", help: "Which monitor.",
                                                completion: .shellCommand("x11hud --print-monitors")))
        notifications.options.append(OptionInfo(names: ["any"], valueName: "file", help: "Any file.",
                                                completion: .file(extensions: [])))
        var root = CommandSpec<Sample>(path: ["x11hud"], abstract: "x", blank: { Sample() }).info
        root.subcommands = [Sample.show.info, Sample.run.info, notifications]
        return root
    }()

    static let shownNames = ["--mode", "--label", "--text", "--progress", "--animation", "--stdin", "--watch-pid",
                             "--pty", "--no-pty", "--for", "--replace", "--image", "--dir", "--monitor", "--any"]

    @Test(arguments: CompletionScript.Shell.allCases)
    func offersShownOptionsOnly(shell: CompletionScript.Shell) {
        let script = CompletionScript.render(Self.tree, shell: shell, defaultSubcommand: "show")
        for name in Self.shownNames {
            let spelled = shell == .fish ? "-l '\(name.dropFirst(2))'" : name
            #expect(script.contains(spelled), "\(shell): \(name)")
        }
        #expect(!script.contains("debug-draw"))
        #expect(!script.contains("secret-knob"))
        for word in ["show", "run", "notifications", "pause", "toggle", "status", "indeterminate", "slide",
                     "x11hud --print-monitors"] {
            #expect(script.contains(word), "\(shell): \(word)")
        }
    }

    @Test func scriptsParse() throws {
        var checked: [String] = []
        for shell in CompletionScript.Shell.allCases {
            guard let executable = Self.find(shell.rawValue) else { continue }
            let script = CompletionScript.render(Self.tree, shell: shell, defaultSubcommand: "show")
            let (status, errors) = try Self.run(executable, ["-n"], input: script)
            #expect(status == 0, "\(shell) -n: \(errors)")
            // A broken script can still pass -n; a deliberately broken one must not, or the check proves nothing.
            let (brokenStatus, _) = try Self.run(executable, ["-n"], input: script + "\nif true\n")
            #expect(brokenStatus != 0, "\(shell) -n accepts anything")
            checked.append(shell.rawValue)
        }
        #expect(checked.contains("bash"), "checked: \(checked)")
    }

    /// bash itself completing: the words offered in a few places.
    @Test func bashCompletes() throws {
        let bash = try #require(Self.find("bash"))
        let script = CompletionScript.render(Self.tree, shell: .bash, defaultSubcommand: "show")
        func offered(_ words: [String]) throws -> [String] {
            let line = words.joined(separator: " ")
            let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
            let driver = script + """

                COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'
                COMP_POINT=${#COMP_LINE}
                _x11hud
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let (status, output) = try Self.run(bash, ["-c", driver], input: "", output: true)
            #expect(status == 0)
            return output.split(separator: "\n").map(String.init)
        }
        #expect(try offered(["x11hud", ""]).contains("notifications"))
        #expect(try offered(["x11hud", "--mo"]) == ["--mode"])
        #expect(try offered(["x11hud", "--mode", "ann"]) == ["annular"])
        #expect(try offered(["x11hud", "run", "--animation", ""]) == ["fade", "zoom", "slide"])
        #expect(try offered(["x11hud", "notifications", "pause", "to"]) == ["toggle"])
        #expect(try offered(["x11hud", "notifications", "--re"]) == ["--replace"])
        #expect(try offered(["x11hud", "--label", "notifications", "--re"]) == [])
        #expect(!(try offered(["x11hud", "--"])).isEmpty)
    }

    static func find(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `executable` with `input` on standard input; returns its status and its stderr (or stdout).
    static func run(_ executable: String, _ arguments: [String], input: String,
                    output: Bool = false) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let read = (output ? stdout : stderr).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: read, as: UTF8.self))
    }
}
