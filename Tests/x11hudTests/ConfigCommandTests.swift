import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

@Suite(.ownThreads) struct ConfigCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cfg-\(UUID().uuidString)")
    /// The system layer is a directory of the test's too, so a config in /etc/xdg cannot change the results.
    var env: [String: String] {
        ["XDG_CONFIG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin",
         "XDG_CONFIG_DIRS": home.appendingPathComponent("site").path + ":" + home.appendingPathComponent("xdg").path]
    }

    init() throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("x11hud"),
                                                withIntermediateDirectories: true)
    }

    func writeConfig(_ text: String, in dir: String? = nil) throws {
        let base = dir.map { home.appendingPathComponent($0) } ?? home
        try FileManager.default.createDirectory(at: base.appendingPathComponent("x11hud"),
                                                withIntermediateDirectories: true)
        try text.write(to: base.appendingPathComponent("x11hud/config.toml"), atomically: true, encoding: .utf8)
    }

    /// The bezel colour of a rendered spinner-only HUD.
    func bezelPixel(_ extra: [String]) throws -> RGBA {
        let out = home.appendingPathComponent("f.png").path
        let r = try CLI.run(["render", "--size", "200x200", "--out", out] + extra, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        return try Canvas.readPNG(from: out).pixel(x: 100 - 30, y: 100)
    }

    @Test func configFileSetsDefaultsAndFlagsWin() throws {
        try writeConfig("bezel-color = \"#FF0000\"\n")
        #expect(try bezelPixel([]) == RGBA(red: 1, green: 0, blue: 0))
        #expect(try bezelPixel(["--bezel-color", "#0000FF"]) == RGBA(red: 0, green: 0, blue: 1))
        #expect(try bezelPixel(["--no-config"]).red < 0.5)
    }

    @Test func printConfigShowsSources() throws {
        try writeConfig("# mine\ntheme = \"light\"\n")
        let r = try CLI.run(["--print-config", "--margin", "8"], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("theme = \"light\""))
        #expect(r.stdout.contains("config.toml:2"))
        #expect(r.stdout.contains("margin = 8") && r.stdout.contains("command line"))
    }

    @Test func aBadConfigFileExits78WithFileLineAndKey() throws {
        try writeConfig("margin = 4\nanimation = \"bounce\"\n")
        let r = try CLI.run(["render", "--out", home.appendingPathComponent("g.png").path], environment: env)
        #expect(r.status == 78)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("config.toml:2: 'animation'") && r.stderr.contains("bounce"), "\(r.stderr)")
    }

    @Test func systemFilesLieUnderTheUsersAndPrintConfigNamesEachLayer() throws {
        try writeConfig("theme = \"light\"\nmargin = 8\ncorner-radius = 9\n", in: "xdg")
        try writeConfig("margin = 10\n", in: "site")
        try writeConfig("# mine\ncorner-radius = 12\n")
        let r = try CLI.run(["--print-config", "--animation", "zoom"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let xdg = home.appendingPathComponent("xdg/x11hud/config.toml").path
        let site = home.appendingPathComponent("site/x11hud/config.toml").path
        let mine = home.appendingPathComponent("x11hud/config.toml").path
        #expect(lines.first == "# read, lowest layer first: \(xdg), \(site), \(mine)")
        func source(_ key: String) -> String? {
            lines.first { $0.hasPrefix(key + " = ") }?.components(separatedBy: "# ").last
        }
        #expect(source("theme") == xdg + ":1")
        #expect(source("margin") == site + ":1")
        #expect(source("corner-radius") == mine + ":2")
        #expect(source("animation") == "command line")
        // --no-config reads none of them.
        let none = try CLI.run(["--print-config", "--no-config"], environment: env)
        #expect(none.stdout.hasPrefix("# no config file read\n"))
    }

    @Test func aBadSystemFileExits78NamingIt() throws {
        try writeConfig("margin = \"wide\"\n", in: "xdg")
        let r = try CLI.run(["render", "--out", home.appendingPathComponent("h.png").path], environment: env)
        #expect(r.status == 78)
        #expect(r.stderr == "x11hud: \(home.appendingPathComponent("xdg/x11hud/config.toml").path):1: 'margin': "
            + "expected a number\n")
    }
}
