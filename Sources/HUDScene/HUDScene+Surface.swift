/// What any presenter (an X window, a Wayland surface) needs from the scene to place its surface, skip frames the eye
/// cannot tell apart and find what a click is on: pure functions, so both platforms decide alike.
extension HUDScene {
    /// The part of the area a surface must cover to show the bezel at its largest zoom (plus a point of
    /// antialiasing), its content where it is going (they differ while the bezel glides), and a sliding bezel's
    /// way in from the top of the area. In points, in the area's coordinates.
    public func bezelCover(layout: HUDLayout) -> Rect {
        var b = layout.bezel
        let items = [layout.indicator, layout.sideImage, layout.label?.frame, layout.details?.frame,
                     layout.button?.frame, layout.count?.frame] + layout.buttons.map(\.frame)
        for item in items {
            if let r = item { b = b.union(r) }
        }
        let grow = (max(b.width, b.height) * (maximumZoom - 1) / 2).rounded(.up) + 1
        let top = style.animation == .slide ? min(area.minY, b.minY - grow) : b.minY - grow
        return Rect(x: b.minX - grow, y: top, width: b.width + 2 * grow, height: b.maxY + grow - top)
    }

    /// Whether `new` differs from `old`, the frame on screen, only by a progress the eye cannot tell from it (less
    /// than a device pixel at the indicator's end): such a frame is not drawn.
    public func looksTheSame(_ old: HUDSnapshot, _ new: HUDSnapshot, at now: Double) -> Bool {
        old.indicatorPhase == new.indicatorPhase && old.differsOnlyInIndicator(from: new)
            && !progressChangeIsVisible(from: old.content.progress, at: now)
    }
}

/// What a point of a drawn frame is on.
public enum HUDHit: Equatable, Sendable {
    case button
    /// An action button, by its index in the layout's `buttons`.
    case action(Int)
    case bezel
}

extension HUDSnapshot {
    /// The scene point at `x`, `y` device pixels from the frame's top-left corner.
    public func scenePoint(pixelX x: Double, y: Double) -> Point {
        Point(x: x / scale + canvasOrigin.x, y: y / scale + canvasOrigin.y)
    }

    /// What is under scene point `p`: the button, an action button, else the bezel as drawn, else nothing.
    public func hit(_ p: Point) -> HUDHit? {
        if layout.button?.frame.contains(p) == true { return .button }
        if let index = layout.buttons.firstIndex(where: { $0.frame.contains(p) }) { return .action(index) }
        return presentedBezel.contains(p) ? .bezel : nil
    }

    /// The part of the frame that takes clicks, in scene points: the bezel when `bezel` (a bezel action is set),
    /// else the buttons (the box round them all), else nothing.
    public func clickable(bezel: Bool) -> Rect? {
        if bezel { return presentedBezel }
        let buttons = ([layout.button?.frame] + layout.buttons.map(\.frame)).compactMap { $0 }
        return buttons.dropFirst().reduce(buttons.first) { $0?.union($1) }
    }
}
