internal import CX11
import HUDRender
import HUDScene

/// The last frame put on the window, kept for comparison and for answering Expose without re-rendering.
struct PresentedFrame {
    var snapshot: HUDSnapshot
    var frame: PixelRect
    var canvas: Canvas
    /// Set when no compositor runs: the pixels actually sent.
    var opaque: OpaqueFrame?
}

extension HUD {
    /// Renders the scene at `now` off screen and puts it on the window in one blit, unless it is what is already there.
    func draw(at now: Double) {
        if mapEarly(at: now) { return }
        let opaque = !isComposited
        let layout = renderer.layout(of: scene)
        if let old = laidOutBezel, old != layout.bezel { scene.bezelChanged(from: old, to: layout.bezel, at: now) }
        laidOutBezel = layout.bezel
        publish(layout: layout)
        var snapshot = scene.snapshot(at: now, layout: layout, opaque: opaque, buttonHighlighted: buttonPressed)
        if opaque {
            // Without a compositor no fade can be seen: appear whole on the first frame, vanish at half way out.
            // (The zoom still plays, through the shape.)
            let o = snapshot.presentation.opacity
            snapshot.presentation.opacity = scene.appearance.isShown ? (o > 0 ? 1 : 0) : (o >= 0.5 ? 1 : 0)
        }
        let (frame, origin) = windowGeometry(layout: snapshot.layout, opaque: opaque)
        snapshot.canvasOrigin = origin
        if let presented, presented.snapshot == snapshot, presented.frame == frame, window.isMapped { return }
        if let presented, presented.frame == frame, window.isMapped,
           looksTheSame(presented.snapshot, snapshot, at: now) {
            framesSkipped += 1
            return
        }

        let canvas: Canvas
        if let previous = presented?.canvas, previous.width == frame.width, previous.height == frame.height {
            canvas = previous
        } else {
            guard let fresh = try? Canvas(width: frame.width, height: frame.height) else { return }
            canvas = fresh
        }
        let dirty = renderer.render(snapshot, into: canvas)
        if updateIndicatorOnly(snapshot, frame: frame, canvas: canvas, dirty: dirty) { return }
        var opaqueFrame: OpaqueFrame? = nil
        if opaque {
            opaqueFrame = canvas.withUnsafeBytes {
                OpaqueFrame(rows: $0, width: canvas.width, height: canvas.height, stride: canvas.stride)
            }
        }
        window.move(to: frame)
        shape.setBounding(opaqueFrame?.shape)
        shape.setInput(clickableRect(snapshot, origin: origin))
        updateBlurRegion(snapshot)
        window.map()
        presented = PresentedFrame(snapshot: snapshot, frame: frame, canvas: canvas, opaque: opaqueFrame)
        blit()
        framesDrawn += 1
    }

    /// Whether `new` differs from the frame on screen only by a progress the eye cannot tell from it (the scene
    /// decides, from the indicator's size: less than a device pixel at its end).
    private func looksTheSame(_ old: HUDSnapshot, _ new: HUDSnapshot, at now: Double) -> Bool {
        old.indicatorPhase == new.indicatorPhase && old.differsOnlyInIndicator(from: new)
            && !scene.progressChangeIsVisible(from: old.content.progress, at: now)
    }

    /// The first frame of a fade or zoom is fully transparent, so nothing needs the fonts before the window is
    /// mapped: map it at once, clipped to nothing, and lay out and draw on the next turn of the main queue.
    /// Returns whether it did.
    private func mapEarly(at now: Double) -> Bool {
        guard presented == nil, !window.isMapped, scene.appearance.presentation(at: now).opacity < 0.02 else {
            return false
        }
        let u = monitor.usable
        window.move(to: PixelRect(x: u.x + u.width / 2, y: u.y + u.height / 2, width: 1, height: 1))
        shape.setBounding([])
        window.map()
        // Its place in the display's list (the order of a stack) is taken as it maps, not at its first laid-out
        // frame: a HUD started after it but quicker to lay out (a loaded machine) must not stack above it.
        listing.takePlace(window: window.id, connection: connection)
        connection.flush()
        setNeedsUpdate()
        return true
    }

    /// When only the indicator moved since the frame on screen (progress, a spinner's phase), sends just the
    /// rectangle the renderer dirtied: a progress stream then costs a few kilobytes a frame instead of the whole
    /// window. Returns whether it did.
    private func updateIndicatorOnly(_ snapshot: HUDSnapshot, frame: PixelRect, canvas: Canvas, dirty r: Rect) -> Bool {
        guard var p = presented, p.frame == frame, window.isMapped, p.canvas === canvas,
              r.width < Double(canvas.width) || r.height < Double(canvas.height),
              p.snapshot.differsOnlyInIndicator(from: snapshot)
        else { return false }
        // The one reference to the sent pixels while they change: a second would copy them all every frame.
        presented = nil
        defer { presented = p }
        let x0 = max(0, Int(r.x.rounded(.down))), y0 = max(0, Int(r.y.rounded(.down)))
        // Outwards to whole pixels: a partly covered pixel is a changed one.
        let dirty = OpaqueFrame.Span(x: x0, y: y0, width: min(canvas.width, Int(r.maxX.rounded(.up))) - x0,
                                     height: min(canvas.height, Int(r.maxY.rounded(.up))) - y0)
        guard dirty.width > 0, dirty.height > 0 else { return false }
        if var opaque = p.opaque {
            p.opaque = nil
            // A pixel crossing the half-covered line would change the window's shape: draw the whole frame then.
            let kept = canvas.withUnsafeBytes { opaque.update(rows: $0, stride: canvas.stride, in: dirty) }
            p.opaque = opaque
            guard kept else { return false }
        }
        p.snapshot = snapshot
        presented = p
        blit(dirty)
        framesDrawn += 1
        return true
    }

    /// Puts the presented frame (or the part of it in `region`) on the window (again, after an Expose).
    func blit(_ region: OpaqueFrame.Span? = nil) {
        guard let p = presented else { return }
        let (w, h) = p.opaque.map { ($0.width, $0.height) } ?? (p.canvas.width, p.canvas.height)
        pixelBytesSent += (region.map { $0.width * $0.height } ?? w * h) * 4
        if let o = p.opaque {
            o.pixels.withUnsafeBytes {
                window.put($0, width: o.width, height: o.height, stride: o.width * 4, region: region)
            }
        } else {
            p.canvas.withUnsafeBytes {
                window.put($0, width: p.canvas.width, height: p.canvas.height, stride: p.canvas.stride, region: region)
            }
        }
    }

    /// The window covers the bezel at its largest zoom (plus a pixel of antialiasing), or the whole monitor (panels
    /// too, as MBProgressHUD's background view covers the screen) when a dim background is asked for and a
    /// compositor can show it. Returns the window in root pixels and the scene point at its top-left pixel.
    func windowGeometry(layout: HUDLayout, opaque: Bool) -> (PixelRect, Point) {
        let covered: Rect
        if !opaque, scene.style.backgroundColor.alpha > 0 {
            covered = Rect(x: 0, y: 0, width: Double(monitor.frame.width) / scene.scale,
                           height: Double(monitor.frame.height) / scene.scale)
        } else {
            // The bezel as presented, and its content where it is going (they differ while the bezel glides).
            var b = layout.bezel
            for item in [layout.indicator, layout.label?.frame, layout.details?.frame, layout.button?.frame] {
                if let r = item { b = b.union(r) }
            }
            let grow = (max(b.width, b.height) * (scene.maximumZoom - 1) / 2).rounded(.up) + 1
            // A sliding bezel comes out from the top of the area.
            let top = scene.style.animation == .slide ? min(scene.area.minY, b.minY - grow) : b.minY - grow
            covered = Rect(x: b.minX - grow, y: top, width: b.width + 2 * grow, height: b.maxY + grow - top)
        }
        let px = covered.scaled(by: scene.scale)
        let frame = PixelRect(x: monitor.frame.x + Int(px.x), y: monitor.frame.y + Int(px.y),
                              width: max(1, Int(px.width)), height: max(1, Int(px.height)))
        return (frame, Point(x: px.x / scene.scale, y: px.y / scene.scale))
    }

    /// The part of the window that takes clicks while the HUD is (being) shown, in window pixels: the bezel when
    /// `bezelAction` is set, else the button, else nothing.
    func clickableRect(_ snapshot: HUDSnapshot, origin: Point) -> OpaqueFrame.Span? {
        guard scene.appearance.isShown else { return nil }
        let target = bezelAction != nil ? snapshot.presentedBezel : snapshot.layout.button?.frame
        guard let area = target else { return nil }
        let r = Rect(x: area.minX - origin.x, y: area.minY - origin.y, width: area.width, height: area.height)
            .scaled(by: scene.scale)
        return OpaqueFrame.Span(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
    }

    /// The scene point under a point in window pixels.
    private func scenePoint(x: Int, y: Int) -> Point? {
        guard let p = presented else { return nil }
        return Point(x: Double(x) / scene.scale + p.snapshot.canvasOrigin.x,
                     y: Double(y) / scene.scale + p.snapshot.canvasOrigin.y)
    }

    /// Whether a point in window pixels is on the button.
    func hitsButton(x: Int, y: Int) -> Bool {
        guard let point = scenePoint(x: x, y: y), let button = presented?.snapshot.layout.button?.frame else {
            return false
        }
        return button.contains(point)
    }

    /// Whether a point in window pixels is on the bezel as drawn.
    func hitsBezel(x: Int, y: Int) -> Bool {
        guard let point = scenePoint(x: x, y: y), let p = presented else { return false }
        return p.snapshot.presentedBezel.contains(point)
    }
}

extension HUD {
    /// A pointer button on any window: the HUD's button, or its bezel when `bezelAction` is set.
    func handleButton(_ e: XButtonEvent, pressed: Bool) {
        guard e.button == UInt32(Button1) else { return }
        let x = Int(e.x), y = Int(e.y)
        if pressed {
            guard e.window == window.id, hitsButton(x: x, y: y) else { return }
            buttonPressed = true
            setNeedsUpdate()
        } else if buttonPressed {
            buttonPressed = false
            setNeedsUpdate()
            if e.window == window.id, hitsButton(x: x, y: y) {
                if let buttonAction { buttonAction() } else { cancel() }
            }
        } else if let bezelAction, e.window == window.id, hitsBezel(x: x, y: y) {
            bezelAction()
        }
    }

    /// The compositor started or stopped: the next frame is drawn whole, translucent or opaque and shaped.
    func compositorChanged() { presented = nil }
}
