internal import CCairo
import Glibc
import HUDScene

extension ActivityIndicator {
    /// Twelve round-capped spokes, the brightest at `step`, the ones behind it fading.
    static func draw(step: Int, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let n = spokes
        let outer = f.width / 2 - 2, inner = f.width * 0.24
        cairo_save(cr)
        cairo_set_line_width(cr, f.width * 0.095)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for i in 0..<n {
            let behind = ((step - i) % n + n) % n
            let angle = Painter.top + Double(i) * 2 * Double.pi / Double(n)
            Painter.setColor(cr, color, alphaFactor: 1 - 0.72 * Double(behind) / Double(n - 1))
            cairo_move_to(cr, f.midX + inner * cos(angle), f.midY + inner * sin(angle))
            cairo_line_to(cr, f.midX + outer * cos(angle), f.midY + outer * sin(angle))
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }
}
