import Foundation
import HUDRender
import HUDScene

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

    /// The sanitizer `make harden` built the binaries with (`address`, `thread`), or nil.
    static let sanitizer = ProcessInfo.processInfo.environment["X11HUD_SANITIZER"]
    /// How many times slower than a normal build the code under test may be: sanitizers stretch start-up and every
    /// frame (AddressSanitizer about twice, ThreadSanitizer up to five times here). Only upper time limits are
    /// stretched, so an early hide still fails.
    static let slowdown: Double = sanitizer == "thread" ? 4 : sanitizer == nil ? 1 : 2

    /// An upper time limit, stretched under a sanitizer.
    static func upTo(_ seconds: Double) -> Double { seconds * slowdown }
}
