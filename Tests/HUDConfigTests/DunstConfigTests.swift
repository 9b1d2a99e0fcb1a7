import Foundation
import HUDConfig
import HUDScene
import Testing

/// A dunst user's dunstrc read as dunst reads it and mapped onto `[notifications]`: what maps, what warns, and the
/// printed TOML that reads back to the same settings.
@Suite struct DunstConfigTests {
    let path = "/home/me/.config/dunst/dunstrc"

    /// The dunstrc of issue 53's "done when", with a rule and a few keys x11hud has no equivalent for.
    let dunstrc = """
        [global]
            width = 300
            origin = top-right
            offset = 24x40   # from the right and the top
            scale = 1
            frame_width = 3
            frame_color = "#ff0000"
            corner_radius = 0
            gap_size = 6
            separator_height = 2
            font = "DejaVu Sans 11"
            format = "<b>%s</b>\\n%b"
            padding = 8
            browser = /usr/bin/firefox -new-tab
            mouse_left_click = close_current
            mouse_right_click = close_all, do_action
            markup = full

        [urgency_low]
            background = "#222222"
            foreground = "#888888"
            timeout = 5s

        [urgency_normal]
            background = "#003300"
            foreground = "#ffffff"
            timeout = 10

        [urgency_critical]
            background = "#900000"
            foreground = "#ffffff"
            frame_color = "#ffff00"
            timeout = 0
            highlight = "#ff00ff"

        [spotify]
            appname = Spotify
            summary = "*Now playing*"
            skip_display = true
            script = ~/bin/np.sh

        [battery]
            summary = "*battery*"
            urgency = critical
            background = "#550000"
            padding = 4
        """

    @Test func theINIDialectReadsSectionsCommentsQuotesAndEscapes() {
        let ini = INIFile(text: """
            ; a comment
            top = 1
            [global]
              # another
              font = "Sans \\"Bold\\" 10"   # after the quote
              bare = hello ; a comment
              colour = #ff0000
              format = "<b>%s</b>\\n%b"
            [ spaced ]
            broken line
            open = "no end
            """)
        let values = Dictionary(ini.entries.map { ("\($0.section).\($0.key)", $0.value) }) { $1 }
        #expect(values[".top"] == "1")
        #expect(values["global.font"] == "Sans \"Bold\" 10")
        #expect(values["global.bare"] == "hello")
        #expect(values["global.colour"] == "", "dunst takes an unquoted # as a comment")
        #expect(values["global.format"] == "<b>%s</b>\n%b")
        #expect(ini.sections.map(\.name) == ["global", "spaced"])
        #expect(ini.problems.map(\.line) == [10, 11])
        // mako's values run to the end of the line.
        #expect(INIFile(text: "background-color=#285577FF\n", inlineComments: false).entries.first?.value
            == "#285577FF")
    }

    @Test func theLookOfIssue53MapsOntoTheNotificationsTable() throws {
        let imported = DunstConfig.read([(path, dunstrc)])
        let s = imported.settings
        #expect(s.width == 306, "dunst's width is inside its frame, 3 wide")
        #expect(s.position == .topRight)
        #expect(s.offset == Point(x: 24, y: 40))
        #expect(s.frameWidth == 3)
        #expect(s.cornerRadius == 0)
        #expect(s.gap == 6)
        #expect(s.padding == 11 && s.horizontalPadding == nil, "dunst's padding is inside its 3-wide frame")
        // dunst's 11 points at 96 dots an inch are 14.7 of x11hud's (72 an inch).
        let (body, summary) = (try FontSpec("DejaVu Sans 14.7"), try FontSpec("DejaVu Sans Bold 14.7"))
        #expect(s.detailsFont == body)
        #expect(s.font == summary, "the format makes the summary bold")
        #expect(s.browser == "/usr/bin/firefox -new-tab")
        #expect(s.mouseLeft == .close)
        #expect(s.mouseRight == .closeAll)
        let (red, yellow, green, white) = (try RGBA(hex: "#ff0000"), try RGBA(hex: "#ffff00"),
                                           try RGBA(hex: "#003300"), try RGBA(hex: "#ffffff"))
        #expect(s.urgency[.normal] == .init(bezelColor: green, contentColor: white, frameColor: red, timeout: 10))
        #expect(s.urgency[.low]?.timeout == 5)
        #expect(s.urgency[.low]?.frameColor == red)
        #expect(s.urgency[.critical]?.frameColor == yellow, "the section's over the global one")
        #expect(s.urgency[.critical]?.timeout == nil, "0: a critical one stays until closed, as x11hud's do")
        #expect(s.urgency[.critical]?.progressColor == (try RGBA(hex: "#ff00ff")), "highlight: the bar's colour")
        #expect(imported.sources["critical.progress-color"] == .file(path: path, line: 34))
        #expect(s.rules.count == 2)
        #expect(s.rules[0].globs == [.appName: "Spotify", .summary: "*Now playing*"])
        #expect(s.rules[0].skipDisplay && s.rules[0].script == "~/bin/np.sh" && s.rules[0].name == "spotify")
        #expect(s.rules[1].urgency == .critical)
        let dark = try RGBA(hex: "#550000")
        #expect(s.rules[1].look.listed.first?.value == .color(dark))
        #expect(s.rules[1].look.values["padding"] == .number(7), "a rule's padding, inside the frame too")
        #expect(imported.sources["width"] == .file(path: path, line: 2))
        #expect(imported.sources["normal.bezel-color"] == .file(path: path, line: 25))
    }

    @Test func eachKeyThatCannotBeMappedIsOneWarningNamingFileLineAndKey() {
        let warnings = DunstConfig.read([(path, dunstrc)]).warnings
        let keys = warnings.map { $0.key ?? "" }
        // separator_height is silent: with a gap the bubbles stand apart, as dunst's do. scale 1 is the top level's.
        // padding and highlight map (padding, critical.progress-color), and the rule's padding too.
        #expect(keys == ["scale", "mouse_right_click"])
        let click = warnings.first { $0.key == "mouse_right_click" }!
        #expect(click.path == path && click.line == 16)
    }

    @Test func aDynamicWidthTakesItsLargestAndTheOldGeometryItsCorner() {
        let a = DunstConfig.read([(path, "[global]\nwidth = (0, 400)\nseparator_height = 2\n")])
        #expect(a.settings.width == 400)
        #expect(a.warnings.map { $0.key } == ["width", "separator_height"])
        let b = DunstConfig.read([(path, "[global]\ngeometry = \"300x5-30+20\"\n")])
        #expect(b.settings.width == 300)
        #expect(b.settings.position == .topRight)
        #expect(b.settings.offset == Point(x: 30, y: 20))
        let c = DunstConfig.read([(path, "[global]\noffset = (8, 12)\norigin = bottom-left\nformat = \"%a: %s %b\"\n")])
        #expect(c.settings.offset == Point(x: 8, y: 12))
        #expect(c.settings.position == .bottomLeft)
        #expect(c.warnings.first?.description.contains("%a") == true)
        #expect(c.settings.font == nil, "no font given: x11hud's own")
    }

    @Test func paddingIsFromTheFrameOutwardsAndAHighlightGradientGivesItsFirstColour() throws {
        let a = DunstConfig.read([(path, """
            [global]
            frame_width = 2
            padding = 20
            horizontal_padding = 16
            highlight = "#00ff00, #0000ff"
            [urgency_low]
            highlight = "#123456"
            [urgency_normal]
            padding = 3
            [right]
            appname = Clock
            icon_position = right
            """)])
        #expect(a.settings.rules.first?.look.values["icon-position"] == .iconPosition(.right))
        #expect(a.settings.padding == 22 && a.settings.horizontalPadding == 18)
        let (green, blue) = (try RGBA(hex: "#00ff00"), try RGBA(hex: "#123456"))
        #expect(a.settings.urgency[.normal]?.progressColor == green)
        #expect(a.settings.urgency[.critical]?.progressColor == green)
        #expect(a.settings.urgency[.low]?.progressColor == blue, "an urgency's own over the global one")
        #expect(a.warnings.map { $0.key } == ["highlight", "padding"], "the gradient, and padding in an urgency")
        #expect(a.warnings.first?.line == 5)
        let b = DunstConfig.read([(path, "[global]\npadding = -4\nicon_position = top\n")])
        #expect(b.settings.padding == nil && b.warnings.map(\.key) == ["padding", "icon_position"])
        #expect(b.settings.iconPosition == nil, "top: x11hud's own, with the warning")
        #expect(DunstConfig.read([(path, "[global]\nicon_position = off\n")]).settings.iconPosition == .off)
        let c = DunstConfig.read([(path, "[global]\nframe_width = 2\npadding = 120\n")])
        #expect(c.settings.padding == 100 && c.warnings.map(\.key) == ["padding"], "the nearest, said")
    }

    @Test func aRuleMatchingWhatX11hudCannotTestIsLeftOut() {
        let imported = DunstConfig.read([(path, "[icons]\nicon = foo\nurgency = low\n[all]\ntimeout = 3\n")])
        #expect(imported.settings.rules.count == 1)
        #expect(imported.settings.rules[0].globs == [.appName: "*"], "a rule without matches matches everything")
        #expect(imported.warnings.map(\.key) == ["icon"])
    }

    @Test func dropInsFollowTheDunstrcInNameOrderAndOverrideIt() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("dunstrc-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let dir = home + "/dunst"
        try FileManager.default.createDirectory(atPath: dir + "/dunstrc.d", withIntermediateDirectories: true)
        try "[global]\nwidth = 300\ngap_size = 4\n".write(toFile: dir + "/dunstrc", atomically: true, encoding: .utf8)
        try "[global]\nwidth = 320\n".write(toFile: dir + "/dunstrc.d/10-a.conf", atomically: true, encoding: .utf8)
        try "[global]\nwidth = 340\n".write(toFile: dir + "/dunstrc.d/20-b.conf", atomically: true, encoding: .utf8)
        try "width = 999\n".write(toFile: dir + "/dunstrc.d/notes.txt", atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": home, "XDG_CONFIG_DIRS": "/etc/xdg"]
        #expect(DunstConfig.paths(environment: env)
            == [dir + "/dunstrc", dir + "/dunstrc.d/10-a.conf", dir + "/dunstrc.d/20-b.conf"])
        let imported = try #require(DunstConfig.load(environment: env))
        #expect(imported.settings.width == 340)
        #expect(imported.settings.gap == 4)
        #expect(imported.sources["width"] == .file(path: dir + "/dunstrc.d/20-b.conf", line: 2))
        #expect(imported.readLine.hasPrefix("read \(dir)/dunstrc, \(dir)/dunstrc.d/10-a.conf"))
        #expect(DunstConfig.load(environment: ["XDG_CONFIG_HOME": home + "/none"]) == nil)
    }

    @Test func thePrintedTOMLReadsBackToTheSameSettings() throws {
        let imported = DunstConfig.read([(path, dunstrc)])
        var settings = Settings()
        settings.adopt(imported)
        #expect(settings.printed.contains("offset = [24, 40]"))
        let file = try ConfigFile(path: "/tmp/config.toml", text: settings.printed)
        #expect(file.warnings.isEmpty)
        var back = Settings(files: [file]).notifications
        var expected = settings.notifications
        for i in back.rules.indices { back.rules[i].line = nil }
        for i in expected.rules.indices { expected.rules[i].line = nil }
        // What the dunstrc set reads back; the rest is printed as x11hud's built-in values.
        for key in NotificationKey.allCases where expected.value(key) != nil {
            #expect(back.value(key) == expected.value(key), "\(key)")
        }
        #expect(back.urgency == expected.urgency)
        #expect(back.rules == expected.rules)
        let green = try RGBA(hex: "#003300")
        #expect(back.width == 306 && back.urgency[.normal]?.bezelColor == green)
    }
}
