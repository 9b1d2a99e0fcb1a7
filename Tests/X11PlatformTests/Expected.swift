import Foundation
import HUDRender
import HUDScene
import HUDTestSupport

/// Where the HUD of the tests should be, from the same public layout code the HUD uses, on Xvfb's one 1280×720
/// monitor at scale 1.
enum Expected {
    static let arguments = ["--mode", "annular", "--label", "Saving", "--progress", "0.6"]

    static func layout(buttonTitle: String = "") -> HUDLayout {
        let content = HUDContent(mode: .annular, progress: 0.6, label: "Saving", buttonTitle: buttonTitle)
        return HUDLayout(content: content, style: .theme(.dark), area: Rect(x: 0, y: 0, width: 1280, height: 720),
                         measurer: HUDRenderer(scale: 1).text)
    }

    /// The dark theme's bezel colour as drawn without a compositor (alpha forced to 1).
    static let opaqueBezel = HUDStyle.theme(.dark).bezelColor.withAlpha(1)
    static let root = try! RGBA(hex: XvfbServer.rootColor)

    /// An upper time limit, stretched under a sanitizer (`Sanitizer.upTo`).
    static func upTo(_ seconds: Double) -> Double { Sanitizer.upTo(seconds) }
}
