import Foundation
import HUDTestSupport
import Testing

/// Issue 31: `x11hud notifications --help` lists only what the server honours, and `--print-config` shows the
/// `[notifications]` table as the files and the command line layer it.
@Suite(.ownThreads) struct NotificationOptionsTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-ncfg-\(UUID().uuidString)")
    var env: [String: String] {
        ["XDG_CONFIG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin",
         "XDG_CONFIG_DIRS": home.appendingPathComponent("xdg").path]
    }

    @Test func theHelpListsOnlyTheOptionsTheServerHonours() throws {
        let help = try CLI.run(["notifications", "--help"], environment: env)
        #expect(help.status == 0)
        for ignored in ["--label", "--details", "--progress", "--percentage", "--icon", "--image", "--button",
                        "--mode", "--banner", "--pulsate", "--markup", "--spinner", "--pie-style", "--min-size"] {
            #expect(!help.stdout.contains(ignored + " "), "\(ignored) is listed")
        }
        for honoured in ["--theme", "--bezel-color", "--font", "--details-font", "--position", "--monitor",
                         "--scale", "--animation", "--max-visible", "--timeout", "--config", "--print-config"] {
            #expect(help.stdout.contains(honoured + " "), "\(honoured) is not listed")
        }
        // And what it does not honour it refuses, rather than ignoring it (a usage error, before anything starts).
        let label = try CLI.run(["notifications", "--label", "x"], environment: env)
        #expect(label.status == 64 && label.stderr.contains("--label"), "\(label.status) \(label.stderr)")
    }

    /// `--print-config` answers only a command line that parses: an unknown option or argument anywhere on it is the
    /// usual one-line usage error, exit 64 (ArgumentParser looks for them after `validate()`, where the answer was
    /// thrown, so these printed the settings and exited 0).
    @Test(arguments: [
        ["--bogus", "x", "--print-config"], ["--print-config", "--bogus"], ["--print-config", "stray"],
        ["notifications", "--bogus", "--print-config"], ["notifications", "--print-config", "--bogus", "x"],
        ["run", "--bogus", "--print-config", "--", "true"], ["--bogus", "--print-settings"],
    ])
    func anUnknownOptionBesidePrintConfigIsAUsageError(_ arguments: [String]) throws {
        let r = try CLI.run(arguments, environment: env)
        #expect(r.status == 64 && r.stdout.isEmpty, "\(arguments): \(r.status) \(r.stdout)")
        let named = arguments.contains("stray") ? "Unexpected argument 'stray'" : "Unknown option '--bogus'"
        #expect(r.stderr == "x11hud: \(named)\n", "\(arguments): \(r.stderr)")
    }

    /// Alone, it still answers, also where the rest would be refused (no command for `run`, an image that is not
    /// there), and through zenity's command line.
    @Test(arguments: [["--print-config"], ["run", "--print-config"], ["--print-config", "--image", "/nonexistent.png"],
                      ["notifications", "--print-config"], ["zenity", "--progress", "--print-config"]])
    func printConfigAloneAnswers(_ arguments: [String]) throws {
        let r = try CLI.run(arguments, environment: env)
        #expect(r.status == 0 && r.stdout.hasPrefix("# no config file read\ntheme = ") && r.stderr.isEmpty,
                "\(arguments): \(r.status) \(r.stderr)")
    }

    @Test func printConfigShowsTheNotificationsTableAsItLayers() throws {
        let dir = home.appendingPathComponent("x11hud")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("config.toml")
        try """
            margin = 8
            [notifications]
            width = 300
            max-visible = 2
            [notifications.critical]
            frame-color = "#FFD700"
            """.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["notifications", "--print-config", "--max-visible", "3", "--position", "bottom-left"],
                            environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        func line(_ start: String) -> String? { lines.first { $0.hasPrefix(start) } }
        #expect(lines.contains("[notifications]") && lines.contains("[notifications.critical]"), "\(r.stdout)")
        // Each key names its own line (issue 39 item 6).
        #expect(line("width = 300")?.hasSuffix("# \(file.path):3") == true, "\(r.stdout)")
        #expect(line("max-visible = 3")?.hasSuffix("# command line") == true, "\(r.stdout)")
        #expect(line("position = \"bottom-left\"")?.hasSuffix("# command line") == true, "\(r.stdout)")
        #expect(line("body-lines = 5")?.hasSuffix("# built-in default") == true, "\(r.stdout)")
        #expect(line("frame-color = \"#FFD700FF\"")?.hasSuffix("# \(file.path):6") == true, "\(r.stdout)")
        #expect(line("margin = 8")?.hasSuffix("# \(file.path):1") == true, "\(r.stdout)")
        // What it prints reads back as a config file.
        let printed = home.appendingPathComponent("printed.toml")
        try r.stdout.write(to: printed, atomically: true, encoding: .utf8)
        let again = try CLI.run(["notifications", "--config", printed.path, "--print-config"], environment: env)
        #expect(again.status == 0 && again.stdout.contains("max-visible = 3"), "\(again.stderr)")
    }
}
