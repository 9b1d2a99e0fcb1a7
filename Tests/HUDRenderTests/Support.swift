import Foundation
import HUDRender
import HUDScene

/// A directory removed when the value goes away.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Writes a solid red PNG of the given size.
func makePNG(width: Int, height: Int, at path: String) throws {
    let style = { () -> HUDStyle in
        var s = HUDStyle.theme(.light)
        s.bezelColor = RGBA(red: 1, green: 0, blue: 0)
        s.cornerRadius = 0
        s.margin = 0
        s.minSize = Size(width: Double(width), height: Double(height))
        return s
    }()
    let canvas = try StillFrame.render(content: HUDContent(mode: .text), style: style,
                                       canvasSize: Size(width: Double(width), height: Double(height)))
    try canvas.writePNG(to: path)
}
