import X11Display
import X11Names
import HUDRender
import HUDScene

/// The last frame put on the window, kept for comparison and for answering Expose without re-rendering.
struct PresentedFrame {
    var snapshot: HUDSnapshot
    var frame: PixelRect
    var canvas: Canvas
    /// Set when no compositor runs: the pixels actually sent.
    var opaque: OpaqueFrame?
    /// The text engine's generation it was drawn with: kept text images, or Pango's own drawing.
    var text: Int
}

extension PresentedFrame {
    /// The scene point under a point in window pixels.
    private func scenePoint(x: Int, y: Int) -> Point {
        Point(x: Double(x) / snapshot.scale + snapshot.canvasOrigin.x,
              y: Double(y) / snapshot.scale + snapshot.canvasOrigin.y)
    }

    /// Whether a point in window pixels is on the button.
    func hitsButton(x: Int, y: Int) -> Bool {
        snapshot.layout.button?.frame.contains(scenePoint(x: x, y: y)) == true
    }

    /// The action button (an index of the layout's `buttons`) under a point in window pixels, if any.
    func actionButton(x: Int, y: Int) -> Int? {
        let p = scenePoint(x: x, y: y)
        return snapshot.layout.buttons.firstIndex { $0.frame.contains(p) }
    }

    /// Whether a point in window pixels is on the bezel as drawn.
    func hitsBezel(x: Int, y: Int) -> Bool {
        snapshot.presentedBezel.contains(scenePoint(x: x, y: y))
    }
}
