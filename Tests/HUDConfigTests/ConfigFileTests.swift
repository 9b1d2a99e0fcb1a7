import Foundation
@testable import HUDConfig
import HUDScene
import Testing

@Suite struct ConfigFileTests {
    let sample = """
        # x11hud defaults
        theme = "light"
        bezel-color = "#202020E0"
        font = "Serif Bold 18"

        corner-radius = 10
        margin = 16.5
        animation = "zoom"
        position = "top-right"
        offset = [0, 40]
        monitor = "primary"
        spinner = "circle-stroke-spin"
        bezel-style = "blur"
        """

    @Test func readsEveryKindOfValueWithItsLine() throws {
        let file = try ConfigFile(path: "/c/config.toml", text: sample)
        #expect(file.values[.theme] == .theme(.light))
        #expect(file.values[.bezelColor] == .color(try RGBA(hex: "#202020E0")))
        #expect(file.values[.cornerRadius] == .number(10))
        #expect(file.values[.margin] == .number(16.5))
        #expect(file.values[.offset] == .offset(Point(x: 0, y: 40)))
        #expect(file.values[.monitor] == .monitor("primary"))
        #expect(file.values[.spinner] == .spinner(.circleStrokeSpin))
        #expect(Settings(file: file).style.spinner == .circleStrokeSpin)
        #expect(Settings(file: file).style.bezelStyle == .blur)
        #expect(file.lines[.theme] == 2 && file.lines[.cornerRadius] == 6 && file.lines[.monitor] == 11)
    }

    @Test(arguments: [
        ("theme = \"pink\"\n", 1, "theme", "pink"),
        ("spinner = \"wheel\"\n", 1, "spinner", "activity-indicator"),
        ("margin = 5\nbezel-color = \"#12345\"\n", 2, "bezel-color", "#12345"),
        ("\n\nfont = \"\"\n", 3, "font", "empty"),
        ("scale = 20\n", 1, "scale", "outside"),
        ("colour = \"#ffffff\"\n", 1, "colour", "unknown setting"),
        ("offset = [1]\n", 1, "offset", "[X, Y]"),
        ("margin = \"wide\"\n", 1, "margin", "number"),
    ])
    func badValuesNameFileLineAndKey(_ text: String, _ line: Int, _ key: String, _ fragment: String) {
        do {
            _ = try ConfigFile(path: "/home/u/.config/x11hud/config.toml", text: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line && error.key == key)
            let message = error.description
            #expect(message.hasPrefix("/home/u/.config/x11hud/config.toml:\(line): '\(key)':"), "\(message)")
            #expect(message.contains(fragment), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test func syntaxErrorsGiveTheLine() {
        do {
            _ = try ConfigFile(path: "c.toml", text: "theme = \"dark\"\nmargin = = 3\n")
            Issue.record("accepted broken TOML")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("c.toml:2: "))
        }
    }

    @Test func aMissingFileIsNoConfig() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/x11hud/config.toml") == nil)
    }

    @Test func xdgConfigHomeComesFirst() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/x11hud/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/x11hud/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
            == "/h/.config/x11hud/config.toml")
        #expect(ConfigFile.defaultPath(environment: [:]) == nil)
    }
}

@Suite struct SettingsTests {
    @Test func commandLineOverFileOverDefaults() throws {
        let file = try ConfigFile(path: "/c.toml", text: "theme = \"light\"\nmargin = 12\nposition = \"top\"\n")
        var settings = Settings(file: file)
        settings.override(.margin, with: .number(30))
        let style = settings.style
        #expect(style.margin == 30)
        #expect(style.position == .top)
        #expect(style.bezelColor == HUDStyle.theme(.light).bezelColor)
        #expect(style.cornerRadius == 5)
        #expect(settings.effective(.margin)?.source == .commandLine)
        #expect(settings.effective(.position)?.source == .file(path: "/c.toml", line: 3))
        #expect(settings.effective(.bezelColor)?.source == .theme(.light))
        #expect(settings.effective(.cornerRadius)?.source == .builtIn)
    }

    @Test func explicitColoursBeatTheTheme() throws {
        var settings = Settings(file: try ConfigFile(path: "/c.toml", text: "content-color = \"#FF0000\"\n"))
        settings.override(.theme, with: .theme(.light))
        #expect(settings.style.contentColor == RGBA(red: 1, green: 0, blue: 0))
        #expect(settings.style.bezelColor == HUDStyle.theme(.light).bezelColor)
    }

    @Test func printedConfigShowsEveryKeyAndItsSource() throws {
        var settings = Settings(file: try ConfigFile(path: "/c.toml", text: "animation = \"zoom\"\n"))
        settings.override(.monitor, with: .monitor("DP-1"))
        let text = settings.printed
        for key in ConfigKey.allCases { #expect(text.contains(key.rawValue)) }
        #expect(text.contains("animation = \"zoom\""))
        #expect(text.contains("# /c.toml:1"))
        #expect(text.contains("monitor = \"DP-1\""))
        #expect(text.contains("# command line"))
        // The printed form reads back as a valid config file.
        let uncommented = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        #expect(try ConfigFile(path: "/p.toml", text: uncommented).values.count == ConfigKey.allCases.count - 1)
    }

    @Test func printedConfigShowsTheNotificationsTableAndItsSources() throws {
        let text = "[notifications]\nbody-lines = 3\n[notifications.low]\ncontent-color = \"#808080\"\n"
        var settings = Settings(file: try ConfigFile(path: "/c.toml", text: text))
        settings.override(.timeout, with: .number(4))
        let lines = settings.printed.split(separator: "\n").map(String.init)
        func line(_ start: String) -> String? { lines.first { $0.hasPrefix(start) } }
        // Each key names its own line (issue 39 item 6), not its table's.
        #expect(line("body-lines = 3")?.hasSuffix("# /c.toml:2") == true, "\(lines)")
        #expect(line("timeout = 4")?.hasSuffix("# command line") == true, "\(lines)")
        #expect(line("width = 350")?.hasSuffix("# built-in default") == true, "\(lines)")
        #expect(line("position = \"top-right\"")?.hasSuffix("# built-in default") == true, "\(lines)")
        #expect(lines.contains("[notifications.low]") && !lines.contains("[notifications.critical]"))
        #expect(line("content-color = \"#808080FF\"")?.hasSuffix("# /c.toml:4") == true, "\(lines)")
        #expect(settings.notifications.timeout == 4 && settings.notifications.bodyLines == 3)
    }

    @Test func scaleIsUnsetUntilSomethingSetsIt() throws {
        #expect(Settings().scale == nil)
        #expect(Settings(file: try ConfigFile(path: "/c", text: "scale = 2\n")).scale == 2)
    }
}

/// The `[notifications]` table: `x11hud notifications`'s own defaults.
@Suite struct NotificationsTableTests {
    @Test func theTableIsReadAndLayeredLaterOverEarlier() throws {
        let system = try ConfigFile(path: "/etc/x.toml", text: "[notifications]\nmax-visible = 3\ntimeout = 4\n")
        let userText = "theme = \"light\"\n[notifications]\nvalue-indicator = \"ring\"\ntimeout = 2.5\n"
        let user = try ConfigFile(path: "/u.toml", text: userText)
        #expect(system.notifications == NotificationSettings(maxVisible: 3, timeout: 4))
        #expect(user.values.count == 1)
        let settings = Settings(files: [system, user])
        #expect(settings.notifications == NotificationSettings(maxVisible: 3, valueIndicator: .ring, timeout: 2.5))
        #expect(Settings().notifications == NotificationSettings())
        let pause = try ConfigFile(path: "/p.toml",
                                   text: "[notifications]\nhistory-length = 0\npaused-shows = \"nothing\"\n")
        #expect(pause.notifications == NotificationSettings(historyLength: 0, pausedShows: .nothing))
        #expect(NotificationSettings.builtIn.historyLength == 100)
        #expect(NotificationSettings.builtIn.pausedShows == .critical)
    }

    @Test(arguments: [
        ("[notifications]\nmax-visible = 0\n", "notifications.max-visible"),
        ("[notifications]\nmax-visible = \"3\"\n", "notifications.max-visible"),
        ("[notifications]\nvalue-indicator = \"pie\"\n", "notifications.value-indicator"),
        ("[notifications]\ntimeout = 0\n", "notifications.timeout"),
        ("[notifications]\nwidth = 50\n", "notifications.width"),
        ("[notifications]\nhistory-length = -1\n", "notifications.history-length"),
        ("[[notifications.rule]]\nskip-display = true\n", "notifications.rule[1]: matches everything"),
        ("[[notifications.rule]]\napp-name = 3\n", "notifications.rule[1].app-name: expected a glob"),
        ("[[notifications.rule]]\nsummary = \"x\"\nurgency = \"high\"\n", "rule[1].urgency: expected low, normal"),
        ("[[notifications.rule]]\nbody = \"x\"\nskip-history = 1\n", "rule[1].skip-history: expected true or false"),
        ("[[notifications.rule]]\nbody = \"x\"\nosd = \"yes\"\n", "rule[1].osd: expected true or false"),
        ("[[notifications.rule]]\nbody = \"x\"\ntimeout = 0\n", "rule[1].timeout: expected seconds from 0.5"),
        ("[notifications]\nrule = 3\n", "notifications.rule: expected tables"),
        ("[[notifications.rule]]\nbody = \"x\"\nbezel-color = \"red\"\n", "/c.toml:3: "
            + "notifications.rule[1].bezel-color: "),
        ("[[notifications.rule]]\nbody = \"x\"\nwidth = 50\n", "rule[1].width: 50.0 is outside 100…1000"),
        ("[[notifications.rule]]\nbody = \"x\"\nbody-lines = 0\n", "rule[1].body-lines: expected a whole"),
        ("[[notifications.rule]]\nbody = \"x\"\nfont = 3\n", "rule[1].font: expected a string"),
        ("[[notifications.rule]]\nbody = \"x\"\ntheme = \"light\"\n", "rule[1].theme: unknown setting"),
        ("[[notifications.rule]]\nbody = \"x\"\nmonitor = \"DP-1\"\n", "rule[1].monitor: unknown setting"),
        ("[notifications]\npaused-shows = \"all\"\n", "notifications.paused-shows"),
        ("[notifications]\nposition = \"middle\"\n", "notifications.position: expected one of \"center\""),
        ("[notifications]\nheight = 300\n", "notifications.height: unknown setting"),
        ("[notifications]\nvalue-hints = []\n", "notifications.value-hints"),
        ("[notifications]\nvalue-hints = [\"value\", 3]\n", "notifications.value-hints"),
        ("[notifications]\nvalue-hints = [\"a b\"]\n", "notifications.value-hints"),
        ("[notifications]\ncritical = 1\n", "expected a table, [notifications.critical]"),
        ("[notifications.critical]\nbezel-color = \"red\"\n", "notifications.critical.bezel-color"),
        ("[notifications.low]\ntimeout = 0.1\n", "notifications.low.timeout"),
        ("[notifications.normal]\nfont = \"Sans 9\"\n", "notifications.normal.font: unknown setting"),
        ("notifications = 5\n", "expected a table"),
    ])
    func aBadEntryIsAnErrorNamingIt(_ text: String, _ named: String) {
        do {
            _ = try ConfigFile(path: "/c.toml", text: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(named) && error.description.contains("/c.toml:"), "\(error)")
        }
    }

    /// Issue 39 item 6: read leniently (the notification server), every bad key is a warning naming its own line
    /// and what it could have meant, and every other key applies; a rule with a bad key is left out whole.
    @Test func aLenientReadingWarnsOfEachBadKeyAtItsLineAndKeepsTheRest() throws {
        let text = """
            theme = "lihgt"
            bakground-color = "#00000080"
            margin = 12
            [notifications]
            max-visble = 3
            width = 400
            [notifications.critical]
            timeout = "soon"
            frame-color = "#FF0000"
            [[notifications.rule]]
            app-name = "a"
            scrpt = "/bin/true"
            [[notifications.rule]]
            app-name = "b"
            skip-display = true
            """
        let file = try ConfigFile(path: "/c.toml", text: text, lenient: true)
        #expect(file.warnings.map(\.description) == [
            "/c.toml:1: 'theme': 'lihgt' is not one of dark, light, auto",
            "/c.toml:2: 'bakground-color': unknown setting (did you mean 'background-color'?)",
            "/c.toml:5: notifications.max-visble: unknown setting (did you mean 'max-visible'?)",
            "/c.toml:8: notifications.critical.timeout: expected seconds from 0.5 to 3600",
            "/c.toml:12: notifications.rule[1].scrpt: unknown setting (did you mean 'script'?)",
        ])
        #expect(file.values == [.margin: .number(12)])
        #expect(file.notifications.width == 400 && file.notifications.maxVisible == nil)
        #expect(file.notifications.urgency[.critical]?.frameColor == RGBA(red: 1, green: 0, blue: 0))
        #expect(file.notifications.urgency[.critical]?.timeout == nil)
        #expect(file.notifications.rules.map(\.globs) == [[.appName: "b"]] && file.notifications.rules[0].line == 13)
        // Strict (every other command), the first of them stops the reading.
        #expect(throws: ConfigError.self) { try ConfigFile(path: "/c.toml", text: text) }
    }

    @Test(arguments: [("max-visble", "max-visible"), ("bakground-color", "background-color"), ("hteme", "theme"),
                      ("width", "width"), ("zzzzzz", nil)])
    func aMisspeltKeyIsMatchedToTheClosestKnownOne(_ word: String, _ meant: String?) {
        let names = ConfigKey.allCases.map(\.rawValue) + NotificationKey.allCases.map(\.rawValue)
        let hint = SpellingHint.hint(for: word, among: names)
        #expect(hint == (meant.map { "did you mean '\($0)'?" } ?? "known: " + names.joined(separator: ", ")))
    }

    @Test func widthPositionValueHintsAndEachUrgencysLookAreReadAndLayered() throws {
        let system = try ConfigFile(path: "/etc/x.toml", text: """
            [notifications]
            width = 300
            value-hints = ["value", "x-progress"]
            position = "top-right"
            [notifications.critical]
            bezel-color = "#8B1A1A"
            timeout = 10
            """)
        let user = try ConfigFile(path: "/u.toml", text: """
            [notifications]
            position = "bottom-right"
            [notifications.critical]
            content-color = "#FFFF00"
            [notifications.low]
            timeout = 2
            """)
        let red = try RGBA(hex: "#8B1A1A"), yellow = try RGBA(hex: "#FFFF00")
        #expect(system.notifications.width == 300)
        #expect(system.notifications.valueHints == ["value", "x-progress"])
        let settings = Settings(files: [system, user]).notifications
        #expect(settings.width == 300)
        #expect(system.notifications.position == .topRight && settings.position == .bottomRight)
        // A later file's urgency table adds to an earlier one's, key by key.
        #expect(settings.urgency[.critical] == .init(bezelColor: red, contentColor: yellow, timeout: 10))
        #expect(settings.urgency[.low] == .init(timeout: 2))
        #expect(settings.urgency[.normal] == nil)
    }

    /// Issue 39 item 2: a rule's `osd` forces the centre OSD or the bubble; unset, it is nil and not printed.
    @Test func aRulesOSDKeyIsReadPrintedAndReadAgain() throws {
        let file = try ConfigFile(path: "/o.toml", text: """
            [[notifications.rule]]
            app-name = "rsync"
            osd = true

            [[notifications.rule]]
            app-name = "keys"
            osd = false

            [[notifications.rule]]
            app-name = "mail"
            skip-history = true
            """)
        #expect(file.notifications.rules.map(\.osd) == [true, false, nil])
        #expect(file.notifications.rules.map(\.printed) == [["app-name = \"rsync\"", "osd = true"],
                                                            ["app-name = \"keys\"", "osd = false"],
                                                            ["app-name = \"mail\"", "skip-history = true"]])
        let again = try ConfigFile(path: "/p.toml", text: Settings(files: [file]).printed)
        #expect(again.notifications.rules.map(\.osd) == [true, false, nil])
        let listed = NotificationSettings.keys.first { $0.name == "rule" }?.takes ?? ""
        #expect(listed.contains("skip-history, osd, script"), "\(listed)")
    }

    /// `[[notifications.rule]]`: read in order, every file's kept, and an error names the line its rule starts on.
    @Test func rulesAreReadInOrderAndAnErrorNamesTheRulesLine() throws {
        let text = """
            theme = "dark"

            [[notifications.rule]]
            app-name = "Spotify"
            skip-display = true

            [notifications.critical]
            timeout = 30

            [[notifications.rule]]
            summary = "*battery*"
            match-urgency = "low"
            urgency = "critical"
            timeout = 20
            skip-history = true
            """
        let file = try ConfigFile(path: "/r.toml", text: text)
        #expect(file.notifications.rules.map(\.line) == [3, 10])
        var spotify = NotificationRule(globs: [.appName: "Spotify"], skipDisplay: true)
        spotify.line = 3
        #expect(file.notifications.rules.first == spotify)
        let battery = try #require(file.notifications.rules.last)
        #expect(battery.globs == [.summary: "*battery*"] && battery.matchUrgency == .low)
        #expect(battery.urgency == .critical && battery.timeout == 20 && battery.skipHistory && !battery.skipDisplay)
        #expect(battery.matches({ $0 == .summary ? "Low battery: 5%" : "" }, urgency: .low))
        #expect(!battery.matches({ $0 == .summary ? "Low battery: 5%" : "" }, urgency: .normal))
        #expect(!spotify.matches({ $0 == .appName ? "spotify" : "" }, urgency: .normal), "globs are case-sensitive")
        let user = try ConfigFile(path: "/u.toml", text: "[[notifications.rule]]\ncategory = \"email.*\"\n")
        #expect(Settings(files: [file, user]).notifications.rules.count == 3)
        let bad = text + "\n\n[[notifications.rule]]\n  app-name = \"x\"\n  colour = \"red\"\n"
        do {
            _ = try ConfigFile(path: "/r.toml", text: bad)
            Issue.record("accepted an unknown key")
        } catch {
            // The line of the key, not of its rule's header (17); no known key is close, so they are listed.
            #expect(error.description.hasPrefix("/r.toml:19: notifications.rule[3].colour: unknown setting (known: "),
                    "\(error)")
        }
    }

    /// A rule's look keys are read by the rows of the settings they are named after, and `--print-config` lists the
    /// rules in the order they apply, each with the file and line it starts on, reading back as the same rules.
    @Test func rulesLookKeysAreReadAndPrintedAsTheyLayer() throws {
        let system = try ConfigFile(path: "/etc/x.toml", text: """
            [[notifications.rule]]
            app-name = "mail"
            bezel-color = "#1A3A6A"
            font = "Serif Bold 12"
            width = 280
            """)
        let user = try ConfigFile(path: "/u.toml", text: """
            margin = 8

            [[notifications.rule]]
            summary = "*\\"quoted\\"*"
            match-urgency = "critical"
            frame-color = "#FFD700"
            body-lines = 2
            position = "bottom-left"
            offset = [0, -40]
            corner-radius = 12
            skip-history = true
            """)
        let mail = try #require(system.notifications.rules.first)
        #expect(mail.look.listed.map(\.key) == ["bezel-color", "font", "width"])
        #expect(mail.look.values["bezel-color"] == .color(try RGBA(hex: "#1A3A6A")))
        #expect(mail.look.values["font"] == .font(try FontSpec("Serif Bold 12")))
        let settings = Settings(files: [system, user])
        let lines = settings.printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.filter { $0.hasPrefix("[[notifications.rule]]") }
        #expect(headers.count == 2 && headers[0].hasSuffix("# /etc/x.toml:1") && headers[1].hasSuffix("# /u.toml:3"),
                "\(lines)")
        let start = try #require(lines.firstIndex(of: headers[1]))
        #expect(Array(lines[(start + 1)...]) == [
            "summary = \"*\\\"quoted\\\"*\"", "match-urgency = \"critical\"", "skip-history = true",
            "frame-color = \"#FFD700FF\"", "corner-radius = 12", "position = \"bottom-left\"", "offset = [0, -40]",
            "body-lines = 2",
        ], "\(lines)")
        let again = try ConfigFile(path: "/p.toml", text: settings.printed)
        #expect(again.notifications.rules.map(\.look) == settings.notifications.rules.map(\.look))
        #expect(again.notifications.rules.map(\.globs) == settings.notifications.rules.map(\.globs))
        #expect(again.notifications.rules.last?.skipHistory == true)
    }

    @Test func theSampleConfigsTableReadsBackWhenUncommented() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../packaging/config.toml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let table = text.split(separator: "\n").drop { !$0.hasPrefix("# [notifications]") }
            .map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        let file = try ConfigFile(path: "config.toml", text: table)
        var rule = NotificationRule(globs: [.appName: "Spotify"], skipDisplay: true)
        rule.line = table.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("[[notifications.rule]]") }.map { $0 + 1 }
        let critical = NotificationSettings.UrgencyStyle(bezelColor: try RGBA(hex: "#8B1A1AE6"),
                                                         contentColor: try RGBA(hex: "#FFFFFF"),
                                                         frameColor: try RGBA(hex: "#E6382F"),
                                                         progressColor: try RGBA(hex: "#FFAA00"), frameWidth: 3,
                                                         timeout: 30)
        var expected = NotificationSettings(maxVisible: 5, valueIndicator: .bar, valueHints: ["value"], timeout: 4,
                                            width: 350, bodyLines: 5, position: .topRight, historyLength: 100,
                                            pausedShows: .critical, popped: .stay, urgency: [.critical: critical],
                                            rules: [rule], mouseLeft: .defaultAction, mouseMiddle: .doAction,
                                            mouseRight: .closeAll)
        expected.dmenu = "dmenu -p dunst:"
        (expected.padding, expected.horizontalPadding, expected.iconPosition) = (12, 12, .left)
        #expect(file.notifications == expected)
    }
}
