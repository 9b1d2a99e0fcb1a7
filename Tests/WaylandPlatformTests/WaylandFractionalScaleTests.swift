import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 42 item 1: where the compositor asks for a fractional scale (KWin at 1.5), a HUD is drawn at it, into a
/// buffer 1.5 times its size in surface units that the viewport shows at that size, instead of at scale 2 and
/// shrunk by the compositor (softer text). What the client sent is read from WAYLAND_DEBUG, what the user sees from
/// KWin's own screenshot in the output's pixels.
@Suite(.ownThreads, .serialized, .enabled(if: KWinServer.isAvailable, "no kwin_wayland"))
struct WaylandFractionalScaleTests {
    /// The numbers of the last `NAME(…)` request or event in a WAYLAND_DEBUG log.
    static func last(_ name: String, in log: String) -> [Int]? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains(name + "(") }),
              let open = line.range(of: name + "(")?.upperBound, let close = line[open...].firstIndex(of: ")")
        else { return nil }
        // A field that is not a number (`new id wl_buffer@9`) is -1, so that the others keep their places.
        return line[open..<close].split(separator: ",").map {
            Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").last ?? "") ?? -1
        }
    }

    @Test func atOneAndAHalfTheHUDIsDrawnAtItAndShownAtItsSize() throws {
        let kwin = try KWinServer(scale: 1.5)
        defer { kwin.stop() }
        var environment = kwin.environment
        environment["WAYLAND_DEBUG"] = "1"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let hud = try ChildProcess(CLI.binary, ["--mode", "text", "--label", "Saving", "--hide-after", "2.5"],
                                   environment: environment, output: .discard)
        defer { hud.kill() }
        let black = RGBA(red: 0, green: 0, blue: 0)
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        let (shot, steady) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) {
            try kwin.screenshot()
        }
        #expect(steady)
        #expect(shot.width == 1920 && shot.height == 1080, "not the output's pixels: \(shot.width)x\(shot.height)")
        for y in stride(from: 0, to: shot.height, by: 1) {
            for x in stride(from: 0, to: shot.width, by: 1) where !shot.pixel(x: x, y: y).isClose(to: black) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(8)) && hud.status == 0, "\(hud.stderr.suffix(400))")
        let log = hud.stderr
        #expect(log.contains("preferred_scale(180)"), "KWin did not ask for 1.5")
        let size = try #require(Self.last("set_destination", in: log), "no viewport size was set")
        let buffer = try #require(Self.last("create_buffer", in: log), "no buffer")
        // create_buffer(new id, offset, width, height, stride, format): drawn at 1.5, not at 2.
        #expect(size.count == 2 && buffer.count >= 4, "\(size) \(buffer)")
        if size.count == 2, buffer.count >= 4 {
            #expect(buffer[2] == Int((Double(size[0]) * 1.5).rounded(.up)), "buffer \(buffer), surface \(size)")
            #expect(buffer[3] == Int((Double(size[1]) * 1.5).rounded(.up)), "buffer \(buffer), surface \(size)")
            let drawn = try #require(box, "nothing drawn")
            // On screen at 1.5 pixels a unit: the bezel inside the surface's 1.5-times rectangle, nearly filling it.
            #expect(drawn.maxX - drawn.minX + 1 <= buffer[2] + 1 && drawn.maxX - drawn.minX + 1 >= buffer[2] - 12,
                    "drawn \(drawn), buffer \(buffer)")
        }
        let lastScale = Self.last("set_buffer_scale", in: log)
        #expect(lastScale == [1], "the last frame was not drawn at its own scale: \(String(describing: lastScale))")
    }
}
