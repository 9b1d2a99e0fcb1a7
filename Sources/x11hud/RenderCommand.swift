import HUDBase
import ArgumentParser
import FoundationEssentials
import Glibc
import HUDRender
import HUDScene
import X11Platform

/// `x11hud render`: one frame to a PNG, without an X server.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of a HUD to a PNG file (transparent outside the bezel); needs no X server."
    )

    @OptionGroup var hud: HUDOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The PNG file to write.", valueName: "file"),
            completion: .file(extensions: ["png"]))
    var out: String

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Canvas size in points (the area the HUD is centred in); default: cropped to the bezel.", valueName: "WxH"),
            transform: SizeValue.parse)
    var size: SizeValue?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds into the show animation (default: at rest).", valueName: "seconds"),
            transform: Seconds.parse)
    var time: Seconds?

    mutating func validate() throws {
        if let size, size.size.width < 1 || size.size.height < 1 {
            throw ValidationError("--size must be at least 1x1")
        }
        if let size, size.size.width * hud.scaleFactor > Double(Canvas.maxSide)
            || size.size.height * hud.scaleFactor > Double(Canvas.maxSide) {
            throw ValidationError("--size at --scale \(hud.scaleFactor) is larger than \(Canvas.maxSide) pixels a side")
        }
    }

    func run() throws {
        if let printout = hud.printout { return print(printout) }
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
