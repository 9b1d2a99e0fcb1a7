import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// The dim background over the whole monitor (with a compositor), and `--block-input`, which makes the HUD swallow
/// pointer clicks while it is up: tried with a real window below, xmessage, whose button ends it when clicked.
@Suite(.serialized,
       .enabled(if: XvfbServer.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/xmessage"),
                "no Xvfb or xmessage"), .privateXServer, .ownThreads)
struct BackgroundTests {
    /// An xmessage in the top-left corner, far from the centred bezel, and the centre of its button in root pixels.
    private func xmessage(display: String) throws -> (process: ChildProcess, button: (x: Int, y: Int)) {
        let process = try Tools.start("xmessage", ["-geometry", "+20+20", "-buttons", "quit:0", "hello"],
                                      display: display)
        var button: (x: Int, y: Int)?
        _ = try Tools.waitUntil(timeout: 5) {
            // The last window in xmessage's tree is its button: "0x… (has no name): ()  32x17+4+29  +25+50".
            let tree = try Tools.run("xwininfo", ["-root", "-tree"], display: display).stdout
            guard let start = tree.range(of: "\"xmessage\"") else { return false }
            let lines = tree[start.lowerBound...].split(separator: "\n").prefix(12)
                .filter { $0.contains("(has no name)") }
            guard let last = lines.last else { return false }
            let fields = last.split(separator: " ").map(String.init)
            guard let size = fields.first(where: { !$0.hasPrefix("0x") && $0.contains("x") && $0.first!.isNumber }),
                  let absolute = fields.last, absolute.hasPrefix("+") else { return false }
            let wh = size.split(separator: "x")[1].split(separator: "+")[0]
            let w = Int(size.split(separator: "x")[0]) ?? 0, h = Int(wh) ?? 0
            let xy = absolute.split(separator: "+").compactMap { Int($0) }
            guard xy.count == 2, w > 0, h > 0 else { return false }
            button = (xy[0] + w / 2, xy[1] + h / 2)
            return true
        }
        guard let button else {
            process.kill()
            throw TestFailure("xmessage's button was not found")
        }
        return (process, button)
    }

    private func click(_ p: (x: Int, y: Int), display: String) throws {
        try Tools.run("xdotool", ["mousemove", String(p.x), String(p.y), "click", "1"], display: display)
    }

    /// The HUD's windows: its own and, with --block-input, the blocker (both carry its _NET_WM_PID).
    private func windows(of hud: HUDProcess, display: String) throws -> Set<String> {
        let r = try Tools.run("xdotool", ["search", "--pid", String(hud.pid)], display: display)
        return Set(r.stdout.split(separator: "\n").map(String.init))
    }

    /// The window that takes the pointer at `p`, once `accepts` holds for it (or the last one, after 3 s).
    private func windowUnderPointer(_ p: (x: Int, y: Int), display: String,
                                    until accepts: (String) throws -> Bool) throws -> String {
        try Tools.waitFor(timeout: Expected.upTo(3), {
            try Tools.windowUnderPointer(x: Double(p.x), y: Double(p.y), display: display)
        }, until: accepts)
    }

    @Test func blockInputSwallowsAClickOnTheDesktopUntilTheHUDHides() throws {
        let display = try server().display
        let (below, button) = try xmessage(display: display)
        defer { below.kill() }
        let hud = try HUDProcess(Expected.arguments + ["--block-input", "--background-color", "#00000080",
                                                       "--hide-after", "1.5"], display: display)
        _ = try hud.waitForWindow(display: display)
        let hudWindows = try windows(of: hud, display: display)
        let under = try windowUnderPointer(button, display: display) { hudWindows.contains($0) }
        #expect(hudWindows.contains(under), "the pointer is over \(under), not the HUD")
        try click(button, display: display)
        // Fixed: nothing may happen (xmessage must not take the click and end).
        usleep(400_000)
        #expect(below.isRunning, "the click reached xmessage through the HUD")
        // Released when the HUD hides: the same click then reaches the window below.
        #expect(hud.waitForExit(timeout: 4)?.status == 0)
        try click(button, display: display)
        #expect(below.waitForExit(timeout: 3), "the click did not reach xmessage after the HUD hid")
    }

    @Test func blockInputIsReleasedWhenTheProcessDies() throws {
        let display = try server().display
        let (below, button) = try xmessage(display: display)
        defer { below.kill() }
        let hud = try HUDProcess(Expected.arguments + ["--block-input"], display: display)
        _ = try hud.waitForWindow(display: display)
        let hudWindows = try windows(of: hud, display: display)
        #expect(hudWindows.contains(try windowUnderPointer(button, display: display) { hudWindows.contains($0) }),
                "no blocker under the pointer")
        kill(hud.pid, SIGKILL)
        _ = hud.waitForExit(timeout: 3)
        // Until the server has destroyed the killed HUD's windows.
        _ = try windowUnderPointer(button, display: display) { !hudWindows.contains($0) }
        try click(button, display: display)
        #expect(below.waitForExit(timeout: 3), "a killed HUD still blocks the click")
    }

    @Test func theDimCoversTheMonitorAndLetsClicksThroughByDefault() throws {
        let display = try server().display
        let compositor = try CompositorTests.Compositor(CompositorTests.picom, display: display)
        defer { compositor.stop() }
        let (below, button) = try xmessage(display: display)
        defer { below.kill() }
        // What the compositor shows of the root there (picom paints a root without a pixmap grey, once it paints).
        let root = try Screenshot.pixel(x: 1270, y: 710, display: display) { !$0.isBlack }
        let hud = try HUDProcess(Expected.arguments + ["--background-color", "#00000080"], display: display)
        let id = try hud.waitForWindow(display: display)
        let info = try WindowInfo(id: id, display: display)
        #expect(info.width == 1280 && info.height == 720, "the window is \(info.width)×\(info.height)")
        // Half-black over the root, in a corner far from the bezel, once faded in.
        let halfRoot = RGBA(red: root.red / 2, green: root.green / 2, blue: root.blue / 2)
        let corner = try Screenshot.pixel(x: 1270, y: 710, display: display) {
            $0.isClose(to: halfRoot, tolerance: 0.03)
        }
        #expect(corner.isClose(to: halfRoot, tolerance: 0.03), "the corner is \(corner)")
        try click(button, display: display)
        #expect(below.waitForExit(timeout: 3), "the dim swallowed a click without --block-input")
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }

    @Test func withoutACompositorTheDimIsLeftOutWithAWarning() throws {
        let display = try server().display
        // Up while the test looks at it, however slowly a sanitizer lets it look.
        let hud = try HUDProcess(Expected.arguments + ["--background-color", "#00000080",
                                                       "--hide-after", String(Expected.upTo(0.8))], display: display)
        _ = try WindowInfo.settled(id: try hud.waitForWindow(display: display), display: display)
        #expect(try screenshot(display: display).pixel(x: 10, y: 10).isClose(to: Expected.root), "no black screen")
        #expect(hud.waitForExit(timeout: Expected.upTo(4))?.status == 0)
        let lines = hud.errorOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("needs a compositor"), "stderr: \(hud.errorOutput)")
    }

    @Test func blurAsksTheCompositorForTheBezelsRegion() throws {
        let display = try server().display
        let compositor = try CompositorTests.Compositor(CompositorTests.picom, display: display)
        defer { compositor.stop() }
        let hud = try HUDProcess(Expected.arguments + ["--bezel-style", "blur"], display: display)
        let id = try hud.waitForWindow(display: display)
        var value = ""
        _ = try Tools.waitUntil(timeout: 3) {
            value = try Tools.run("xprop", ["-id", id, "_KDE_NET_WM_BLUR_BEHIND_REGION"], display: display).stdout
            return value.contains("=")
        }
        // The bezel in window pixels: the window is the bezel plus one pixel of antialiasing on each side.
        let b = Expected.layout().bezel
        #expect(value.contains("= 1, 1, \(Int(b.width)), \(Int(b.height))"), "\(value)")
        kill(hud.pid, SIGTERM)
        #expect(hud.waitForExit(timeout: 3)?.status == 143)
    }
}
