internal import CCairo
import HUDScene
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

    /// `cairo_arc` from `a0` to `a1` split at every `Indicator.arcCut` from 12 o'clock, so that two arcs with the
    /// same start are the same curves up to the last split before the shorter one ends: cairo fits one arc with as
    /// many Bézier segments as its whole angle needs, which would move every antialiased pixel of a progress arc a
    /// little whenever its end moves, and a redraw of only the part that changed would leave seams.
    ///
    /// Each piece is the one Bézier segment `cairo_arc` makes for an angle this small (its formula), built here from
    /// a table of the cuts' sines and cosines: 128 `cairo_arc` calls for a full ring were most of a progress frame.
    ///
    /// `filling`: the path is filled, so a piece wholly outside the clip can be its chord. Cuts fall on 3, 6, 9 and
    /// 12 o'clock, so a piece and its Bézier control points lie in the box of its two ends, and the chord and the
    /// curve bound a region inside that box: every point of the clip keeps its winding number, and its pixels.
    static func progressArc(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, _ a0: Double,
                            _ a1: Double, negative: Bool = false, filling: Bool = false) {
        let step = Indicator.arcCut
        var cuts = [a0]
        let lo = min(a0, a1), hi = max(a0, a1)
        var k = ((lo - top) / step).rounded(.down) + 1
        while top + k * step < hi {
            cuts.append(top + k * step)
            k += 1
        }
        cuts = negative ? [a0] + cuts.dropFirst().reversed() + [a1] : cuts + [a1]
        // As cairo_arc does: a line from the current point to the start, or a move there when there is none.
        let start = unit(a0)
        cairo_line_to(cr, cx + r * start.cos, cy + r * start.sin)
        var clip = (x0: -Double.infinity, y0: -Double.infinity, x1: Double.infinity, y1: Double.infinity)
        if filling { cairo_clip_extents(cr, &clip.x0, &clip.y0, &clip.x1, &clip.y1) }
        for (from, to) in zip(cuts, cuts.dropFirst()) where from != to {
            let a = unit(from), b = unit(to)
            let rSinA = r * a.sin, rCosA = r * a.cos, rSinB = r * b.sin, rCosB = r * b.cos
            if max(rCosA, rCosB) + cx < clip.x0 || min(rCosA, rCosB) + cx > clip.x1
                || max(rSinA, rSinB) + cy < clip.y0 || min(rSinA, rSinB) + cy > clip.y1 {
                cairo_line_to(cr, cx + rCosB, cy + rSinB)
                continue
            }
            let h = 4.0 / 3.0 * tan((to - from) / 4.0)
            cairo_curve_to(cr, cx + rCosA - h * rSinA, cy + rSinA + h * rCosA, cx + rCosB + h * rSinB,
                           cy + rSinB - h * rCosB, cx + rCosB, cy + rSinB)
        }
    }

    /// The cuts' cosines and sines, from 12 o'clock round twice (an arc may start before and end after a turn).
    private static let cutPoints: [(cos: Double, sin: Double)] = (0...(2 * cutsPerTurn)).map { k in
        let a = top + Double(k) * Indicator.arcCut
        return (cos(a), sin(a))
    }
    private static let cutsPerTurn = Int((2 * Double.pi / Indicator.arcCut).rounded())

    /// The cosine and sine of `a`: from the table when it is a cut.
    private static func unit(_ a: Double) -> (cos: Double, sin: Double) {
        let k = (a - top) / Indicator.arcCut
        if let i = Int(exactly: k), i >= 0, i < cutPoints.count, top + k * Indicator.arcCut == a {
            return cutPoints[i]
        }
        return (cos(a), sin(a))
    }
}

extension Painter {
    /// The outline of a rounded rectangle as points, clockwise from the end of its top-left corner and back there,
    /// each corner in eight segments: a path that can be trimmed by length.
    static func roundedRectPoints(_ r: Rect, radius: Double) -> [(Double, Double)] {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let corners = [(r.maxX - rad, r.minY + rad, -Double.pi / 2), (r.maxX - rad, r.maxY - rad, 0.0),
                       (r.minX + rad, r.maxY - rad, Double.pi / 2), (r.minX + rad, r.minY + rad, Double.pi)]
        var points = [(r.minX + rad, r.minY)]
        for (cx, cy, start) in corners {
            for i in 0...8 {
                let a = start + Double(i) / 8 * Double.pi / 2
                points.append((cx + rad * cos(a), cy + rad * sin(a)))
            }
        }
        points.append(points[0])
        return points
    }

    /// Adds the part of the polyline through `points` between the fractions `from` and `to` of its length as a new
    /// sub-path, as a shape's `trim(from:to:)` does.
    static func polyline(_ cr: OpaquePointer, _ points: [(Double, Double)], from: Double, to: Double) {
        guard points.count > 1, to > from else { return }
        var lengths = [0.0]
        for i in 1..<points.count {
            let (a, b) = (points[i - 1], points[i])
            lengths.append(lengths[i - 1] + ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return }
        let start = max(0, from) * total, end = min(1, to) * total
        func point(at d: Double) -> (Double, Double) {
            var i = 1
            while i < points.count - 1, lengths[i] < d { i += 1 }
            let span = lengths[i] - lengths[i - 1]
            let f = span > 0 ? (d - lengths[i - 1]) / span : 0
            let (a, b) = (points[i - 1], points[i])
            return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
        }
        let first = point(at: start)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, first.0, first.1)
        for i in 1..<points.count where lengths[i] > start && lengths[i] < end {
            cairo_line_to(cr, points[i].0, points[i].1)
        }
        let last = point(at: end)
        cairo_line_to(cr, last.0, last.1)
    }
}
