import Foundation
import HUDScene
import Testing

@Suite struct ConfigCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cfg-\(UUID().uuidString)")
    var env: [String: String] { ["XDG_CONFIG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("x11hud"), withIntermediateDirectories: true)
    }

    func writeConfig(_ text: String) throws {
        try text.write(to: home.appendingPathComponent("x11hud/config.toml"), atomically: true, encoding: .utf8)
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
}
