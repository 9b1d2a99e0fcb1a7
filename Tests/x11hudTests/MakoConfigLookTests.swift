import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 53 item 1 on Wayland: a mako user's config gives x11hud's bubble the frame real mako draws from the same
/// file, on the same private headless sway one after the other.
@Suite(.ownThreads, .serialized) struct MakoConfigLookTests {
    typealias Frame = DunstrcLookTests.Frame

    static let usable = MakoctlTests.makoUsable

    static let config = """
        width=300
        margin=40,24
        border-size=3
        border-color=#ff0000
        border-radius=0
        background-color=#003300
        text-color=#ffffff
        font=DejaVu Sans 10
        default-timeout=60000
        """

    /// The frame once it is on sway's output and stays put for two screenshots running.
    func settledFrame(on sway: SwayServer) throws -> Frame? {
        var last: Frame?
        var found: Frame?
        _ = try Tools.waitUntil(timeout: 10) {
            let frame = Frame(try sway.screenshot())
            defer { last = frame }
            guard let frame, let previous = last, frame.description == previous.description else { return false }
            found = frame
            return true
        }
        return found
    }

    @Test(.enabled(if: usable)) func theFrameLandsWhereMakoDrawsItFromTheSameConfig() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mako-look-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/mako", withIntermediateDirectories: true)
        let path = home + "/mako/config"
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        let send = "notify-send 'Hello there' 'A body line of text that is long enough'"
        let sway = try SwayServer()
        defer { sway.stop() }

        let makoDesk = try NotificationsCommandTests.Desk(serverArguments: nil)
        makoDesk.extraEnvironment = ["WAYLAND_DISPLAY": sway.socket, "XDG_RUNTIME_DIR": sway.runtimeDirectory,
                                     "XDG_CONFIG_HOME": home]
        let mako = try ChildProcess(URL(fileURLWithPath: "/usr/bin/mako"), [], environment: makoDesk.environment)
        try #require(try Tools.waitUntil(timeout: 10) { try makoDesk.sh("makoctl mode").status == 0 },
                     "mako did not start: \(mako.stderr)")
        try makoDesk.sh(send)
        let theirs = try #require(try settledFrame(on: sway), "mako drew no red frame")
        mako.kill()
        #expect(try Tools.waitUntil(timeout: 5) { Frame(try sway.screenshot()) == nil })

        let desk = try NotificationsCommandTests.Desk(serverArguments: nil)
        desk.extraEnvironment = makoDesk.extraEnvironment
        let server = try desk.start([])
        try desk.sh(send)
        let found = try settledFrame(on: sway)
        server.kill()
        let said = server.stderr.split(separator: "\n").filter { $0.contains("read ") }
        let ours = try #require(found, "x11hud drew no red frame")

        #expect(said.count == 1 && said.first?.contains(path) == true, "\(server.stderr)")
        #expect(abs(theirs.fromRight - 24) <= 1 && abs(theirs.top - 40) <= 1, "mako: \(theirs)")
        #expect(abs(ours.width - theirs.width) <= 4, "x11hud: \(ours); mako: \(theirs)")
        #expect(abs(ours.fromRight - theirs.fromRight) <= 4, "x11hud: \(ours); mako: \(theirs)")
        #expect(abs(ours.top - theirs.top) <= 4, "x11hud: \(ours); mako: \(theirs)")
        #expect(abs(ours.thickness - theirs.thickness) <= 1, "x11hud: \(ours); mako: \(theirs)")
        let green = RGBA(red: 0, green: 0x33 / 255.0, blue: 0)
        #expect(theirs.inside.isClose(to: green) && ours.inside.isClose(to: green), "x11hud: \(ours); mako: \(theirs)")
    }
}
