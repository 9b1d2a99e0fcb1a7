import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 39 item 2: a bubble with a bar (a download's progress) drawn: the picture at the left, the text beside it,
/// MBProgressHUD's bar under the text in the bubble's content colour, its fill as long as the progress. With
/// `X11HUD_TEST_PNG` set to a directory, the frames are written there to be looked at.
@Suite(.ownThreads) struct BubbleBarTests {
    private static let area = Size(width: 600, height: 200)

    private func render(progress: Double, picture: CustomIndicator?, critical: Bool = false, name: String) throws
        -> (canvas: Canvas, layout: HUDLayout, style: HUDStyle)
    {
        var content = HUDContent(mode: .bar, progress: progress, label: "Copying files", details: "42% of 1.2 GB",
                                 custom: picture)
        content.actions = critical ? [] : ["Cancel"]
        let result = try frame(content, area: Self.area) { s in
            s.bubble = HUDStyle.Bubble()
            s.position = .topRight
            s.labelFont = try! FontSpec("Sans Bold 14")
            s.detailsFont = try! FontSpec("Sans 13")
            s.minSize = .zero
            s.square = false
            if critical {
                s.bezelColor = RGBA(red: 0.55, green: 0.1, blue: 0.1, alpha: 0.95)
                s.contentColor = RGBA(red: 1, green: 1, blue: 1)
            }
        }
        if let dir = ProcessInfo.processInfo.environment["X11HUD_TEST_PNG"] {
            try result.canvas.writePNG(to: dir + "/bubble-bar-\(name).png")
        }
        return result
    }

    /// The pixels of the row through the bar's middle, inside its track, that are painted over the bezel.
    private func filled(_ canvas: Canvas, _ bar: Rect, _ style: HUDStyle) -> Int {
        inkCount(canvas, in: Rect(x: bar.minX + 4, y: bar.midY.rounded(.down), width: bar.width - 8, height: 1),
                 against: style.bezelColor)
    }

    @Test func theBarIsDrawnUnderTheTextItsFillAsLongAsTheProgress() throws {
        for picture in [nil, CustomIndicator.icon(.info)] {
            let name = picture == nil ? "plain" : "picture"
            let (canvas, layout, style) = try render(progress: 0.42, picture: picture, name: name)
            let bar = try #require(layout.indicator), details = try #require(layout.details)
            #expect(bar.minY >= details.frame.maxY && bar.minX == details.frame.minX)
            // The track's fill: 42 % of it, give or take the antialiased end.
            let track = bar.width - 8
            let fill = filled(canvas, bar, style)
            #expect(abs(Double(fill) - 0.42 * track) <= 2, "\(name): \(fill) of \(track)")
            // The rest of the track shows the bezel, inside the outline drawn in the content colour.
            let empty = canvas.pixel(x: Int(bar.minX + 4 + track * 0.8), y: Int(bar.midY))
            #expect(close(empty, style.bezelColor, tolerance: 0.1), "\(name): \(empty)")
            let outline = canvas.pixel(x: Int(bar.minX + track * 0.8), y: Int(bar.minY) + 2)
            #expect(!close(outline, style.bezelColor, tolerance: 0.3), "\(name): \(outline)")
            // Full, it fills the track; the text and the button are drawn as in any bubble.
            let full = try render(progress: 1, picture: picture, name: name + "-full")
            #expect(abs(Double(filled(full.canvas, bar, style)) - track) <= 2)
            #expect(inkCount(canvas, in: details.frame, against: style.bezelColor) > 20)
            let button = try #require(layout.buttons.first)
            #expect(button.frame.minY > bar.maxY && inkCount(canvas, in: button.frame, against: style.bezelColor) > 20)
            if picture != nil {
                let side = try #require(layout.sideImage)
                #expect(side.maxX < bar.minX && inkCount(canvas, in: side, against: style.bezelColor) > 50)
            } else {
                #expect(layout.sideImage == nil)
            }
        }
    }

    @Test func aCriticalBubblesBarIsInItsColours() throws {
        let (canvas, layout, style) = try render(progress: 0.5, picture: .icon(.warning), critical: true,
                                                 name: "critical")
        let bar = try #require(layout.indicator)
        let track = bar.width - 8
        #expect(abs(Double(filled(canvas, bar, style)) - 0.5 * track) <= 2)
        let fill = canvas.pixel(x: Int(bar.minX + 4 + track * 0.25), y: Int(bar.midY))
        let empty = canvas.pixel(x: Int(bar.minX + 4 + track * 0.75), y: Int(bar.midY))
        #expect(close(fill, RGBA(red: 1, green: 1, blue: 1), tolerance: 0.05), "\(fill)")
        #expect(close(empty, style.bezelColor, tolerance: 0.05), "\(empty)")
    }
}
