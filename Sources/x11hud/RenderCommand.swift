import CommandOptions
import HUDBase
import HUDCommandLine
import Glibc
import HUDRender
import HUDScene

/// `x11hud render`: one frame to a PNG, without an X server.
struct RenderCommand: Command {
    static let spec = makeSpec(["x11hud", "render"], abstract: """
        Render one frame of a HUD to a PNG file (transparent outside the bezel); needs no X server.
        """, usage: "x11hud render [<options>] --out <file>")

    var hud = HUDOptions()
    /// Required: checked first in `validate()`.
    var output: String?
    var size: SizeValue?
    var time: Seconds?

    /// The PNG file, once `validate()` has made sure it was given.
    var out: String { output ?? "" }

    static let rows: [OptionRow<RenderCommand>] = .group(HUDOptions.rows) { c, body throws(ValueError) in
        try body(&c.hud)
    } + [
        .text("out", valueName: "file", help: "The PNG file to write.", completion: .file(extensions: ["png"])) {
            $0.output = $1
        },
        .option("size", valueName: "WxH", help: """
            Canvas size in points (the area the HUD is centred in); default: cropped to the bezel.
            """, parse: SizeValue.parse) { $0.size = $1 },
        .option("time", valueName: "seconds", help: "Seconds into the show animation (default: at rest).",
                parse: Seconds.parse) { $0.time = $1 },
    ]

    mutating func validate() throws {
        if output == nil { throw UsageError("Missing expected argument '--out <file>'") }
        try hud.validate()
        if let size, size.size.width < 1 || size.size.height < 1 {
            throw UsageError("--size must be at least 1x1")
        }
    }

    func run() throws {
        var hud = self.hud
        try hud.loadFiles()
        if let printout = hud.printout { return print(printout) }
        // The scale may come from the config file, read only now.
        if let size, size.size.width * hud.scaleFactor > Double(Canvas.maxSide)
            || size.size.height * hud.scaleFactor > Double(Canvas.maxSide) {
            throw UsageError("--size at --scale \(hud.scaleFactor) is larger than \(Canvas.maxSide) pixels a side")
        }
        let canvas: Canvas
        do {
            canvas = try StillFrame.render(content: hud.content, style: hud.style, canvasSize: size?.size,
                                           scale: hud.scaleFactor, time: time?.value)
        } catch {
            throw ExitError(.internalError, error.description)
        }
        do { try canvas.writePNG(to: out) } catch { throw ExitError(.cannotCreate, error.description) }
    }
}
