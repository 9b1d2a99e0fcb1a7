import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 39 item 2: a bubble with a bar (a download's progress) drawn: the picture at the left, the text beside it,
/// a bar under the text in the bubble's content colour, its fill as long as the progress. With
/// `X11HUD_TEST_PNG` set to a directory, the frames are written there to be looked at.
@Suite(.ownThreads) struct BubbleBarTests {
    private static let area = Size(width: 600, height: 200)

    private func render(progress: Double, picture: CustomIndicator?, critical: Bool = false,
                        progressColor: RGBA? = nil, name: String) throws
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
            s.progressColor = progressColor
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

    /// The pixels of the row through the bar's middle nearer the fill's colour (`fill`) than the track's.
    private func filled(_ canvas: Canvas, _ bar: Rect, fill: RGBA, track: RGBA) -> Int {
        let y = Int(bar.midY.rounded(.down))
        return (Int(bar.minX)..<Int(bar.maxX)).filter { x in
            let p = canvas.pixel(x: x, y: y)
            return distance(p, fill) < distance(p, track)
        }.count
    }

    private func distance(_ a: RGBA, _ b: RGBA) -> Double {
        abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue)
    }

    /// Issue 53: `progress-color` (dunst's highlight) is the fill's colour, its faint track's too; the text stays
    /// in the content colour.
    @Test func theFillTakesTheProgressColour() throws {
        let orange = RGBA(red: 1, green: 0.67, blue: 0)
        let (canvas, layout, style) = try render(progress: 0.6, picture: nil, progressColor: orange, name: "orange")
        let bar = try #require(layout.indicator), label = try #require(layout.label)
        let fill = canvas.pixel(x: Int(bar.minX + bar.width * 0.2), y: Int(bar.midY))
        let track = canvas.pixel(x: Int(bar.minX + bar.width * 0.9), y: Int(bar.midY))
        #expect(fill.isClose(to: orange, tolerance: 0.05), "fill \(fill)")
        #expect(track.red > track.blue + 0.1 && distance(track, style.bezelColor) > 0.2, "a faint orange: \(track)")
        #expect(abs(Double(filled(canvas, bar, fill: fill, track: track)) - 0.6 * bar.width) <= 2)
        let ink = (Int(label.frame.minY)..<Int(label.frame.maxY)).flatMap { y in
            (Int(label.frame.minX)..<Int(label.frame.maxX)).map { canvas.pixel(x: $0, y: y) }
        }.filter { distance($0, style.bezelColor) > 1 }
        #expect(!ink.isEmpty && ink.allSatisfy { !$0.isClose(to: orange, tolerance: 0.2) }, "the text is not orange")
    }

    /// Issue 53: the fill is as tall as the bar, over a track of its own, both clearly apart from each other and
    /// from the bezel (it was a fill two pixels high inside an outline of the same grey).
    @Test func theBarIsDrawnUnderTheTextItsFillAsLongAsTheProgress() throws {
        for picture in [nil, CustomIndicator.icon(.info)] {
            let name = picture == nil ? "plain" : "picture"
            let (canvas, layout, style) = try render(progress: 0.42, picture: picture, name: name)
            let bar = try #require(layout.indicator), details = try #require(layout.details)
            #expect(bar.minY >= details.frame.maxY && bar.minX == details.frame.minX)
            let fill = canvas.pixel(x: Int(bar.minX + bar.width * 0.2), y: Int(bar.midY))
            let track = canvas.pixel(x: Int(bar.minX + bar.width * 0.8), y: Int(bar.midY))
            // Contrast: the fill stands out from the track, and the track from the bezel.
            #expect(distance(fill, track) > 1.2 && distance(track, style.bezelColor) > 0.2,
                    "\(name): fill \(fill), track \(track), bezel \(style.bezelColor)")
            // As tall as the bar: the same colour near its top and bottom as in its middle.
            for y in [Int(bar.minY) + 2, Int(bar.maxY) - 3] {
                let p = canvas.pixel(x: Int(bar.minX + bar.width * 0.2), y: y)
                #expect(distance(p, fill) < 0.1, "\(name): row \(y) is \(p), not the fill \(fill)")
            }
            // The fill: 42 % of the bar, give or take the antialiased end.
            let filledPixels = filled(canvas, bar, fill: fill, track: track)
            #expect(abs(Double(filledPixels) - 0.42 * bar.width) <= 2, "\(name): \(filledPixels) of \(bar.width)")
            // Full, it fills the track; the text and the button are drawn as in any bubble.
            let full = try render(progress: 1, picture: picture, name: name + "-full")
            #expect(abs(Double(filled(full.canvas, bar, fill: fill, track: track)) - bar.width) <= 2)
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
        let fill = canvas.pixel(x: Int(bar.minX + bar.width * 0.25), y: Int(bar.midY))
        let empty = canvas.pixel(x: Int(bar.minX + bar.width * 0.75), y: Int(bar.midY))
        #expect(abs(Double(filled(canvas, bar, fill: fill, track: empty)) - 0.5 * bar.width) <= 2)
        #expect(close(fill, RGBA(red: 1, green: 1, blue: 1), tolerance: 0.05), "\(fill)")
        // The track: the content colour faint over the bezel's red, red still.
        #expect(empty.red > empty.green + 0.2 && distance(empty, style.bezelColor) > 0.2, "\(empty)")
    }
}
