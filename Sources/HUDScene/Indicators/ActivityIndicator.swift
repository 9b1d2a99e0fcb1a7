internal import CCairo
import FoundationEssentials
import Glibc

/// The activity indicator's motion: twelve spokes whose brightest one steps round once a second, like the
/// classic large UIActivityIndicatorView. A pure function of time.
public enum ActivityIndicator {
    public static let spokes = 12
    public static let period = 1.0
    static let stepLength = period / Double(spokes)

    /// Which spoke is brightest at `time` (0 is 12 o'clock, increasing clockwise).
    public static func step(at time: Double) -> Int {
        guard time.isFinite else { return 0 }
        let steps = Int((time / stepLength).rounded(.down))
        return ((steps % spokes) + spokes) % spokes
    }

    /// When the next step begins after `time`: the frame loop need not draw a spinner more often than this.
    public static func nextStepTime(after time: Double) -> Double {
        ((time / stepLength).rounded(.down) + 1) * stepLength
    }

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
