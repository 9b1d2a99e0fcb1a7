import HUDLoop
import HUDControl
import HUDRender
import HUDScene

/// The last frame given to the compositor, kept to skip frames that would look the same.
struct WaylandFrame {
    var snapshot: HUDSnapshot
    var placement: LayerSurface.Placement
    var pixelsPerUnit: Double
    var canvas: Canvas
    /// The text engine's generation it was drawn with: kept text images, or Pango's own drawing.
    var text: Int
}

extension WaylandHUD {
    /// Surface units per scene point: 1 unless a fixed scale renders more (or fewer) pixels than the output's.
    var unitsPerPoint: Double { scene.scale / pixelsPerUnit }

    /// Buffer pixels per surface unit: the scale the compositor asks the surface for (fractional, such as 1.5,
    /// where it says one), else the output's; 1 under a fixed scale (which sets the pixels itself).
    var pixelsPerUnit: Double {
        guard fixedScale == nil else { return 1 }
        return fractionalScale ?? Double(outputScale)
    }

    /// The compositor's preferred scale for the surface when it is not a whole number: drawn at it into a buffer
    /// the viewport shows at the surface's size, instead of at the next integer scale and shrunk by the compositor.
    var fractionalScale: Double? {
        guard let preferred = surface?.preferredScale, preferred != preferred.rounded() else { return nil }
        return preferred
    }

    /// The scale of the output the surface is on (or the named one, or the largest, before it is on any).
    var outputScale: Int {
        let outputs = session.connection.outputs
        if let on = surface?.outputs.compactMap(session.connection.output).map(\.scale).max() { return on }
        if let outputName, let named = outputs.first(where: { $0.name == outputName }) { return named.scale }
        return outputs.map(\.scale).max() ?? 1
    }

    /// Renders the scene at `now` and gives it to the compositor, unless it is what is on screen already, or the
    /// compositor has not shown the last frame yet (then it is drawn when it has: one frame per refresh at most).
    func draw(at now: Double) {
        guard let surface = readySurface(), let area else { return }
        guard !surface.waitingForFrame else {
            frameWanted = true
            return
        }
        let renderScale = fixedScale ?? pixelsPerUnit
        if renderScale != scene.scale {
            renderer = session.textEngines.renderer(scale: renderScale)
            scene.scale = renderScale
            laidOutBezel = nil
        }
        let u = unitsPerPoint
        scene.area = Rect(x: 0, y: 0, width: Double(area.width) / u, height: Double(area.height) / u)
        let layout = renderer.layout(of: scene)
        if let old = laidOutBezel, old != layout.bezel { scene.bezelChanged(from: old, to: layout.bezel, at: now) }
        laidOutBezel = layout.bezel
        if stackPlace.map({ $0.bezel != layout.bezel || $0.areaHeight != scene.area.height }) ?? true {
            // Its age in the stack is kept while it is up: a HUD that grows keeps its place.
            stackPlace = (layout.bezel, scene.area.height, stackPlace?.since ?? MonotonicClock.now)
            session.placesChanged()
        }
        var snapshot = scene.snapshot(at: now, layout: layout, opaque: false, buttonHighlighted: pressed == .button)
        if case .action(let index)? = pressed { snapshot.pressedAction = index }
        // A dim or a block covers the whole usable area, as MBProgressHUD's background view covers the screen.
        let whole = style.backgroundColor.alpha > 0 || blocksInput
        let placement: LayerSurface.Placement
        let (width, height): (Int, Int)
        if whole {
            placement = .wholeArea
            (width, height) = area
            snapshot.canvasOrigin = .zero
        } else {
            let c = scene.bezelCover(layout: snapshot.layout)
            let x0 = max(0, Int((c.minX * u).rounded(.down))), y0 = max(0, Int((c.minY * u).rounded(.down)))
            let x1 = min(area.width, Int((c.maxX * u).rounded(.up)))
            let y1 = min(area.height, Int((c.maxY * u).rounded(.up)))
            (width, height) = (max(1, x1 - x0), max(1, y1 - y0))
            placement = .rect(x: x0, y: y0, width: width, height: height)
            snapshot.canvasOrigin = Point(x: Double(x0) / u, y: Double(y0) / u)
        }
        let scale = pixelsPerUnit
        let text = renderer.text.generation
        if let p = presented, p.placement == placement, p.pixelsPerUnit == scale, p.text == text,
           p.snapshot == snapshot || scene.looksTheSame(p.snapshot, snapshot, at: now) {
            return
        }
        if let p = presented, p.pixelsPerUnit == scale, p.text == text,
           p.snapshot.isMoved(to: snapshot, from: p.placement, to: placement, unitsPerPoint: u) {
            surface.move(to: placement)
            session.connection.flush()
            presented = WaylandFrame(snapshot: snapshot, placement: placement, pixelsPerUnit: scale, canvas: p.canvas,
                                     text: text)
            framesMoved += 1
            return
        }
        let (pixelWidth, pixelHeight) = (Int((Double(width) * scale).rounded(.up)),
                                         Int((Double(height) * scale).rounded(.up)))
        let canvas: Canvas
        if let previous = presented?.canvas, previous.width == pixelWidth, previous.height == pixelHeight {
            canvas = previous
        } else {
            guard let fresh = try? Canvas(width: pixelWidth, height: pixelHeight) else { return }
            canvas = fresh
        }
        _ = renderer.render(snapshot, into: canvas)
        guard let buffer = freeBuffer(width: pixelWidth, height: pixelHeight) else { return }
        canvas.withUnsafeBytes { buffer.fill(from: $0, stride: canvas.stride) }
        surface.place(placement)
        surface.setInputRegion(inputRegion(snapshot, placement: placement, width: width, height: height))
        if fractionalScale != nil {
            surface.present(buffer, scale: 1, size: (width, height))
        } else {
            surface.present(buffer, scale: Int(scale))
        }
        session.connection.flush()
        presented = WaylandFrame(snapshot: snapshot, placement: placement, pixelsPerUnit: scale, canvas: canvas,
                                 text: text)
        framesDrawn += 1
        renderer.text.keepDrawnTexts()
    }

    /// The surface, made on the first frame over the whole usable area of its output, which the compositor's
    /// first configure measures; nil until it has.
    func readySurface() -> LayerSurface? {
        if let surface { return area == nil ? nil : surface }
        let connection = session.connection
        guard let shell = connection.layerShell, let compositor = connection.compositor else { return nil }
        let output = outputName.flatMap { name in connection.outputs.first { $0.name == name } }
        let made = LayerSurface(connection: connection, shell: shell, compositor: compositor, output: output?.proxy,
                                namespace: "x11hud")
        made.configured = { [unowned self, unowned made] width, height in
            guard made.placement == .wholeArea, width > 0, height > 0 else { return }
            if area.map({ $0 != (width, height) }) ?? true { area = (width, height) }
            session.setNeedsUpdate()
        }
        made.frameDone = { [unowned self] in
            guard frameWanted else { return }
            frameWanted = false
            session.setNeedsUpdate()
        }
        made.outputsChanged = { [unowned self] in
            // Known now, or moved: it stacks with the HUDs of the output it is on, no longer with another's.
            if stackPlace != nil { session.placesChanged() }
            session.setNeedsUpdate()
        }
        made.preferredScaleChanged = { [unowned self] in session.setNeedsUpdate() }
        // The compositor took the surface away (its output went): made again, on another output, with the next frame.
        made.closed = { [unowned self] in
            takeDown()
            session.setNeedsUpdate()
        }
        made.place(.wholeArea)
        made.commit()
        connection.flush()
        surface = made
        return nil
    }

    /// A buffer of that size the compositor is not reading: one of the last few, or a new one.
    private func freeBuffer(width: Int, height: Int) -> ShmBuffer? {
        let pool = session.connection.buffers
        pool.keep(buffers.filter { $0.width != width || $0.height != height })
        buffers.removeAll { $0.width != width || $0.height != height }
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard let made = pool.take(width: width, height: height)
                ?? session.connection.shm.flatMap({ try? ShmBuffer(shm: $0, width: width, height: height) })
        else { return nil }
        // Kept for the next frames; a compositor holds at most two of them at a time.
        if buffers.count < 3 { buffers.append(made) }
        return made
    }

    /// Where the surface takes the pointer, in surface units: all of it while it blocks input, else the bezel or
    /// the buttons while shown (as `HUDSnapshot.clickable` says), else nowhere.
    private func inputRegion(_ snapshot: HUDSnapshot, placement: LayerSurface.Placement, width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard scene.appearance.isShown else { return nil }
        if blocksInput { return (0, 0, width, height) }
        guard let r = snapshot.clickable(bezel: bezelAction != nil) else { return nil }
        let u = unitsPerPoint, o = snapshot.canvasOrigin
        let x = Int(((r.minX - o.x) * u).rounded(.down)), y = Int(((r.minY - o.y) * u).rounded(.down))
        return (x, y, Int((r.width * u).rounded(.up)), Int((r.height * u).rounded(.up)))
    }

    // MARK: The pointer

    /// The pointer is at `x`, `y` in surface units over this HUD's surface (nil: it left).
    func pointerMoved(to point: (x: Double, y: Double)?) {
        let was = pointer != nil
        pointer = point.map { Point(x: $0.x, y: $0.y) }
        if was != (pointer != nil) { controller.hoverChanged?(pointer != nil) }
    }

    /// A pointer button (a Linux input code) over the surface: the button, an action button or the bezel acts when
    /// released over what it was pressed on, as on X11.
    func pointerButton(_ code: UInt32, pressed down: Bool) {
        guard let p = pointer, let shown = presented?.snapshot else { return }
        let u = unitsPerPoint
        let hit = shown.hit(Point(x: p.x / u + shown.canvasOrigin.x, y: p.y / u + shown.canvasOrigin.y))
        let left: UInt32 = 0x110, right: UInt32 = 0x111, middle: UInt32 = 0x112
        guard code == left else {
            if !down, code == right || code == middle, bezelAction != nil, hit != nil {
                controller.bezelOtherClicked?(code == middle ? 2 : 3)
            }
            return
        }
        if down {
            switch hit {
            case .button?, .action?:
                pressed = hit
                session.setNeedsUpdate()
            default: break
            }
            return
        }
        if let was = pressed {
            pressed = nil
            session.setNeedsUpdate()
            guard hit == was else { return }
            switch was {
            case .button: controller.buttonClicked()
            case .action(let index): controller.actionClicked?(index)
            case .bezel: break
            }
        } else if hit != nil, let bezelAction {
            bezelAction()
        }
    }
}

extension HUDSnapshot {
    /// Whether `new`, placed at `to`, is this frame placed at `from` moved whole by whole surface units: the same
    /// pixels in a surface of the same size somewhere else (a stack's shift), so the surface moves and nothing is
    /// drawn.
    func isMoved(to new: HUDSnapshot, from: LayerSurface.Placement, to: LayerSurface.Placement,
                 unitsPerPoint u: Double) -> Bool {
        guard case .rect(let x0, let y0, let w0, let h0) = from, case .rect(let x1, let y1, let w1, let h1) = to,
              (x0, w0, h0) == (x1, w1, h1), y0 != y1 else { return false }
        let dy = Double(y1 - y0) / u
        var moved = self
        moved.layout = layout.translated(dy: dy)
        moved.canvasOrigin.y += dy
        return moved == new
    }
}
