internal import CCairo
import HUDScene
import Glibc

/// The built-in icons as round-capped strokes in the content colour, drawn into a square frame (37 pt by default).
/// The check, cross and plus are ProgressHUD's live icons (a stroke a seventh of the side); info and warning
/// follow them with a thinner outline.
enum IconPainter {
    /// Draws `icon` with each stroke drawn to its fraction in `fractions` (see `LiveIcon`); all 1 is the whole icon.
    static func draw(_ icon: Icon, fractions: [Double], in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let u = f.width  // coordinates below are fractions of the frame
        func p(_ x: Double, _ y: Double) -> (Double, Double) { (f.minX + x * u, f.minY + y * u) }
        func stroke(_ i: Int, _ points: [(Double, Double)], width: Double) {
            guard i < fractions.count, fractions[i] > 0 else { return }
            cairo_set_line_width(cr, u * width)
            Painter.polyline(cr, points.map { p($0.0, $0.1) }, from: 0, to: fractions[i])
            cairo_stroke(cr)
        }
        /// The dot of the "i" or the "!", growing from its centre.
        func dot(_ i: Int, y: Double) {
            guard i < fractions.count, fractions[i] > 0 else { return }
            let (dx, dy) = p(0.5, y)
            cairo_new_sub_path(cr)
            cairo_arc(cr, dx, dy, u * 0.075 * fractions[i], 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        cairo_save(cr)
        // One group, painted once at the content alpha, so crossing strokes do not show darker joints.
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let bold = 0.14
        switch icon {
        case .success:
            stroke(0, [(0.15, 0.5), (0.42, 0.76), (0.9, 0.26)], width: bold)
        case .error:
            stroke(0, [(0.2, 0.2), (0.8, 0.8)], width: bold)
            stroke(1, [(0.2, 0.8), (0.8, 0.2)], width: bold)
        case .added:
            stroke(0, [(0.12, 0.5), (0.88, 0.5)], width: bold)
            stroke(1, [(0.5, 0.12), (0.5, 0.88)], width: bold)
        case .info:
            let ring = (0...48).map { i -> (Double, Double) in
                let a = Painter.top + Double(i) / 48 * 2 * Double.pi
                return (0.5 + 0.46 * cos(a), 0.5 + 0.46 * sin(a))
            }
            stroke(0, ring, width: 0.07)
            dot(1, y: 0.28)
            stroke(2, [(0.5, 0.45), (0.5, 0.74)], width: 0.1)
        case .warning:
            stroke(0, [(0.5, 0.06), (0.96, 0.9), (0.04, 0.9), (0.5, 0.06)], width: 0.07)
            stroke(1, [(0.5, 0.36), (0.5, 0.6)], width: 0.1)
            dot(2, y: 0.75)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, color.alpha)
        cairo_restore(cr)
    }
}
