import Foundation
import HUDConfig
import HUDScene
import Testing

/// The system's config files under the user's: where they are looked for, and how they stack.
@Suite struct ConfigLayerTests {
    let user = "/home/me/.config/x11hud/config.toml"

    @Test func withoutXDGVariablesTheSystemFileIsUnderEtcXdg() {
        #expect(ConfigPaths.system(environment: [:]) == ["/etc/xdg/x11hud/config.toml"])
        #expect(ConfigPaths.system(environment: ["XDG_CONFIG_DIRS": ""]) == ["/etc/xdg/x11hud/config.toml"])
        #expect(ConfigPaths.layers(environment: ["HOME": "/home/me"]) == ["/etc/xdg/x11hud/config.toml", user])
    }

    @Test func theFirstDirectoryOfXDGConfigDirsIsTheMostImportant() {
        let env = ["XDG_CONFIG_DIRS": "/etc/site:/etc/xdg", "XDG_CONFIG_HOME": "/home/me/.config"]
        // Lowest layer first: /etc/xdg, then /etc/site over it, then the user's file over both.
        #expect(ConfigPaths.layers(environment: env)
            == ["/etc/xdg/x11hud/config.toml", "/etc/site/x11hud/config.toml", user])
    }

    @Test func relativeDirectoriesAreIgnored() {
        #expect(ConfigPaths.system(environment: ["XDG_CONFIG_DIRS": "etc:/opt/conf::"])
            == ["/opt/conf/x11hud/config.toml"])
        #expect(ConfigPaths.system(environment: ["XDG_CONFIG_DIRS": "etc"]) == ["/etc/xdg/x11hud/config.toml"])
        #expect(ConfigPaths.user(environment: ["XDG_CONFIG_HOME": ".config", "HOME": "/home/me"]) == user)
        #expect(ConfigPaths.user(environment: [:]) == nil)
    }

    @Test func aLaterFileOverridesAnEarlierOneKeyByKey() throws {
        let system = try ConfigFile(path: "/etc/xdg/x11hud/config.toml", text: "theme = \"light\"\nmargin = 8\n")
        let mine = try ConfigFile(path: user, text: "# mine\nmargin = 12\n")
        var settings = Settings(files: [system, mine])
        #expect(settings.effective(.theme)?.value == .theme(.light))
        #expect(settings.effective(.theme)?.source == .file(path: system.path, line: 1))
        #expect(settings.effective(.margin)?.value == .number(12))
        #expect(settings.effective(.margin)?.source == .file(path: user, line: 2))
        settings.override(.margin, with: .number(4))
        #expect(settings.effective(.margin)?.source == .commandLine)
        #expect(settings.style.margin == 4 && settings.style.bezelColor == HUDStyle.theme(.light).bezelColor)
    }

    @Test func printedConfigNamesTheFilesReadInOrder() throws {
        let system = try ConfigFile(path: "/etc/xdg/x11hud/config.toml", text: "margin = 8\n")
        let mine = try ConfigFile(path: user, text: "theme = \"light\"\n")
        let lines = Settings(files: [system, mine]).printed.split(separator: "\n")
        #expect(lines.first == "# read, lowest layer first: /etc/xdg/x11hud/config.toml, \(user)")
        #expect(lines.contains { $0.hasPrefix("margin = 8 ") && $0.hasSuffix("# /etc/xdg/x11hud/config.toml:1") })
        #expect(lines.contains { $0.hasPrefix("theme = \"light\" ") && $0.hasSuffix("# \(user):1") })
        #expect(Settings().printed.hasPrefix("# no config file read\n"))
    }

    /// packaging/config.toml, installed as /usr/share/doc/x11hud/examples/config.toml, must load and name every key.
    @Test func theExampleConfigLoadsAndMentionsEveryKey() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../packaging/config.toml").standardized.path
        let file = try #require(try ConfigFile.load(path: path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in ConfigKey.allCases {
            #expect(text.contains("\n\(key.rawValue) = ") || text.contains("\n# \(key.rawValue) = "), "\(key.rawValue)")
        }
        // Only the colours (which would pin the theme's) and the scale (which would stop following the screen)
        // are left commented out.
        #expect(Set(ConfigKey.allCases).subtracting(file.values.keys)
            == [.bezelColor, .contentColor, .backgroundColor, .scale])
    }

    /// `theme = "auto"` follows the desktop, dark when it says nothing; the desktop is asked only for `auto`.
    @Test(arguments: [(Bool?.some(true), Theme.dark), (false, .light), (nil, .dark)])
    func autoThemeFollowsTheDesktop(_ prefersDark: Bool?, _ expected: Theme) throws {
        var auto = Settings(file: try ConfigFile(path: "/c.toml", text: "theme = \"auto\"\n"))
        auto.resolveAutoTheme { prefersDark }
        #expect(auto.theme == expected)

        var light = Settings(file: try ConfigFile(path: "/c.toml", text: "theme = \"light\"\n"))
        var asked = false
        light.resolveAutoTheme {
            asked = true
            return true
        }
        #expect(!asked, "the desktop was asked for a theme that is not auto")
        #expect(light.theme == .light)
    }
}
