import Dispatch
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
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }

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

// Every spinner style as the live window draws it at 60 frames a second: the layout kept, the still layer cached,
// only the indicator's rectangle redrawn.
print("")
print("Spinner frame cost (one 60 Hz frame over the cached still layer, median of \(frames), microseconds)")
print("| spinner | scale 1 | scale 2 |")
print("|---|---:|---:|")
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
    print(row)
}
