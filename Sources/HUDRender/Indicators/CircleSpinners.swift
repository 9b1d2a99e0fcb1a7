internal import CCairo
import HUDScene
import FoundationEssentials
import Glibc

/// ProgressHUD's round animations: pulses, ripples, the stroke spin, the semi-rings and the arc over dots.
///
/// Each is a pure function of the time into its cycle, drawn in the frame's own coordinates with lengths as
/// fractions of ProgressHUD's 50-point media size (`k` is one of its points), opaque; the caller applies the content
/// colour's alpha to the whole.
enum CircleSpinners {
    /// One disc growing from the centre as it fades, 1 s, ease in-out.
    static func pulseSingle(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let e = Easing.easeInOut(Cycle.phase(t, period: 1))
        disc(f.midX, f.midY, f.width / 2 * e, alpha: 1 - e, on: cr)
    }

    /// Three discs, 0.3 s apart, growing linearly over 1 s; each flashes in within 5 % of it and fades out.
    static func pulseMultiple(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        for i in 0..<3 {
            let p = Cycle.phase(t - 0.3 * Double(i), period: 1)
            let alpha = p < 0.05 ? p / 0.05 : 1 - (p - 0.05) / 0.95
            disc(f.midX, f.midY, f.width / 2 * p, alpha: alpha, on: cr)
        }
    }

    /// ProgressHUD's ripple curve.
    static let rippleEasing = Easing(0.21, 0.53, 0.56, 0.8)

    /// One 5 pt ring growing from a tenth of its size over 70 % of a second while it fades.
    static func rippleSingle(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        ripple(Cycle.phase(t, period: 1), duration: 1, fromScale: 0.1, in: f, on: cr)
    }

    /// Three rings, 0.2 s apart, each rippling out over 1.25 s.
    static func rippleMultiple(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        for i in 0..<3 {
            ripple(Cycle.phase(t - 0.2 * Double(i), period: 1.25), duration: 1.25, fromScale: 0, in: f, on: cr)
        }
    }

    private static func ripple(_ p: Double, duration: Double, fromScale: Double, in f: Rect, on cr: OpaquePointer) {
        let x = p / duration
        let scale = Cycle.mix(fromScale, 1, rippleEasing(x / 0.7))
        let alpha = x < 0.7 ? Cycle.mix(1, 0.7, rippleEasing(x / 0.7))
                            : Cycle.mix(0.7, 0, rippleEasing((x - 0.7) / 0.3))
        // The layer is scaled, stroke and all, as a CAShapeLayer's transform does.
        let width = 5 * f.width / 50 * scale
        ring(f.midX, f.midY, (f.width / 2 - 5 * f.width / 100) * scale, width: width, alpha: alpha, on: cr)
    }

    /// A 3 pt round-capped arc that grows to three quarters of the circle and is then eaten from its tail, while the
    /// whole turns once every 1.7 s.
    static func strokeSpin(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let period = 1.7, p = Cycle.phase(t, period: period)
        let end = 0.75 * Easing.easeInOut(p / (period * 0.4))
        let start = 0.75 * Easing.easeInOut((p - period / 2) / (period * 0.4))
        guard end - start > 0.001 else { return }
        let k = f.width / 50, r = f.width / 2 - 1.5 * k
        let turn = 2 * Double.pi * p / period
        cairo_save(cr)
        cairo_set_line_width(cr, 3 * k)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_new_sub_path(cr)
        let from = Painter.top + turn + start * 2 * Double.pi, to = Painter.top + turn + end * 2 * Double.pi
        cairo_arc(cr, f.midX, f.midY, r, from, to)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Two pairs of 6 pt quarter rings, the outer pair left and right, the inner (half size) top and bottom, turning
    /// half a turn in opposite directions while they shrink to 0.6, and back, every 1.6 s.
    static func semiRing(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let p = Cycle.phase(t, period: 1.6) / 0.8
        let e = p < 1 ? Easing.easeInOut(p) : Easing.easeInOut(p - 1)
        let angle = Double.pi * (p < 1 ? e : 1 + e)
        let scale = p < 1 ? Cycle.mix(1, 0.6, e) : Cycle.mix(0.6, 1, e)
        let k = f.width / 50, q = Double.pi / 4
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, 6 * k * scale)
        let pairs = [(f.width / 2 - 3 * k, angle, [3 * q, -q]), (f.width / 4 - 3 * k, -angle, [-3 * q, q])]
        for (radius, spin, arcs) in pairs {
            for start in arcs {
                cairo_new_sub_path(cr)
                cairo_arc(cr, f.midX, f.midY, radius * scale, start + spin, start + 2 * q + spin)
            }
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Eight dots on a circle turning once every 4 s, under a thick round arc that swings twice round in 1.6 s
    /// while it grows from an eighth to a quarter of the circle and back.
    static func arcDotSpin(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let inner = f.width * 7 / 8, radius = inner / 2
        let dots = 2 * Double.pi * Cycle.phase(t, period: 4) / 4
        for i in 0..<8 {
            let a = dots + Double(i) * Double.pi / 4
            disc(f.midX + radius * cos(a), f.midY + radius * sin(a), radius / 6, alpha: 1, on: cr)
        }
        let p = Cycle.phase(t, period: 1.6)
        let spin = 4 * Double.pi * Easing.easeInOut(p / 1.6)
        let length = 0.125 + 0.125 * (p < 0.8 ? Easing.easeInOut(p / 0.8) : 1 - Easing.easeInOut(p / 0.8 - 1))
        cairo_save(cr)
        cairo_set_line_width(cr, inner / 6)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, radius, Painter.top + spin, Painter.top + spin + length * 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    // MARK: Shapes

    static func disc(_ x: Double, _ y: Double, _ r: Double, alpha: Double, on cr: OpaquePointer) {
        guard r > 0, alpha > 0 else { return }
        cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    static func ring(_ x: Double, _ y: Double, _ r: Double, width: Double, alpha: Double, on cr: OpaquePointer) {
        guard r > 0, width > 0, alpha > 0 else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha))
        cairo_set_line_width(cr, width)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
