import Foundation
import HUDTestSupport
import Testing

/// `x11hud run` when its X server goes away: the HUD is gone, the command is not.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct RunDeadServerTests {
    @Test func theCommandFinishesAndItsStatusIsX11hudsWhenTheServerDies() throws {
        let xvfb = try server()
        let script = try RunTests.script("sleep 1.2; echo after; exit 6")
        let output = Pipe()
        let hud = try HUDProcess(["run", "--", script], display: xvfb.display, output: output)
        _ = try hud.waitForWindow(display: xvfb.display)
        xvfb.stop()
        let exit = try #require(hud.waitForExit(timeout: Expected.upTo(5)))
        #expect(exit.status == 6, "not the command's status: the command was cut short, or x11hud exited 74")
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "after\n")
        let errors = hud.errorOutput
        #expect(errors.contains("lost the connection to the X server"), "\(errors)")
        #expect(errors.contains("goes on without a HUD"), "\(errors)")
    }
}
