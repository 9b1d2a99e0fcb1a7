import Glibc
import HUDRender
import HUDScene

// Frame cost: time to lay out and draw one frame of each mode, as the live window does every frame, on a
// canvas the size of the bezel. Run in release: `swift run -c release x11hud-bench`.

struct Case {
    var name: String
    var content: HUDContent
}

let cases = [
    Case(name: "indeterminate", content: HUDContent(mode: .indeterminate, label: "Loading")),
    Case(name: "determinate", content: HUDContent(mode: .determinate, progress: 0.6, label: "Downloading")),
    Case(name: "annular", content: HUDContent(mode: .annular, progress: 0.6, label: "Saving")),
    Case(name: "annular (no label)", content: HUDContent(mode: .annular, progress: 0.6)),
    Case(name: "bar + details", content: HUDContent(mode: .bar, progress: 0.45, label: "Backup",
                                                   details: "1.2 GB of 2.7 GB")),
    Case(name: "icon", content: HUDContent(mode: .custom, label: "Done", custom: .icon(.success))),
    Case(name: "text", content: HUDContent(mode: .text, label: "Volume 40%")),
    Case(name: "button", content: HUDContent(mode: .annular, progress: 0.3, label: "Copying",
                                            details: "12 of 40 files", buttonTitle: "Cancel")),
]

func nanoseconds(_ body: () -> Void) -> Double {
    let (seconds, attoseconds) = ContinuousClock().measure(body).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }

// `x11hud-bench strip DIR`: the frames of docs/ease-strip.png (docs/make-ease-strip.sh assembles them).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "strip" {
    easeStrip(into: CommandLine.arguments[2])
    exit(0)
}

let frames = 400
print("Frame cost (layout + draw of one frame, median of \(frames), microseconds)")
print("| mode | scale 1 | scale 2 | fade frame, scale 1 |")
print("|---|---:|---:|---:|")
for c in cases {
    var row = "| \(c.name) |"
    for (scale, time) in [(1.0, 10.0), (2.0, 10.0), (1.0, 0.05)] {
        let renderer = HUDRenderer(scale: scale)
        var scene = HUDScene(content: c.content, style: .theme(.dark),
                             area: Rect(x: 0, y: 0, width: 1280, height: 800), scale: scale)
        scene.show(at: 0)
        let bezel = scene.layout(measurer: renderer.text).bezel
        let canvas = try! Canvas(width: Int(bezel.width * scale), height: Int(bezel.height * scale))
        var samples: [Double] = []
        for i in 0..<(frames + 50) {
            // A moving progress value and spinner step, so no frame repeats the one before.
            scene.content.progress = Double(i % 100) / 100
            let ns = nanoseconds {
                let s = scene.snapshot(at: time + Double(i) / 12, measurer: renderer.text, canvasOrigin: bezel.origin)
                renderer.render(s, into: canvas)
            }
            if i >= 50 { samples.append(ns) }
        }
        let us = median(samples) / 1000
        row += " \(us < 10 ? String(Double(Int(us * 10)) / 10) : String(Int(us.rounded()))) |"
    }
    print(row)
}

// Every spinner style as the live window draws it: the layout kept, the still layer cached,
// only the indicator's rectangle redrawn.
print("")
print("Spinner frame cost (one frame over the cached still layer, median of \(frames), microseconds), and the")
print("frames a second the scene asks for (a frame only when a shape moves a device pixel; at most 30)")
print("| spinner | scale 1 | scale 2 | frames/s, scale 1 | frames/s, scale 2 |")
print("|---|---:|---:|---:|---:|")
for style in SpinnerStyle.allCases {
    var row = "| \(style.rawValue) |"
    for scale in [1.0, 2.0] {
        let renderer = HUDRenderer(scale: scale)
        var hudStyle = HUDStyle.theme(.dark)
        hudStyle.spinner = style
        var scene = HUDScene(content: HUDContent(mode: .indeterminate, label: "Loading"), style: hudStyle,
                             area: Rect(x: 0, y: 0, width: 1280, height: 800), scale: scale)
        scene.show(at: 0, animated: false)
        let bezel = renderer.layout(of: scene).bezel
        let canvas = try! Canvas(width: Int(bezel.width * scale), height: Int(bezel.height * scale))
        var samples: [Double] = []
        for i in 0..<(frames + 50) {
            let ns = nanoseconds {
                let s = scene.snapshot(at: 10 + Double(i) / 60, layout: renderer.layout(of: scene),
                                       canvasOrigin: bezel.origin)
                renderer.render(s, into: canvas)
            }
            if i >= 50 { samples.append(ns) }
        }
        let us = median(samples) / 1000
        row += " \(us < 10 ? String(Double(Int(us * 10)) / 10) : String(Int(us.rounded()))) |"
    }
    for scale in [1.0, 2.0] {
        // Over ten seconds of the indicator's own answers, as the frame loop follows them.
        let indicator = Indicator(.spinner(style))
        var t = 0.0, drawn = 0
        while let next = indicator.nextFrameTime(after: t, scale: scale), next < 10 {
            t = next + 1e-6
            drawn += 1
        }
        row += " \(Double(drawn) / 10) |"
    }
    print(row)
}

// MARK: The ease strip (issue 24)

/// What is on screen every 10 ms while a stream of updates comes at `rate` a second, `step` each, for the old frame
/// loop (the 200 ms spring restarted by every update, a frame every 60 Hz refresh) and the new one (eases fitted to
/// the rate, a frame when the ring's end moves a device pixel): one PNG per 10 ms, named ROW-COLUMN.png, and one line
/// per row with the frames drawn and the largest lag behind the newest value.
func easeStrip(into dir: String) {
    let scale = 2.0, refresh = 1.0 / 60, columns = 30
    for (row, (rate, step, new)) in [(10.0, 0.05, false), (10.0, 0.05, true), (100.0, 0.005, false),
                                     (100.0, 0.005, true)].enumerated() {
        let renderer = HUDRenderer(scale: scale)
        var scene = HUDScene(content: HUDContent(mode: .annular, progress: 0.1), style: .theme(.dark),
                             area: Rect(x: 0, y: 0, width: 400, height: 300), scale: scale)
        scene.show(at: 0, animated: false)
        var old = ProgressTrack(0.1)
        let layout = renderer.layout(of: scene)
        let f = layout.indicator!
        let crop = Rect(x: f.minX - 4, y: f.minY - 4, width: f.width + 8, height: f.height + 8)
        let canvas = try! Canvas(width: Int(crop.width * scale), height: Int(crop.height * scale))
        var shown = 0.1, newest = 0.1, drawn = 0, worstLag = 0.0, lastDrawn = -1.0
        var nextUpdate = 1.0, nextFrame: Double? = nil, t = 0.9, column = 0
        // Events in time order: updates, frames (the model's or every refresh), and 10 ms samples.
        var nextSample = 1.0
        while column < columns {
            let candidates = [nextUpdate, nextSample, nextFrame ?? .infinity]
            t = candidates.min()!
            let isUpdate = t == nextUpdate
            if isUpdate {
                newest += step
                if new {
                    scene.setProgress(newest, at: t, leadIn: refresh)
                } else {
                    old.set(newest, at: old.isAnimating(at: t) ? t : t - refresh)
                }
                nextUpdate += 1 / rate
            }
            if isUpdate && (!new || t >= lastDrawn + refresh) || t == nextFrame {
                let value = new ? scene.presentedProgress(at: t) : old.value(at: t)
                let visible = new ? scene.progressChangeIsVisible(from: shown, at: t) : value != shown
                if visible {
                    shown = value
                    drawn += 1
                    lastDrawn = t
                }
            }
            if new {
                // At most one frame per refresh, as HUDSession draws.
                nextFrame = scene.nextFrameTime(after: t, shownProgress: shown).map { max($0, lastDrawn + refresh) }
            } else {
                // The old loop: every refresh while the ease runs (a change at rest is drawn when it comes).
                nextFrame = old.isAnimating(at: t) ? ((t / refresh + 1e-6).rounded(.down) + 1) * refresh : nil
            }
            if t == nextSample {
                var s = scene.snapshot(at: t, layout: layout, canvasOrigin: crop.origin)
                s.content.progress = shown
                renderer.render(s, into: canvas)
                try! canvas.writePNG(to: "\(dir)/\(row)-\(column < 10 ? "0" : "")\(column).png")
                worstLag = max(worstLag, newest - shown)
                column += 1
                nextSample += 0.01
            }
        }
        print("row \(row): \(Int(rate))/s, \(new ? "new" : "old") loop: \(drawn) frames drawn in \(columns * 10) ms, "
              + "largest lag behind the newest value \(Int((worstLag / step * 100).rounded())) % of an update")
    }
}
