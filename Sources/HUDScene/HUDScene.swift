/// The model of one HUD: what it shows, how it looks, where it is laid out and whether it is shown.
///
/// It holds target values only. `snapshot(at:)` derives what is on screen at a moment (the presentation),
/// which is all the renderer sees; `needsFrame(at:)` tells a frame loop whether anything still moves.
public struct HUDScene: Hashable, Sendable {
    public var content: HUDContent
    public var style: HUDStyle
    /// The area the bezel is centred in, in points.
    public var area: Rect
    /// Device pixels per point.
    public var scale: Double
    public private(set) var appearance = Appearance()

    public init(content: HUDContent, style: HUDStyle, area: Rect, scale: Double = 1) {
        self.content = content
        self.style = style
        self.area = area
        self.scale = scale
    }

    public mutating func show(at time: Double, animated: Bool = true) {
        appearance.show(at: time, animation: style.animation, animated: animated)
    }

    public mutating func hide(at time: Double, animated: Bool = true) {
        appearance.hide(at: time, animation: style.animation, animated: animated)
    }

    public func layout(measurer: some TextMeasuring) -> HUDLayout {
        HUDLayout(content: content, style: style, area: area, measurer: measurer)
    }

    /// The frame to draw at `time`.
    public func snapshot(at time: Double, measurer: some TextMeasuring, canvasOrigin: Point = .zero,
                         opaque: Bool = false, buttonHighlighted: Bool = false) -> HUDSnapshot {
        HUDSnapshot(content: content, style: style, layout: layout(measurer: measurer),
                    presentation: appearance.presentation(at: time), spinnerStep: Spinner.step(at: time),
                    scale: scale, canvasOrigin: canvasOrigin, opaque: opaque, buttonHighlighted: buttonHighlighted)
    }

    /// The next moment after `time` at which the picture changes by itself, or nil when it is static.
    public func nextFrameTime(after time: Double) -> Double? {
        if appearance.isAnimating(at: time) { return time }  // every frame until the transition ends
        if appearance.isShown, content.mode == .indeterminate { return Spinner.nextStepTime(after: time) }
        return nil
    }

    /// The largest the bezel gets during the show and hide transitions, as a factor of its size.
    public var maximumZoom: Double { style.animation == .zoomOut || style.animation == .zoomIn ? 1.5 : 1 }
}
