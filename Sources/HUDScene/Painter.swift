internal import CCairo
import FoundationEssentials
import Glibc

/// Path and colour helpers on a cairo context, shared by the painters.
enum Painter {
    static func setColor(_ cr: OpaquePointer, _ c: RGBA, alphaFactor: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alphaFactor)
    }

    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// 12 o'clock, in cairo's angles (which grow clockwise on a y-down surface).
    static let top = -Double.pi / 2
}
