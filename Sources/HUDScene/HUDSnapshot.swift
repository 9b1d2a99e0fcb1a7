/// Everything the renderer needs for one frame, as plain values: the presentation tree of Core Animation,
/// made fresh for each frame and never changed by the renderer.
public struct HUDSnapshot: Hashable, Sendable {
    public var content: HUDContent
    public var style: HUDStyle
    public var layout: HUDLayout
    public var presentation: Presentation
    /// The indicator's phase: the part of the time since it appeared that its picture depends on (see
    /// `Indicator.phase(at:scale:)`).
    public var indicatorPhase: Double
    /// Device pixels per point.
    public var scale: Double
    /// The point of the area at the canvas's top-left pixel (a window shows only part of the area).
    public var canvasOrigin: Point
    /// Paint the bezel fully opaque and skip the dim background: what a window without a compositor can show.
    public var opaque: Bool
    /// The button is being pressed.
    public var buttonHighlighted: Bool
    /// The action button being pressed (an index of `layout.buttons`).
    public var pressedAction: Int?

    public init(content: HUDContent, style: HUDStyle, layout: HUDLayout, presentation: Presentation = .shown,
                indicatorPhase: Double = 0, scale: Double = 1, canvasOrigin: Point = .zero, opaque: Bool = false,
                buttonHighlighted: Bool = false) {
        self.content = content
        self.style = style
        self.layout = layout
        self.presentation = presentation
        self.indicatorPhase = indicatorPhase
        self.scale = scale
        self.canvasOrigin = canvasOrigin
        self.opaque = opaque
        self.buttonHighlighted = buttonHighlighted
    }

    /// What it shows above the labels.
    public var indicator: Indicator? { Indicator(content: content, style: style) }

    /// This frame with the indicator's motion (progress, phase) taken out: frames equal in it differ only in the
    /// indicator's moving part.
    public var motionless: HUDSnapshot {
        var s = self
        s.content.progress = 0
        s.indicatorPhase = 0
        return s
    }

    /// Whether `other` is this frame with only the indicator's motion changed (progress, phase).
    public func differsOnlyInIndicator(from other: HUDSnapshot) -> Bool { motionless == other.motionless }

    /// The bezel's frame as presented (scaled about its centre by the zoom animation, moved up by the slide).
    public var presentedBezel: Rect {
        let b = layout.bezel, z = presentation.scale
        return Rect(x: b.midX - b.width * z / 2, y: b.midY - b.height * z / 2 - slideDistance, width: b.width * z,
                    height: b.height * z)
    }

    /// How far up the slide animation moves the bezel now, in points.
    public var slideDistance: Double { presentation.slide * (layout.bezel.maxY - layout.area.minY) }
}
