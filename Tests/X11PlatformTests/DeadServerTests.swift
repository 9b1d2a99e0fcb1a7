import Foundation
import HUDTestSupport
import Testing

/// The X server dying under a shown HUD: one line, status 74, within a second, no hang.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct DeadServerTests {
    @Test func exits74WithinASecondWhenTheServerDies() throws {
        let server = try server()
        // A static HUD: only the connection's read source can notice.
        let hud = try HUDProcess(Expected.arguments, display: server.display)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: server.display), display: server.display)
        let killed = Date()
        server.stop()
        let exit = hud.waitForExit(timeout: 3)
        #expect(exit?.status == 74)
        #expect(Date().timeIntervalSince(killed) < Expected.upTo(1.0))
        let lines = hud.errorOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("lost the connection to the X server on \(server.display)") == true)
    }
}
