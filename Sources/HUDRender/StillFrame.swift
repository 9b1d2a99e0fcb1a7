public import HUDScene

/// One frame of a HUD rendered off screen, for `x11hud render`, the README gallery and tests.
public enum StillFrame {
    /// Where a HUD is laid out when no canvas size is given: a modest screen, so text wraps as it would live.
    public static let defaultArea = Size(width: 1280, height: 800)

    /// Renders `content` in `style`.
    /// - Parameters:
    ///   - canvasSize: the area in points; nil for a canvas cropped to the bezel plus its margin.
    ///   - time: seconds into the show animation (and into the indicator's motion); nil for the HUD at rest.
    public static func render(content: HUDContent, style: HUDStyle, canvasSize: Size? = nil, scale: Double = 1,
                              time: Double? = nil, renderer: HUDRenderer? = nil) throws(CanvasError) -> Canvas {
        let renderer = renderer ?? HUDRenderer(scale: scale)
        let areaSize = canvasSize ?? defaultArea
        var scene = HUDScene(content: content, style: style,
                             area: Rect(origin: .zero, size: areaSize), scale: scale)
        scene.show(at: 0, animated: time != nil)
        // At rest the indicator is at rest too: a live icon whole, a spinner at the start of its cycle.
        if time == nil { scene.indicatorStart = nil }
        var snapshot = scene.snapshot(at: time ?? 0, measurer: renderer.text)
        var pixels = Size(width: areaSize.width * scale, height: areaSize.height * scale)
        if canvasSize == nil {
            // Crop to the bezel, leaving room for the margin and for a zoom that starts larger than the bezel.
            let bezel = snapshot.layout.bezel
            let grow = max(style.margin, (max(bezel.width, bezel.height) * (scene.maximumZoom - 1) / 2).rounded(.up))
            snapshot.canvasOrigin = Point(x: bezel.minX - grow, y: bezel.minY - grow)
            pixels = Size(width: (bezel.width + 2 * grow) * scale, height: (bezel.height + 2 * grow) * scale)
        }
        let canvas = try Canvas(width: Int(pixels.width.rounded(.up)), height: Int(pixels.height.rounded(.up)))
        renderer.render(snapshot, into: canvas)
        return canvas
    }
}
