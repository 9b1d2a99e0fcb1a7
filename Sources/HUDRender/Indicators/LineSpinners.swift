internal import CCairo
import HUDScene
import FoundationEssentials
import Glibc

/// ProgressHUD's animations drawn with lines: the ball on a rubber band, the sweeping bar, the snake round a
/// square, and the bouncing symbol. Conventions as in `CircleSpinners`.
enum LineSpinners {
    /// A ball falls onto a rubber band (40 % of 0.9 s), bends it (to 60 %) and is thrown back up.
    static func ballBounce(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let w = f.width, ball = w * 0.12, lineY = f.minY + w * 0.75, top = f.minY + w * 0.15
        let fall = lineY - ball - top, maxBend = w * 0.2
        let p = Cycle.phase(t, period: 0.9) / 0.9
        var y = 0.0, bend = 0.0
        if p < 0.4 {
            y = fall * (p / 0.4) * (p / 0.4)
        } else if p < 0.6 {
            bend = maxBend * sin((p - 0.4) / 0.2 * Double.pi)
            y = fall + bend
        } else {
            let rising = 1 - (p - 0.6) / 0.4
            y = fall * rising * rising
        }
        cairo_save(cr)
        cairo_set_line_width(cr, w * 0.08)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let half = w * 0.96 / 2 - w * 0.04
        // A quadratic curve through its control point at twice the bend, as cubic control points.
        let c = lineY + 2 * bend * 2 / 3
        cairo_move_to(cr, f.midX - half, lineY)
        cairo_curve_to(cr, f.midX - half / 3, c, f.midX + half / 3, c, f.midX + half, lineY)
        cairo_stroke(cr)
        cairo_restore(cr)
        CircleSpinners.disc(f.midX, top + y, ball, alpha: 1, on: cr)
    }

    /// A bar inside a capsule outline that grows, slides and shrinks from one end to the other and back (1.8 s).
    static func barSweep(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50, border = 5 * k
        let inner = Rect(x: f.minX + 2 * border, y: f.minY, width: f.width - 4 * border, height: f.height)
        let bar = inner.width / 6
        cairo_save(cr)
        cairo_set_line_width(cr, border)
        Painter.roundedRect(cr, Rect(x: f.minX + border / 2, y: f.midY - bar / 2 - border * 1.5,
                                     width: f.width - border, height: bar + 3 * border), radius: f.height)
        cairo_stroke(cr)
        let d = 0.45, p = Cycle.phase(t, period: 4 * d)
        let e = { (x: Double) in Easing.easeInOut(x / d) }
        let end = p < d ? e(p) : p < 3 * d ? 1 : 1 - e(p - 3 * d)
        let start = p < d ? 0 : p < 2 * d ? e(p - d) : p < 3 * d ? 1 - e(p - 2 * d) : 0
        let slide = p < 2 * d ? Easing.easeInOut(p / (2 * d)) : 1 - Easing.easeInOut(p / (2 * d) - 1)
        let from = inner.minX + bar / 2, length = inner.width / 2 - bar / 2
        let shift = slide * (inner.width - bar) / 2
        if end - start > 0.001 {
            cairo_set_line_width(cr, bar)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, from + start * length + shift, f.midY)
            cairo_line_to(cr, from + end * length + shift, f.midY)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// A snake chasing its tail round a rounded square track (drawn at 0.3): head and tail each go once round in
    /// 1 s, the tail 0.2 s behind, every 1.2 s.
    static func squareSnake(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let inner = f.width * 5 / 6
        let square = Rect(x: f.midX - inner / 2, y: f.midY - inner / 2, width: inner, height: inner)
        let track = Painter.roundedRectPoints(square, radius: 3 * f.width / 50)
        let p = Cycle.phase(t, period: 1.2)
        let head = 0.87 + Easing.easeInOut(p), tail = 0.75 + Easing.easeInOut(p - 0.2)
        cairo_save(cr)
        cairo_set_line_width(cr, inner / 6)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.3)
        Painter.polyline(cr, track, from: 0, to: 1)
        cairo_close_path(cr)
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        let h = head - head.rounded(.down), s = tail - tail.rounded(.down)
        if h >= s {
            Painter.polyline(cr, track, from: s, to: h)
        } else {
            Painter.polyline(cr, track, from: s, to: 1)
            Painter.polyline(cr, track, from: 0, to: h)
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

extension SymbolBounce {
    static func draw(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let s = scale(t), u = f.width * s
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, u * 0.09)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, u * 0.19, 0, 2 * Double.pi)
        cairo_stroke(cr)
        for i in 0..<8 {
            let a = Double(i) * Double.pi / 4
            cairo_move_to(cr, f.midX + u * 0.33 * cos(a), f.midY + u * 0.33 * sin(a))
            cairo_line_to(cr, f.midX + u * 0.43 * cos(a), f.midY + u * 0.43 * sin(a))
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
