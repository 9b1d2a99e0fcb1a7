import CommandOptions
import Foundation
import HUDCommandLine
import HUDConfig
import HUDTestSupport
import Testing
@testable import x11hud

/// The table of settings against the command line: every row has exactly one option and one config key that set
/// the same value, and every option of a HUD is either a row or named here as something else.
@Suite(.ownThreads) struct SettingsTableTests {
    /// A value of the type as an argument and as TOML.
    func sample(_ type: SettingType) -> (argument: String, toml: String) {
        switch type {
        case .choice(let names, _): return (names[names.count - 1], "\"\(names[names.count - 1])\"")
        case .color: return ("#102030", "\"#102030\"")
        case .font: return ("Serif 9", "\"Serif 9\"")
        case .number(let range, _): return ("\(range.upperBound)", "\(range.upperBound)")
        case .point: return ("3,-4", "[3, -4]")
        case .monitor: return ("DP-1", "\"DP-1\"")
        case .whole(let range, _): return ("\(range.upperBound)", "\(range.upperBound)")
        case .hintNames: return ("value", "[\"value\"]")
        case .command: return ("rofi -dmenu", "\"rofi -dmenu\"")
        }
    }

    @Test func everyRowIsOneOptionAndOneConfigKeyOfTheSameValue() throws {
        for key in ConfigKey.allCases {
            let row = key.setting
            #expect(row.option == "--" + key.rawValue)
            let (argument, toml) = sample(row.type)
            var options = try parsed(ShowCommand.self, ["--no-config", row.option, argument]).hud
            try options.loadFiles()
            let given = try #require(options.settings.effective(key), "\(key)")
            #expect(given.source == .commandLine, "\(key)")
            let file = try ConfigFile(path: "/t.toml", text: "\(key.rawValue) = \(toml)\n")
            #expect(file.values == [key: given.value], "\(key)")
            // Nothing else was set by that option.
            for other in ConfigKey.allCases where other != key {
                #expect(options.settings.effective(other)?.source != .commandLine, "\(row.option) set \(other)")
            }
        }
    }

    /// The options of a HUD: the rows, and these, which are not settings (content, or about the config itself).
    let notSettings = [
        "--mode", "--label", "--details", "--progress", "--percentage", "--pulsate", "--icon", "--static-icons",
        "--banner", "--show-value", "--image", "--button", "--min-size", "--square", "--config", "--no-config",
        "--print-config", "--markup",
    ]

    /// The settings of a job rather than of a HUD's look: options of the default command and `run`, not of
    /// `render`.
    let jobSettings: [ConfigKey] = [.notify]

    @Test func everyOptionIsARowOrNamedAsNoSetting() {
        let names = HUDOptions.rows.filter { $0.visibility == .shown }.map { "--" + $0.names[0] }
        #expect(Set(names).count == names.count)
        let hudKeys = ConfigKey.allCases.filter { !jobSettings.contains($0) }
        #expect(names.sorted() == (hudKeys.map(\.setting.option) + notSettings).sorted())
        let jobOptions = Set(ShowCommand.rows.map { "--" + $0.names[0] })
        for key in jobSettings { #expect(jobOptions.contains(key.setting.option), "\(key)") }
    }

    @Test func helpIsTheRows() {
        let help = HelpText.render(CommandTree.info(ShowCommand.self))
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in ConfigKey.allCases {
            let row = key.setting
            #expect(help.contains("\(row.option) <\(row.valueName)>"), "\(key)")
            #expect(words.contains(row.optionHelp.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                    "\(key)")
        }
    }

    @Test func theManualListsEverySetting() throws {
        let options = try Manual.section("Options")
        for key in ConfigKey.allCases { #expect(options.contains("`\(key.setting.option)"), "\(key)") }
    }

    /// Issue 21: a config nested 50,000 arrays deep crashed every command; now it is a bad config file (78).
    @Test func aDeeplyNestedConfigIsABadFileNotACrash() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-deep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("x11hud/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let deep = 50_000
        try ("# deep\noffset = " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep) + "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": home.path, "HOME": home.path, "XDG_CONFIG_DIRS": home.path + "/none",
                   "PATH": "/usr/bin:/bin"]
        let r = try CLI.run(["--print-config"], environment: env)
        #expect(r.status == 78)
        #expect(r.stderr == "x11hud: \(file.path):2: nested too deeply\n")
    }
}

/// The `[notifications]` table's rows against the `notifications` command: its options are rows, their help says
/// the rows' built-in values, and the command line and the config file are held to the same ranges.
@Suite(.ownThreads) struct NotificationRowsTests {
    @Test func theCommandsOptionsAreRowsWithTheirDefaults() {
        let help = HelpText.render(CommandTree.info(NotificationsCommand.self))
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in [NotificationKey.maxVisible, .valueIndicator, .timeout] {
            let row = key.setting
            #expect(help.contains("\(row.option) <\(row.valueName)>"), "\(key)")
            #expect(words.contains(row.optionHelp.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                    "\(key)")
        }
        // What the help used to type by hand, now from the rows.
        #expect(NotificationKey.maxVisible.setting.optionHelp.hasSuffix("(default 5)."))
        #expect(NotificationKey.valueIndicator.setting.optionHelp.hasSuffix("(default bar)."))
        #expect(ConfigKey.margin.setting.optionHelp.hasSuffix("(default 20)."))
        #expect(ConfigKey.cornerRadius.setting.optionHelp.hasSuffix("(default 5)."))
    }

    @Test(arguments: [NotificationKey.maxVisible, .timeout])
    func theCommandLineAndTheFileTakeTheSameRange(_ key: NotificationKey) throws {
        let (low, high): (Double, Double)
        switch key.setting.type {
        case .whole(let range, _): (low, high) = (Double(range.lowerBound), Double(range.upperBound))
        case .number(let range, _): (low, high) = (range.lowerBound, range.upperBound)
        default: throw TestFailure("\(key) is not a number")
        }
        func text(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        for (value, accepted) in [(low, true), (high, true), (low - 0.25, false), (high + 1, false)] {
            let read = try? parsed(NotificationsCommand.self, ["--no-config", key.setting.option, text(value)])
            #expect((read != nil) == accepted, "\(key.setting.option) \(value)")
            let file = try? ConfigFile(path: "/c.toml", text: "[notifications]\n\(key.rawValue) = \(text(value))\n")
            #expect((file != nil) == accepted, "\(key.rawValue) = \(value)")
        }
        do {
            _ = try parsed(NotificationsCommand.self, ["--no-config", key.setting.option, text(high + 1)])
            Issue.record("\(key.setting.option) \(high + 1) was accepted")
        } catch {
            #expect(CommandTree.message(for: error).contains(key.setting.type.summary))
        }
    }
}

/// The man page's list of config keys is the table's.
@Suite(.ownThreads) struct SettingsManPageTests {
    @Test func theManPageListsEveryKeyWithItsValues() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardized
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                        [root.appendingPathComponent("packaging/man.py").path, CLI.binary.path])
        let page = made.stdout
        #expect(made.status == 0, "\(made.stderr)")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: ".SH CONFIGURATION"))
        let section = Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") })
        let keys = section.indices.filter { section[$0] == ".TP" }.map { section[$0 + 1] }
        let names = ConfigKey.allCases.map(\.rawValue) + NotificationKey.allCases.map { "notifications." + $0.rawValue }
        #expect(keys == names.map { "\\fB" + $0.replacingOccurrences(of: "-", with: "\\-") + "\\fR" })
        #expect(section.contains("A number of points from 0 to 10000; built in: 20."))
        #expect(section.contains("A number from 0.25 to 8; built in: none: follows the screen (Xft.dpi / 96)."))
    }
}
