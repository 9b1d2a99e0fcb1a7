internal import CCairo

/// Draws a `HUDSnapshot` into a `Canvas`. It reads the snapshot only; all state it keeps is the text cache.
public final class HUDRenderer {
    /// Shapes and caches the text; also the measurer to lay out with, so layout and drawing agree.
    public let text: TextEngine
    public var scale: Double { text.scale }

    public init(scale: Double = 1) {
        text = TextEngine(scale: scale)
    }

    public func render(_ s: HUDSnapshot, into canvas: Canvas) {
        let cr = cairo_create(canvas.surface)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, s.scale, s.scale)
        cairo_translate(cr, -s.canvasOrigin.x, -s.canvasOrigin.y)

        let p = s.presentation
        guard p.opacity > 0 else { return }
        if !s.opaque, s.style.backgroundColor.alpha > 0 {
            Painter.setColor(cr, s.style.backgroundColor, alphaFactor: p.opacity)
            cairo_paint(cr)
        }
        // A whole-layer opacity needs an intermediate surface; skip it when fully shown.
        let grouped = p.opacity < 1
        if grouped { cairo_push_group(cr) }
        let bezel = s.layout.bezel
        if p.scale != 1 {
            cairo_translate(cr, bezel.midX, bezel.midY)
            cairo_scale(cr, p.scale, p.scale)
            cairo_translate(cr, -bezel.midX, -bezel.midY)
        }
        Painter.setColor(cr, s.opaque ? s.style.bezelColor.withAlpha(1) : s.style.bezelColor)
        Painter.roundedRect(cr, bezel, radius: s.style.cornerRadius)
        cairo_fill(cr)

        if let f = s.layout.indicator { IndicatorPainter.draw(s, in: f, on: cr) }
        let color = s.style.contentColor
        if let label = s.layout.label { text.draw(label.block, in: label.frame, color: color, on: cr) }
        if let details = s.layout.details { text.draw(details.block, in: details.frame, color: color, on: cr) }
        if let button = s.layout.button { drawButton(button, highlighted: s.buttonHighlighted, color: color, on: cr) }

        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, p.opacity)
        }
    }

    /// MBProgressHUDRoundedButton: a 1 pt border in the content colour, fully rounded ends, a faint fill when pressed.
    private func drawButton(_ b: HUDLayout.PlacedButton, highlighted: Bool, color: RGBA, on cr: OpaquePointer) {
        let radius = (b.frame.height / 2).rounded(.up)
        let edge = Rect(x: b.frame.minX + 0.5, y: b.frame.minY + 0.5, width: b.frame.width - 1, height: b.frame.height - 1)
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
