import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 31, item 10: JPEG icons and images (and what else gdk-pixbuf reads) reach the bubble, from the real
/// notify-send under Xvfb with a private bus; a damaged one is a warning and the notification shows without it.
@Suite(.ownThreads, .serialized) struct NotificationPictureFormatTests {
    typealias Desk = NotificationsCommandTests.Desk

    static let green = NotificationsCommandTests.green

    @Test(.enabled(if: NotificationsCommandTests.usable), arguments: ["icon", "image-path", "gif", "damaged"])
    func aJPEGIsDrawnInTheBubble(_ kind: String) throws {
        let desk = try Desk()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-pic-\(UUID().uuidString)")
        let jpeg = base.path + ".jpg", gif = base.path + ".gif"
        defer { for p in [jpeg, gif] { try? FileManager.default.removeItem(atPath: p) } }
        // A 640×480 photo's worth of green: kept at 96 pixels a side, drawn at 48 points.
        #expect(try desk.sh("convert -size 640x480 xc:'#00FF00' -quality 95 '\(jpeg)'").status == 0)
        #expect(try desk.sh("convert -size 64x64 xc:'#00FF00' '\(gif)'").status == 0)
        if kind == "damaged" {
            let cut = try Data(contentsOf: URL(fileURLWithPath: jpeg)).prefix(4) + Data(repeating: 0x41, count: 200)
            try cut.write(to: URL(fileURLWithPath: jpeg))
        }
        let send: ChildProcess.Result
        switch kind {
        case "image-path": send = try desk.sh("notify-send -t 0 -h 'string:image-path:file://\(jpeg)' Photo")
        case "gif": send = try desk.sh("notify-send -t 0 -i '\(gif)' Photo")
        default: send = try desk.sh("notify-send -t 0 -i '\(jpeg)' Photo")
        }
        #expect(send.status == 0, "\(send.stderr)")
        let mode = kind == "damaged" ? "text" : "custom"
        #expect(try desk.waitForList { $0.first?[2] == mode && $0.first?[3] == "Photo" }, "\((try? desk.list()) ?? [])")
        let greens = try desk.pixels(Self.green, atLeast: kind == "damaged" ? Int.max : 1500)
        if kind == "damaged" {
            #expect(greens == 0)
            let server = try #require(desk.server)
            server.kill()
            #expect(server.stderr.contains("warning: notification") && server.stderr.contains(jpeg)
                        && server.stderr.split(separator: "\n").count == 1, "\(server.stderr)")
        } else {
            // 48 points of green at the bubble's left: some 2,300 pixels.
            #expect(greens > 1500, "\(greens) green pixels in the bubble")
        }
    }
}
