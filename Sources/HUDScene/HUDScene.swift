/// The model of one HUD: what it shows, how it looks, where it is laid out and whether it is shown.
///
/// It holds target values only. `snapshot(at:)` derives what is on screen at a moment (the presentation),
/// which is all the renderer sees; `nextFrameTime(after:)` tells a frame loop when anything moves next.
public struct HUDScene: Hashable, Sendable {
    public var content: HUDContent
    public var style: HUDStyle
    /// The area the bezel is centred in, in points.
    public var area: Rect
    /// Device pixels per point.
    public var scale: Double
    public private(set) var appearance = Appearance()
    /// The eased progress on screen; `content.progress` is its target.
    public private(set) var progressTrack = ProgressTrack()
    /// When the indicator appeared (shown, or changed while shown): the origin of its phase. Nil draws it at rest,
    /// as `render` does without `--time` (a live icon whole).
    public var indicatorStart: Double?
    /// The bezel sliding in its stack and gliding between sizes.
    public private(set) var motion = BezelMotion()

    public init(content: HUDContent, style: HUDStyle, area: Rect, scale: Double = 1) {
        self.progressTrack = ProgressTrack(content.progress)
        self.content = content
        self.style = style
        self.area = area
        self.scale = scale
    }

    public mutating func show(at time: Double, animated: Bool = true) {
        if !appearance.isShown { indicatorStart = time }
        appearance.show(at: time, animation: style.animation, animated: animated)
    }

    /// The indicator: derived from the content's mode and the style.
    public var indicator: Indicator? { Indicator(content: content, style: style) }

    /// Sets the content; a different indicator starts its motion (a live icon draws itself in) at `time`.
    public mutating func setContent(_ newContent: HUDContent, at time: Double) {
        let before = indicator
        content = newContent
        if appearance.isShown, indicator != before { indicatorStart = time }
    }

    /// Sets the style; a different indicator (another spinner) starts its motion at `time`.
    public mutating func setStyle(_ newStyle: HUDStyle, at time: Double) {
        let before = indicator
        style = newStyle
        if appearance.isShown, indicator != before { indicatorStart = time }
    }

    public mutating func hide(at time: Double, animated: Bool = true) {
        appearance.hide(at: time, animation: style.animation, animated: animated)
    }

    /// Sets the progress, easing the indicator to it from what is shown at `time`.
    public mutating func setProgress(_ value: Double, at time: Double, animated: Bool = true) {
        content.progress = value
        progressTrack.set(content.progress, at: time, animated: animated && appearance.isShown)
    }

    /// The progress drawn at `time`: eased when set with `setProgress`, else the model value as it is.
    public func presentedProgress(at time: Double) -> Double {
        progressTrack.target == content.progress ? progressTrack.value(at: time) : content.progress
    }

    /// Moves the HUD `dy` points from its laid-out place (its place in a stack of HUDs), sliding when it is shown.
    public mutating func setStackShift(_ dy: Double, at time: Double) {
        motion.setShift(dy, at: time, animated: appearance.isShown && !appearance.isAnimating(at: time))
    }

    /// The layout's bezel changed from `old` to `new` (the content changed size): glide while the HUD is shown.
    public mutating func bezelChanged(from old: Rect, to new: Rect, at time: Double) {
        guard appearance.isShown, old != new else { return }
        motion.resize(from: old, to: new, at: time)
    }

    public func layout(measurer: some TextMeasuring) -> HUDLayout {
        HUDLayout(content: content, style: style, area: area, measurer: measurer)
    }

    /// The frame to draw at `time`.
    public func snapshot(at time: Double, measurer: some TextMeasuring, canvasOrigin: Point = .zero,
                         opaque: Bool = false, buttonHighlighted: Bool = false) -> HUDSnapshot {
        snapshot(at: time, layout: layout(measurer: measurer), canvasOrigin: canvasOrigin, opaque: opaque,
                 buttonHighlighted: buttonHighlighted)
    }

    /// The frame to draw at `time` with a layout made earlier (by `HUDRenderer.layout(of:)`, which keeps it
    /// while nothing it depends on changes).
    public func snapshot(at time: Double, layout: HUDLayout, canvasOrigin: Point = .zero, opaque: Bool = false,
                         buttonHighlighted: Bool = false) -> HUDSnapshot {
        var presented = content
        presented.progress = presentedProgress(at: time)
        let phase = indicator?.phase(at: indicatorStart.map { time - $0 }) ?? 0
        return HUDSnapshot(content: presented, style: style, layout: motion.apply(to: layout, at: time),
                    presentation: appearance.presentation(at: time), indicatorPhase: phase,
                    scale: scale, canvasOrigin: canvasOrigin, opaque: opaque, buttonHighlighted: buttonHighlighted)
    }

    /// The next moment after `time` at which the picture changes by itself, or nil when it is static.
    public func nextFrameTime(after time: Double) -> Double? {
        // Every frame until the transition or the progress easing ends.
        if appearance.isAnimating(at: time) || motion.isAnimating(at: time) { return time }
        guard appearance.isShown, let indicator else { return nil }
        if indicator.showsProgress, progressTrack.target == content.progress, progressTrack.isAnimating(at: time) {
            return time
        }
        guard let start = indicatorStart, let next = indicator.nextFrameTime(after: time - start) else { return nil }
        return max(time, start + next)
    }

    /// The largest the bezel gets during the show and hide transitions, as a factor of its size.
    public var maximumZoom: Double { style.animation == .zoomOut || style.animation == .zoomIn ? 1.5 : 1 }
}
