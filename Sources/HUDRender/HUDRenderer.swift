internal import CCairo
public import HUDScene

/// Draws a `HUDSnapshot` into a `Canvas`. It reads the snapshot only; the state it keeps is caches: shaped text,
/// and the still part of the last frame at rest.
public final class HUDRenderer {
    /// Shapes and caches the text; also the measurer to lay out with, so layout and drawing agree.
    public let text: TextEngine
    public var scale: Double { text.scale }

    /// Everything but a moving indicator, from the last frame at rest: while only the indicator moves,
    /// a frame is this layer copied plus the indicator drawn on it.
    private var stillLayer: (key: HUDSnapshot, canvas: Canvas)?
    /// The canvas the still layer was last copied into whole: on it, later frames redraw the indicator only.
    private weak var stillLayerTarget: Canvas?
    /// The indicator's motion last drawn into `stillLayerTarget`: a new progress dirties only the part between.
    private var lastMotion: (phase: Double, progress: Double)?
    /// The finished pixels of a spinner's dirty rectangle for each phase drawn over the current still layer: a
    /// spinner repeats its phases every cycle, so from the second cycle on a frame is a copy, not a rasterisation
    /// (cairo's scan conversion was most of a frame's CPU).
    private var sprites = SpriteCache()
    /// Frames put together from a kept copy of the indicator rather than drawn (for tests and benchmarks).
    public private(set) var framesCopied = 0

    /// The last layout and what it was made from: progress never changes a layout, so a moving indicator does not
    /// lay the HUD out again every frame.
    private var lastLayout: (content: HUDContent, style: HUDStyle, area: Rect, layout: HUDLayout)?

    /// The text generation the caches below were made with: an engine shared with other renderers
    /// (`TextEnginePool`) may have moved from kept images to Pango in another renderer's `layout(of:)`.
    private var textGeneration: Int

    public init(scale: Double = 1) {
        text = TextEngine(scale: scale)
        textGeneration = text.generation
    }

    /// A renderer drawing with `text`, which other renderers of the same session may share.
    public init(text: TextEngine) {
        self.text = text
        textGeneration = text.generation
    }

    /// `scene`'s layout, measured with this renderer's text engine, reused while content (but progress), style and
    /// area stay the same.
    public func layout(of scene: HUDScene) -> HUDLayout {
        // The engine's generation, not `settle()`'s answer: a shared engine may have settled in another renderer.
        _ = text.settle()
        if text.generation != textGeneration {
            // Pango takes over from kept images: what was laid out and drawn with them is made again.
            textGeneration = text.generation
            lastLayout = nil
            stillLayer = nil
            stillLayerTarget = nil
            sprites = SpriteCache()
        }
        var content = scene.content
        content.progress = 0
        if let last = lastLayout, last.content == content, last.style == scene.style, last.area == scene.area {
            return last.layout
        }
        let layout = scene.layout(measurer: text)
        lastLayout = (content, scene.style, scene.area, layout)
        return layout
    }

    /// Draws `s` into `canvas` and returns the rectangle of canvas pixels it changed: only the indicator's when
    /// only the indicator moved since the last frame drawn into the same canvas, else the whole canvas.
    @discardableResult
    public func render(_ s: HUDSnapshot, into canvas: Canvas) -> Rect {
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        let p = s.presentation
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        if p.opacity == 1, p.scale == 1, p.slide == 0, let frame = s.layout.indicator, let indicator = s.indicator,
           indicator.moves, let still = stillLayer(for: s, width: canvas.width, height: canvas.height) {
            transform(cr, s)
            var dirty = whole
            // Only the indicator's rectangle changes: the rest of the canvas already holds this layer.
            if canvas === stillLayerTarget {
                var r = indicator.dirtyRect(in: frame)
                if indicator.showsProgress, let last = lastMotion, last.phase == s.indicatorPhase {
                    r = indicator.progressDirtyRect(in: frame, from: last.progress, to: s.content.progress)
                }
                let px = Rect(x: r.minX - s.canvasOrigin.x, y: r.minY - s.canvasOrigin.y, width: r.width,
                              height: r.height).scaled(by: s.scale)
                // Whole pixels: a clip through a pixel would blend the old frame into it.
                let x0 = px.minX.rounded(.down), y0 = px.minY.rounded(.down)
                dirty = Rect(x: x0, y: y0, width: px.maxX.rounded(.up) - x0, height: px.maxY.rounded(.up) - y0)
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, dirty.minX, dirty.minY, dirty.width, dirty.height)
                cairo_restore(cr)
                cairo_clip(cr)
            }
            // A spinner's phases come round again every cycle; a progress or a live icon's never do.
            var cached = false
            if case .spinner = indicator.kind { cached = canvas === stillLayerTarget }
            if cached, let sprite = sprites.sprite(phase: s.indicatorPhase, at: dirty) {
                sprite.paint(on: cr)
                framesCopied += 1
            } else {
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(cr, still.surface, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
                drawIndicator(s, .moving, on: cr)
                if cached { sprites.keep(phase: s.indicatorPhase, at: dirty, from: canvas) }
            }
            stillLayerTarget = canvas
            lastMotion = (s.indicatorPhase, s.content.progress)
            return dirty
        }
        stillLayerTarget = nil
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        transform(cr, s)
        guard p.opacity > 0 else { return whole }
        // A whole-layer opacity needs an intermediate surface; skip it when fully shown.
        let grouped = p.opacity < 1
        if grouped { cairo_push_group(cr) }
        if p.slide != 0 { cairo_translate(cr, 0, -s.slideDistance) }
        if p.scale != 1 {
            let bezel = s.layout.bezel
            cairo_translate(cr, bezel.midX, bezel.midY)
            cairo_scale(cr, p.scale, p.scale)
            cairo_translate(cr, -bezel.midX, -bezel.midY)
        }
        drawStill(s, on: cr)
        drawIndicator(s, .all, on: cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, p.opacity)
        }
        // The dim background goes under the bezel, and fades with it.
        if !s.opaque, s.style.backgroundColor.alpha > 0 {
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
            Painter.setColor(cr, s.style.backgroundColor, alphaFactor: p.opacity)
            cairo_paint(cr)
        }
        return whole
    }

    private func drawIndicator(_ s: HUDSnapshot, _ part: Indicator.Part, on cr: OpaquePointer) {
        guard let frame = s.layout.indicator, let indicator = s.indicator else { return }
        let color = indicator.showsProgress ? s.style.progressColor ?? s.style.contentColor : s.style.contentColor
        indicator.draw(part, phase: s.indicatorPhase, progress: s.content.progress, in: frame, color: color,
                       text: text, on: cr)
    }

    /// Scene points to canvas pixels.
    private func transform(_ cr: OpaquePointer, _ s: HUDSnapshot) {
        cairo_scale(cr, s.scale, s.scale)
        cairo_translate(cr, -s.canvasOrigin.x, -s.canvasOrigin.y)
    }

    /// The bezel, labels and button: all but the indicator.
    private func drawStill(_ s: HUDSnapshot, on cr: OpaquePointer) {
        Painter.setColor(cr, s.opaque ? s.style.bezelColor.withAlpha(1) : s.style.bezelColor)
        Painter.roundedRect(cr, s.layout.bezel, radius: s.style.cornerRadius)
        cairo_fill(cr)
        drawFrame(s, on: cr)
        let color = s.style.contentColor
        if let label = s.layout.label { text.draw(label.block, in: label.frame, color: color, on: cr) }
        if let details = s.layout.details { text.draw(details.block, in: details.frame, color: color, on: cr) }
        if let count = s.layout.count { text.draw(count.block, in: count.frame, color: color, on: cr) }
        if let button = s.layout.button { drawButton(button, highlighted: s.buttonHighlighted, color: color, on: cr) }
        for (i, button) in s.layout.buttons.enumerated() {
            drawButton(button, highlighted: s.pressedAction == i, color: color, on: cr)
        }
        if let f = s.layout.sideImage, let custom = s.content.custom {
            IndicatorPainter.draw(custom, in: f, color: color, on: cr)
        }
    }

    /// The style's frame: a line just inside the bezel's edge, following its corners.
    private func drawFrame(_ s: HUDSnapshot, on cr: OpaquePointer) {
        let w = s.style.frameWidth, b = s.layout.bezel
        guard s.style.frameColor.alpha > 0, w > 0, b.width > 2 * w, b.height > 2 * w else { return }
        let edge = Rect(x: b.minX + w / 2, y: b.minY + w / 2, width: b.width - w, height: b.height - w)
        Painter.roundedRect(cr, edge, radius: max(0, s.style.cornerRadius - w / 2))
        Painter.setColor(cr, s.opaque ? s.style.frameColor.withAlpha(1) : s.style.frameColor)
        cairo_set_line_width(cr, w)
        cairo_stroke(cr)
    }

    /// The still layer for `s` at rest, drawn anew when anything but progress and the spinner step changed.
    private func stillLayer(for s: HUDSnapshot, width: Int, height: Int) -> Canvas? {
        let key = s.motionless
        if let stillLayer, stillLayer.key == key, stillLayer.canvas.width == width, stillLayer.canvas.height == height {
            return stillLayer.canvas
        }
        stillLayerTarget = nil
        sprites.removeAll()
        guard let layer = try? Canvas(width: width, height: height) else { return nil }
        let cr = cairo_create(layer.surface)!
        defer { cairo_destroy(cr) }
        transform(cr, s)
        if !s.opaque, s.style.backgroundColor.alpha > 0 {
            Painter.setColor(cr, s.style.backgroundColor)
            cairo_paint(cr)
        }
        drawStill(s, on: cr)
        drawIndicator(s, .still, on: cr)
        stillLayer = (key, layer)
        return layer
    }

    /// MBProgressHUDRoundedButton: a 1 pt border in the content colour, fully rounded ends, a faint fill when pressed.
    private func drawButton(_ b: HUDLayout.PlacedButton, highlighted: Bool, color: RGBA, on cr: OpaquePointer) {
        let radius = (b.frame.height / 2).rounded(.up)
        let edge = Rect(x: b.frame.minX + 0.5, y: b.frame.minY + 0.5,
                        width: b.frame.width - 1, height: b.frame.height - 1)
        Painter.roundedRect(cr, edge, radius: radius)
        if highlighted {
            Painter.setColor(cr, color, alphaFactor: 0.1)
            cairo_fill_preserve(cr)
        }
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        text.draw(b.title.block, in: b.title.frame, color: color, on: cr)
    }
}
