/// Everything the renderer needs for one frame, as plain values: the presentation tree of Core Animation,
/// made fresh for each frame and never changed by the renderer.
public struct HUDSnapshot: Hashable, Sendable {
    public var content: HUDContent
    public var style: HUDStyle
    public var layout: HUDLayout
    public var presentation: Presentation
    /// The brightest spoke of the spinner (see `Spinner`).
    public var spinnerStep: Int
    /// Device pixels per point.
    public var scale: Double
    /// The point of the area at the canvas's top-left pixel (a window shows only part of the area).
    public var canvasOrigin: Point
    /// Paint the bezel fully opaque and skip the dim background: what a window without a compositor can show.
    public var opaque: Bool
    /// The button is being pressed.
    public var buttonHighlighted: Bool

    public init(content: HUDContent, style: HUDStyle, layout: HUDLayout, presentation: Presentation = .shown,
                spinnerStep: Int = 0, scale: Double = 1, canvasOrigin: Point = .zero, opaque: Bool = false,
                buttonHighlighted: Bool = false) {
        self.content = content
        self.style = style
        self.layout = layout
        self.presentation = presentation
        self.spinnerStep = spinnerStep
        self.scale = scale
        self.canvasOrigin = canvasOrigin
        self.opaque = opaque
        self.buttonHighlighted = buttonHighlighted
    }

    /// Whether `other` is this frame with only the indicator's motion changed (progress, the spinner step).
    public func differsOnlyInIndicator(from other: HUDSnapshot) -> Bool {
        var a = self, b = other
        a.content.progress = 0
        b.content.progress = 0
        a.spinnerStep = 0
        b.spinnerStep = 0
        return a == b
    }

    /// The bezel's frame as presented (scaled about its centre by the zoom animation).
    public var presentedBezel: Rect {
        let b = layout.bezel, z = presentation.scale
        return Rect(x: b.midX - b.width * z / 2, y: b.midY - b.height * z / 2, width: b.width * z, height: b.height * z)
    }
}
