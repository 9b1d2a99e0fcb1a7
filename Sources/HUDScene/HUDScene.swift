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
    public private(set) var progressTrack = ProgressTrack(followsStreams: true)
    /// When the indicator appeared (shown, or changed while shown): the origin of its phase. Nil draws it at rest,
    /// as `render` does without `--time` (a live icon whole).
    public var indicatorStart: Double?
    /// The bezel sliding in its stack and gliding between sizes.
    public private(set) var motion = BezelMotion()
    /// When the content last changed, and whether that change came while the one before would still be easing:
    /// part of a run (a held key's label), whose changes of size are drawn whole.
    private var lastContentChange = -Double.infinity
    private var contentInRun = false

    public init(content: HUDContent, style: HUDStyle, area: Rect, scale: Double = 1) {
        self.progressTrack = ProgressTrack(content.progress, followsStreams: true)
        self.content = content
        self.style = style
        self.area = area
        self.scale = scale
    }

    /// Starts showing at `time`. With `leadIn`, a transition from nothing on screen starts that much earlier: a live
    /// HUD passes a refresh, so that the frame it draws at `time`, which the compositor shows a refresh later, is
    /// already the transition's first step (a fade's first frame was transparent, and the first pixels changed a
    /// refresh after the HUD was up; issue 51). A show during a hide starts from what is presented, as before.
    public mutating func show(at time: Double, animated: Bool = true, leadIn: Double = 0) {
        if !appearance.isShown { indicatorStart = time }
        let transition = animated && !style.appearsAtOnce
        let fromNothing = appearance.presentation(at: time).opacity <= 0
        appearance.show(at: transition && fromNothing ? time - leadIn : time, animation: style.animation,
                        animated: transition)
    }

    /// The indicator: derived from the content's mode and the style.
    public var indicator: Indicator? { Indicator(content: content, style: style) }

    /// Sets the content; a different indicator starts its motion (a live icon draws itself in) at `time`.
    public mutating func setContent(_ newContent: HUDContent, at time: Double) {
        let before = indicator
        if newContent != content {
            contentInRun = time >= lastContentChange && time - lastContentChange < Spring.duration
            lastContentChange = time
        }
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
    ///
    /// With `leadIn`, an ease from rest starts that long before `time`, or earlier still if need be for the frame
    /// drawn at `time` to move the indicator visibly: a producer writing to a HUD at rest sees the change in the
    /// very next frame (the ease then goes on from there).
    public mutating func setProgress(_ value: Double, at time: Double, animated: Bool = true, leadIn: Double = 0) {
        let shown = presentedProgress(at: time)
        content.progress = value
        var animated = animated && appearance.isShown
        if animated, let step = indicator?.visibleProgressStep(scale: scale),
           abs(value - shown) <= Indicator.easedMove * step,
           time - progressTrack.lastChange >= ProgressTrack.runSettle {
            // A move of a pixel or two, eased, shows as the same one-pixel steps in more frames: the frame of the
            // update shows it whole, and a stream of small updates costs one wake-up each. (Updates closer together
            // than two frames are eased however small, so that the frame loop paces them.)
            animated = false
        }
        // A change in a run is drawn whole (see ProgressTrack): a lead-in is for an ease from rest.
        guard animated, leadIn > 0, !progressTrack.isAnimating(at: time), !progressTrack.continuesRun(at: time) else {
            progressTrack.set(content.progress, at: time, animated: animated)
            return
        }
        let before = progressTrack
        var lead = leadIn
        if let step = indicator?.visibleProgressStep(scale: scale), abs(value - before.target) >= step {
            // The smallest lead whose first frame moves by `step`, by halving (the spring rises monotonically).
            func moves(_ lead: Double) -> Bool {
                var t = before
                t.set(value, at: time - lead)
                return abs(t.value(at: time) - before.target) >= step
            }
            if !moves(lead) {
                var lo = lead, hi = ProgressTrack.duration
                for _ in 0..<20 {
                    let mid = (lo + hi) / 2
                    if moves(mid) { hi = mid } else { lo = mid }
                }
                lead = hi
            }
        }
        progressTrack.set(content.progress, at: time - lead)
    }

    /// Whether a frame at `time` would show the progress visibly moved from `shown`, the progress of the frame on
    /// screen: by a device pixel at the indicator's end (`Indicator.visibleProgressStep`), to another
    /// percentage when it is shown, or, when the ease is over, to its exact end if the frame on screen was drawn on
    /// the way or the end is 0 or 1 (a finished HUD shows a closed ring; a HUD at rest shows its value, not the
    /// last pixel its ease crossed, which depends on when frames fell). A move of less than a pixel from a value
    /// at rest is not drawn; a later one takes it along.
    public func progressChangeIsVisible(from shown: Double, at time: Double) -> Bool {
        let now = presentedProgress(at: time)
        guard now != shown else { return false }
        guard let indicator, let step = indicator.visibleProgressStep(scale: scale),
              progressTrack.target == content.progress
        else { return true }
        if indicator.showsValue, Indicator.valueText(now) != Indicator.valueText(shown) { return true }
        // Empty and complete are drawn exactly: the ring closes, the bar fills to its end.
        if !progressTrack.isAnimating(at: time), now == 0 || now == 1 || progressTrack.isOnTheWay(shown) {
            return true
        }
        return abs(now - shown) >= step
    }

    /// When an easing progress next moves visibly from `shown` after `time` (see `progressChangeIsVisible`): the
    /// moment it crosses a device pixel or another percentage, or the ease ends where its end must be drawn; nil
    /// when it does not move visibly any more.
    private func nextProgressFrame(after time: Double, shown: Double) -> Double? {
        guard let indicator, let step = indicator.visibleProgressStep(scale: scale),
              progressTrack.target == content.progress
        else { return nil }
        if progressChangeIsVisible(from: shown, at: time) { return time }
        if !progressTrack.isAnimating(at: time) { return nil }
        let now = presentedProgress(at: time)
        let rising = progressTrack.target > now
        var levels = [rising ? shown + step : shown - step]
        if indicator.showsValue {
            // valueText truncates: the next percentage begins at the next whole one up, or just below this one.
            let percent = (shown * 100).rounded(.down)
            levels.append(rising ? (percent + 1) / 100 : percent / 100 - 1e-9)
        }
        let crossings = levels.compactMap { progressTrack.time(reaching: $0, after: time) }
        let target = progressTrack.target
        let exactEnd = target == 0 || target == 1 || progressTrack.isOnTheWay(shown)
        let end = exactEnd && target != shown ? progressTrack.endTime : nil
        return (crossings + [end].compactMap { $0 }).min()
    }

    /// The progress drawn at `time`: eased when set with `setProgress`, else the model value as it is.
    public func presentedProgress(at time: Double) -> Double {
        progressTrack.target == content.progress ? progressTrack.value(at: time) : content.progress
    }

    /// Moves the HUD `dy` points from its laid-out place (its place in a stack of HUDs), sliding when it is shown.
    /// It moves at once while it appears and for a glide's length after: a HUD that has just come is part of a
    /// burst (ten notifications a second slid the newest bubble down a slot each time, every refresh), and a
    /// move during the fade-in would be a slide nobody sees the start of.
    ///
    /// `inBurst`: the stack it is in is changing fast (another HUD of it changed less than a glide ago, as
    /// `changedRecently` says): it moves at once too.
    public mutating func setStackShift(_ dy: Double, at time: Double, inBurst: Bool = false) {
        let settled = time >= appearance.endTime + Spring.duration
        motion.setShift(dy, at: time, animated: appearance.isShown && settled && !inBurst)
    }

    /// Whether it appeared or its content changed less than a glide before `time`: its stack is busy.
    public func changedRecently(at time: Double) -> Bool {
        time < appearance.endTime + Spring.duration || time - lastContentChange < Spring.duration
    }

    /// The layout's bezel changed from `old` to `new` (the content changed size): glide while the HUD is shown.
    public mutating func bezelChanged(from old: Rect, to new: Rect, at time: Double) {
        guard appearance.isShown, old != new else { return }
        motion.resize(from: old, to: new, at: time,
                      contentInRun: contentInRun && time - lastContentChange < Spring.duration)
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
        let phase = indicator?.phase(at: indicatorStart.map { time - $0 }, scale: scale) ?? 0
        return HUDSnapshot(content: presented, style: style, layout: motion.apply(to: layout, at: time, scale: scale),
                    presentation: appearance.presentation(at: time), indicatorPhase: phase,
                    scale: scale, canvasOrigin: canvasOrigin, opaque: opaque, buttonHighlighted: buttonHighlighted)
    }

    /// The next moment after `time` at which the picture changes by itself, or nil when it is static.
    ///
    /// An easing progress asks for a frame only when it moves visibly from `shownProgress`, the progress of the
    /// frame on screen (by default the one at `time`): a slow stream of small steps costs a few frames per
    /// update, not one per refresh.
    public func nextFrameTime(after time: Double, shownProgress: Double? = nil) -> Double? {
        // Every frame until the transition or the bezel's motion ends.
        if appearance.isAnimating(at: time) || motion.isAnimating(at: time) { return time }
        guard appearance.isShown, let indicator else { return nil }
        var progressFrame: Double? = nil
        if indicator.showsProgress {
            progressFrame = nextProgressFrame(after: time, shown: shownProgress ?? presentedProgress(at: time))
        }
        guard let start = indicatorStart, let next = indicator.nextFrameTime(after: time - start, scale: scale) else {
            return progressFrame
        }
        return min(progressFrame ?? .infinity, max(time, start + next))
    }

    /// The largest the bezel gets during the show and hide transitions, as a factor of its size.
    public var maximumZoom: Double { style.animation == .zoomOut || style.animation == .zoomIn ? 1.5 : 1 }
}
