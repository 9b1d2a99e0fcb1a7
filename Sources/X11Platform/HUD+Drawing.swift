import HUDControl
import X11Display
import X11Names
internal import CX11
import HUDRender
import HUDScene

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
        snapshot.pressedAction = pressedAction
        if opaque {
            // Without a compositor no fade can be seen: appear whole on the first frame, vanish at half way out.
            // (The zoom still plays, through the shape.)
            let o = snapshot.presentation.opacity
            snapshot.presentation.opacity = scene.appearance.isShown ? (o > 0 ? 1 : 0) : (o >= 0.5 ? 1 : 0)
        }
        let (frame, origin) = WindowGeometry.window(of: scene, layout: snapshot.layout, on: monitor.frame,
                                                    opaque: opaque)
        snapshot.canvasOrigin = origin
        let text = renderer.text.generation
        if let presented, presented.snapshot == snapshot, presented.frame == frame, presented.text == text,
           window.isMapped { return }
        if let presented, presented.frame == frame, presented.text == text, window.isMapped,
           scene.looksTheSame(presented.snapshot, snapshot, at: now) {
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
        shape.setInput(WindowGeometry.clickable(snapshot, origin: origin, bezel: bezelAction != nil,
                                                shown: scene.appearance.isShown))
        updateBlurRegion(snapshot)
        window.map()
        presented = PresentedFrame(snapshot: snapshot, frame: frame, canvas: canvas, opaque: opaqueFrame, text: text)
        blit()
        framesDrawn += 1
        renderer.text.keepDrawnTexts()
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
}
