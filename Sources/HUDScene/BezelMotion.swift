/// How the bezel moves between layouts, on the show/hide spring and from where it is presented, so that nothing
/// jumps: the whole HUD slides when the stack of HUDs it belongs to changes, and the bezel grows or shrinks when its
/// content changes size (a longer label, a new mode). Pure functions of time, like `Appearance`.
public struct BezelMotion: Hashable, Sendable {
    /// The vertical shift of the whole HUD from its laid-out place, in points: its place in a stack. A shift that
    /// comes while the last would still be sliding (a burst of notifications) goes there in the next frame, as a
    /// run of progress does: ten bubbles a second slid each HUD of the column at every refresh.
    public private(set) var shift = ProgressTrack(0, duration: Spring.duration, followsStreams: true)
    private var resize: (from: Rect, to: Rect, start: Double)?
    /// When the content last changed size.
    private var lastResize = -Double.infinity

    public init() {}

    /// Slides to `dy` points below the laid-out place (above when negative), or moves there at once.
    public mutating func setShift(_ dy: Double, at time: Double, animated: Bool) {
        shift.set(dy, at: time, animated: animated)
    }

    /// The bezel, laid out as `from` until now, is now laid out as `to`: glide between them, or, when the last
    /// change of size came less than a glide ago (a held key's label, a stream's details), go there at once, as a
    /// run of progress changes does (`ProgressTrack`): a run settles within a frame of its last change.
    /// `contentInRun`: the content that changed size is itself part of a run of changes (a count going up ten
    /// times a second), which moves it at once too.
    public mutating func resize(from: Rect, to: Rect, at time: Double, contentInRun: Bool = false) {
        let inRun = contentInRun || (time >= lastResize && time - lastResize < Spring.duration)
        lastResize = time
        resize = inRun ? nil : (presentedBezel(target: from, at: time), to, time)
    }

    /// `layout` as presented at `time`: shifted, with the bezel on its way to the laid-out one. A slide moves by
    /// whole device pixels (`scale` of them a point), so each of its frames is the last one's pixels moved: a
    /// Wayland HUD moves its surface and draws nothing.
    public func apply(to layout: HUDLayout, at time: Double, scale: Double = 1) -> HUDLayout {
        var presented = layout
        presented.bezel = presentedBezel(target: layout.bezel, at: time)
        var dy = shift.value(at: time)
        if shift.isAnimating(at: time) { dy = (dy * scale).rounded() / scale }
        return dy == 0 ? presented : presented.translated(dy: dy)
    }

    /// Whether the presented layout still changes after `time`.
    public func isAnimating(at time: Double) -> Bool {
        shift.isAnimating(at: time) || resize.map { time < $0.start + Spring.duration } == true
    }

    private func presentedBezel(target: Rect, at time: Double) -> Rect {
        guard let r = resize, r.to == target else { return target }
        let f = Spring.criticallyDamped((time - r.start) / Spring.duration)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        return Rect(x: mix(r.from.x, r.to.x), y: mix(r.from.y, r.to.y), width: mix(r.from.width, r.to.width),
                    height: mix(r.from.height, r.to.height))
    }

    public static func == (a: BezelMotion, b: BezelMotion) -> Bool {
        a.shift == b.shift && a.resize?.from == b.resize?.from && a.resize?.to == b.resize?.to
            && a.resize?.start == b.resize?.start && a.lastResize == b.lastResize
    }

    public func hash(into h: inout Hasher) {
        h.combine(shift)
        h.combine(resize?.to)
        h.combine(resize?.start)
        h.combine(lastResize)
    }
}

extension HUDLayout {
    /// Everything moved down by `dy` points.
    public func translated(dy: Double) -> HUDLayout {
        func move(_ r: Rect) -> Rect { Rect(x: r.x, y: r.y + dy, width: r.width, height: r.height) }
        var l = self
        l.bezel = move(bezel)
        l.indicator = indicator.map(move)
        l.sideImage = sideImage.map(move)
        l.label?.frame = move(label!.frame)
        l.details?.frame = move(details!.frame)
        l.count?.frame = move(count!.frame)
        func move(_ b: PlacedButton) -> PlacedButton {
            PlacedButton(frame: move(b.frame), title: PlacedText(block: b.title.block, frame: move(b.title.frame)))
        }
        l.button = button.map(move)
        l.buttons = buttons.map(move)
        return l
    }
}
