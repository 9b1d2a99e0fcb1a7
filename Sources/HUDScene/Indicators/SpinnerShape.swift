/// One shape of a ProgressHUD animation at one moment, in points, opaque white at `alpha` (the renderer paints the
/// whole set in the content colour).
///
/// The animations are lists of these so that the model can tell, without drawing, whether two moments look
/// different: `SpinnerTimeline` draws a frame only when some shape has moved a device pixel or changed its alpha
/// visibly.
public enum SpinnerShape: Hashable, Sendable {
    /// A filled circle.
    case disc(center: Point, radius: Double, alpha: Double)
    /// A stroked circle.
    case ring(center: Point, radius: Double, width: Double, alpha: Double)
    /// A round-capped arc, clockwise from `from` to `to` (cairo's angles: 0 is 3 o'clock).
    case arc(center: Point, radius: Double, from: Double, to: Double, width: Double)
    /// A straight stroke, round-capped or not.
    case line(from: Point, to: Point, width: Double, roundCap: Bool)
    /// A filled rounded rectangle in coordinates centred on `pivot` and turned by `turn` radians.
    case roundedRect(Rect, radius: Double, turn: Double, pivot: Point, alpha: Double)
    /// A stroked rounded rectangle.
    case roundedOutline(Rect, radius: Double, width: Double)
    /// A pac-man: a disc without the wedge of `mouth` radians either side of 3 o'clock.
    case wedge(center: Point, radius: Double, mouth: Double)
    /// A round-capped cubic Bézier stroke.
    case curve(from: Point, control1: Point, control2: Point, to: Point, width: Double)
    /// The part from `from` to `to` (fractions of its length, wrapping past 1) of the outline of `square` with
    /// rounded corners, stroked with round caps and joins; `closed` for the whole outline.
    case track(square: Rect, cornerRadius: Double, from: Double, to: Double, width: Double, alpha: Double,
               closed: Bool)

    /// Below this alpha a shape is not drawn.
    static let invisibleAlpha = 1.0 / 255

    /// The farthest any of the shape's edges has moved from `old`, in points, and how much its alpha changed; nil
    /// when the two are different kinds of shape (which always looks different).
    func change(from old: SpinnerShape) -> (move: Double, alpha: Double)? {
        func d(_ a: Point, _ b: Point) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        func dr(_ a: Rect, _ b: Rect) -> Double {
            max(d(a.origin, b.origin), d(Point(x: a.maxX, y: a.maxY), Point(x: b.maxX, y: b.maxY)))
        }
        switch (self, old) {
        case let (.disc(c, r, a), .disc(c0, r0, a0)):
            return (d(c, c0) + abs(r - r0), a - a0)
        case let (.ring(c, r, w, a), .ring(c0, r0, w0, a0)):
            return (d(c, c0) + abs(r - r0) + abs(w - w0) / 2, a - a0)
        case let (.arc(c, r, f, t, w), .arc(c0, r0, f0, t0, w0)):
            let reach = max(r, r0) + max(w, w0) / 2
            return (d(c, c0) + abs(r - r0) + abs(w - w0) / 2 + reach * max(abs(f - f0), abs(t - t0)), 0)
        case let (.line(f, t, w, _), .line(f0, t0, w0, _)):
            return (max(d(f, f0), d(t, t0)) + abs(w - w0) / 2, 0)
        case let (.roundedRect(r, rad, turn, p, a), .roundedRect(r0, rad0, turn0, p0, a0)):
            // The farthest corner from the pivot sweeps the most when it turns.
            let far = [r.origin, Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.minY)]
                .map { d($0, .zero) }.max()!
            return (dr(r, r0) + abs(rad - rad0) + d(p, p0) + far * abs(turn - turn0), a - a0)
        case let (.roundedOutline(r, rad, w), .roundedOutline(r0, rad0, w0)):
            return (dr(r, r0) + abs(rad - rad0) + abs(w - w0) / 2, 0)
        case let (.wedge(c, r, m), .wedge(c0, r0, m0)):
            return (d(c, c0) + abs(r - r0) + max(r, r0) * abs(m - m0), 0)
        case let (.curve(a, b, c, e, w), .curve(a0, b0, c0, e0, w0)):
            // A Bézier curve lies within its control points' hull and moves no more than they do.
            return (max(d(a, a0), d(b, b0), d(c, c0), d(e, e0)) + abs(w - w0) / 2, 0)
        case let (.track(s, cr, f, t, w, a, _), .track(s0, cr0, f0, t0, w0, a0, _)):
            let length = 2 * (s.width + s.height)
            func turn(_ x: Double, _ y: Double) -> Double {
                let r = abs(x - y).truncatingRemainder(dividingBy: 1)
                return min(r, 1 - r)
            }
            return (dr(s, s0) + abs(cr - cr0) + abs(w - w0) / 2 + length * max(turn(f, f0), turn(t, t0)), a - a0)
        default:
            return nil
        }
    }

    /// Whether the shape paints nothing: transparent, or of no size.
    var isInvisible: Bool {
        switch self {
        case .disc(_, let r, let a): return a < Self.invisibleAlpha || r <= 0
        case .ring(_, let r, let w, let a): return a < Self.invisibleAlpha || r <= 0 || w <= 0
        case .roundedRect(_, _, _, _, let a), .track(_, _, _, _, _, let a, _): return a < Self.invisibleAlpha
        case .arc, .line, .roundedOutline, .wedge, .curve: return false
        }
    }
}

extension Array where Element == SpinnerShape {
    /// Whether a frame of `self` would look different from one of `old`, drawn at `scale` device pixels per point:
    /// an edge moved by `Indicator.visibleMove` device pixels, or an alpha by `SpinnerShape.visibleAlpha`.
    /// A shape invisible in both is no change, however it moved.
    public func looksDifferent(from old: [SpinnerShape], scale: Double) -> Bool {
        guard count == old.count else { return true }
        for (new, was) in zip(self, old) where !(new.isInvisible && was.isInvisible) {
            guard let change = new.change(from: was) else { return true }
            if change.move * scale >= Indicator.visibleMove || abs(change.alpha) >= SpinnerShape.visibleAlpha {
                return true
            }
        }
        return false
    }
}

extension SpinnerShape {
    /// The smallest change of a shape's alpha worth a frame: 8 of 255 levels. A fade in steps of 1/32 at up to 30
    /// steps a second shows no banding in motion (looked at in frame strips), and ProgressHUD's fades change alpha
    /// by about 1 a second, so a finer step would draw every frame of them.
    public static let visibleAlpha = 1.0 / 32
}
