import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// No window manager keeps an override-redirect window on top: the HUD raises itself over windows that appear.
@Suite(.serialized,
       .enabled(if: XvfbServer.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/xmessage"),
                "no Xvfb or xmessage"), .privateXServer)
struct StackingTests {
    @Test func staysAboveAWindowMappedOverIt() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        usleep(400_000)
        let b = Expected.layout().bezel
        // An ordinary window mapped right over the HUD, after it.
        let cover = try Tools.start("xmessage", ["-geometry", "400x300+\(Int(b.midX) - 200)+\(Int(b.midY) - 150)",
                                                 "-bg", "white", "cover"], display: display)
        defer { cover.kill() }
        usleep(700_000)
        let tree = try Tools.run("xwininfo", ["-root", "-children"], display: display).stdout
        // xwininfo lists children top-most first.
        let listed = tree.split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("0x") ? String(t.split(separator: " ")[0]) : nil
        }
        let hex = "0x" + String(Int(id)!, radix: 16)
        #expect(listed.first == hex, "top-most is \(listed.first ?? "none"), the HUD is \(hex)")
        let p = try screenshot(display: display).pixel(x: Int(b.minX) + 4, y: Int(b.midY))
        #expect(p.isClose(to: Expected.opaqueBezel), "the cover window hides the bezel: \(p)")
    }
}
