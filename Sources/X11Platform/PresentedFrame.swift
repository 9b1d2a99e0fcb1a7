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
    private func point(x: Int, y: Int) -> Point { snapshot.scenePoint(pixelX: Double(x), y: Double(y)) }

    /// Whether a point in window pixels is on the button.
    func hitsButton(x: Int, y: Int) -> Bool { snapshot.hit(point(x: x, y: y)) == .button }

    /// The action button (an index of the layout's `buttons`) under a point in window pixels, if any.
    func actionButton(x: Int, y: Int) -> Int? {
        if case .action(let index)? = snapshot.hit(point(x: x, y: y)) { return index }
        return nil
    }

    /// Whether a point in window pixels is on the bezel as drawn.
    func hitsBezel(x: Int, y: Int) -> Bool { snapshot.presentedBezel.contains(point(x: x, y: y)) }
}
