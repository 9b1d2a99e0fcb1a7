internal import CCairo
import FoundationEssentials
import Glibc

/// The built-in icons as strokes in the content colour, drawn into a square frame (37 pt by default).
enum IconPainter {
    static func draw(_ icon: Icon, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let u = f.width  // coordinates below are fractions of the frame
        func p(_ x: Double, _ y: Double) -> (Double, Double) { (f.minX + x * u, f.minY + y * u) }
        func line(_ points: [(Double, Double)]) {
            for (i, pt) in points.enumerated() {
                let (x, y) = p(pt.0, pt.1)
                if i == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
            }
        }
        /// The "i" of info and the "!" of warning: a vertical stem and a dot on the centre line.
        func mark(stem: (Double, Double), dot: Double) {
            cairo_set_line_width(cr, u * 0.1)
            line([(0.5, stem.0), (0.5, stem.1)])
            cairo_stroke(cr)
            let (dx, dy) = p(0.5, dot)
            cairo_new_sub_path(cr)
            cairo_arc(cr, dx, dy, u * 0.06, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        cairo_save(cr)
        // One group, painted once at the content alpha, so crossing strokes do not show darker joints.
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        switch icon {
        case .success:
            cairo_set_line_width(cr, u * 0.1)
            line([(0.16, 0.54), (0.40, 0.76), (0.86, 0.26)])
            cairo_stroke(cr)
        case .error:
            cairo_set_line_width(cr, u * 0.1)
            line([(0.2, 0.2), (0.8, 0.8)])
            line([(0.8, 0.2), (0.2, 0.8)])
            cairo_stroke(cr)
        case .info:
            cairo_set_line_width(cr, u * 0.07)
            cairo_new_sub_path(cr)
            cairo_arc(cr, f.midX, f.midY, u * 0.46, 0, 2 * Double.pi)
            cairo_stroke(cr)
            mark(stem: (0.45, 0.74), dot: 0.28)
        case .warning:
            cairo_set_line_width(cr, u * 0.07)
            line([(0.5, 0.06), (0.96, 0.9), (0.04, 0.9)])
            cairo_close_path(cr)
            cairo_stroke(cr)
            mark(stem: (0.36, 0.6), dot: 0.75)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, color.alpha)
        cairo_restore(cr)
    }
}
