import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// No window manager keeps an override-redirect window on top: the HUD raises itself over windows that appear.
@Suite(.serialized,
       .enabled(if: XvfbServer.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/xmessage"),
                "no Xvfb or xmessage"), .privateXServer, .ownThreads)
struct StackingTests {
    @Test func staysAboveAWindowMappedOverIt() throws {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments, display: display)
        let id = try hud.waitForWindow(display: display)
        _ = try WindowInfo.settled(id: id, display: display)
        let b = Expected.layout().bezel
        // An ordinary window mapped right over the HUD, after it.
        let cover = try Tools.start("xmessage", ["-geometry", "400x300+\(Int(b.midX) - 200)+\(Int(b.midY) - 150)",
                                                 "-bg", "white", "cover"], display: display)
        defer { cover.kill() }
        #expect(try !Tools.visibleWindow(["--class", "Xmessage"], display: display).isEmpty, "xmessage did not map")
        // xwininfo lists children top-most first.
        func topMost() throws -> String? {
            let tree = try Tools.run("xwininfo", ["-root", "-children"], display: display).stdout
            return tree.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("0x") }.map { String($0.split(separator: " ")[0]) }
        }
        let hex = "0x" + String(Int(id)!, radix: 16)
        // Once it has raised itself over the new window.
        let top = try Tools.waitFor(timeout: Expected.upTo(3), topMost, until: { $0 == hex })
        #expect(top == hex, "top-most is \(top ?? "none"), the HUD is \(hex)")
        let p = try Screenshot.pixel(x: Int(b.minX) + 4, y: Int(b.midY), display: display) {
            $0.isClose(to: Expected.opaqueBezel)
        }
        #expect(p.isClose(to: Expected.opaqueBezel), "the cover window hides the bezel: \(p)")
    }
}
