internal import CCairo
import HUDScene
import Glibc

/// Draws a ProgressHUD animation's shapes (`SpinnerStyle.shapes(at:in:)`) opaque white, each at its own alpha; the
/// caller paints the layer in the content colour.
enum SpinnerPainter {
    static func draw(_ shapes: [SpinnerShape], on cr: OpaquePointer) {
        for shape in shapes { draw(shape, on: cr) }
    }

    private static func draw(_ shape: SpinnerShape, on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        switch shape {
        case let .disc(c, r, alpha):
            guard r > 0, alpha > 0 else { return }
            cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
            cairo_fill(cr)
        case let .ring(c, r, width, alpha):
            guard r > 0, width > 0, alpha > 0 else { return }
            // Filled as the band between two circles rather than stroked: the same pixels, and cairo's stroker
            // was a third of a ripple's frame.
            cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r + width / 2, 0, 2 * Double.pi)
            if r > width / 2 {
                cairo_new_sub_path(cr)
                cairo_arc_negative(cr, c.x, c.y, r - width / 2, 2 * Double.pi, 0)
            }
            cairo_fill(cr)
        case let .arc(c, r, from, to, width):
            // An arc of no length would still draw its round caps, as a dot.
            guard r > 0, width > 0, to - from > 0.001 * 2 * Double.pi else { return }
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r, from, to)
            cairo_stroke(cr)
        case let .line(from, to, width, roundCap):
            guard width > 0 else { return }
            cairo_set_line_width(cr, width)
            if roundCap { cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND) }
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        case let .roundedRect(rect, radius, turn, pivot, alpha):
            guard alpha > 0 else { return }
            cairo_translate(cr, pivot.x, pivot.y)
            if turn != 0 { cairo_rotate(cr, turn) }
            cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
            Painter.roundedRect(cr, rect, radius: radius)
            cairo_fill(cr)
        case let .roundedOutline(rect, radius, width):
            cairo_set_line_width(cr, width)
            Painter.roundedRect(cr, rect, radius: radius)
            cairo_stroke(cr)
        case let .wedge(c, r, mouth):
            cairo_move_to(cr, c.x, c.y)
            cairo_arc(cr, c.x, c.y, r, mouth, 2 * Double.pi - mouth)
            cairo_close_path(cr)
            cairo_fill(cr)
        case let .curve(from, c1, c2, to, width):
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, from.x, from.y)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, to.x, to.y)
            cairo_stroke(cr)
        case let .track(square, cornerRadius, from, to, width, alpha, closed):
            guard alpha > 0 else { return }
            let points = Painter.roundedRectPoints(square, radius: cornerRadius)
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
            if closed {
                Painter.polyline(cr, points, from: 0, to: 1)
                cairo_close_path(cr)
            } else if to >= from {
                Painter.polyline(cr, points, from: from, to: to)
            } else {
                Painter.polyline(cr, points, from: from, to: 1)
                Painter.polyline(cr, points, from: 0, to: to)
            }
            cairo_stroke(cr)
        }
    }
}
