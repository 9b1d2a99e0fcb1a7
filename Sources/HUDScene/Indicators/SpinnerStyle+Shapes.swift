import Glibc

/// ProgressHUD's animations as shapes: each is a pure function of the time into its cycle, in the indicator's frame
/// `f`, with lengths as fractions of ProgressHUD's 50-point media size (`k` is one of its points).
extension SpinnerStyle {
    /// The shapes drawn `t` seconds into the animation, in order (later ones over earlier ones); empty for the
    /// activity indicator, which is drawn by steps (`ActivityIndicator`). A style always gives the same number of
    /// shapes, in the same order, so two moments can be compared shape by shape.
    public func shapes(at t: Double, in f: Rect) -> [SpinnerShape] {
        switch self {
        case .activityIndicator: return []
        case .ballVerticalBounce: return Self.ballBounce(t, f)
        case .barSweepToggle: return Self.barSweep(t, f)
        case .circleArcDotSpin: return Self.arcDotSpin(t, f)
        case .circleBarSpinFade: return Self.barSpinFade(t, f)
        case .circleDotSpinFade: return Self.dotSpinFade(t, f)
        case .circlePulseMultiple: return Self.pulseMultiple(t, f)
        case .circlePulseSingle: return Self.pulseSingle(t, f)
        case .circleRippleMultiple: return Self.rippleMultiple(t, f)
        case .circleRippleSingle: return Self.rippleSingle(t, f)
        case .circleRotateChase: return Self.rotateChase(t, f)
        case .circleStrokeSpin: return Self.strokeSpin(t, f)
        case .dualDotSidestep: return Self.dualSidestep(t, f)
        case .horizontalBarScaling: return Self.horizontalBars(t, f)
        case .horizontalDotScaling: return Self.horizontalDots(t, f)
        case .pacmanProgress: return Self.pacman(t, f)
        case .quintupleDotDance: return Self.quintupleDance(t, f)
        case .semiRingRotation: return Self.semiRing(t, f)
        case .squareCircuitSnake: return Self.squareSnake(t, f)
        case .triangleDotShift: return Self.triangleShift(t, f)
        case .symbolBounce: return Self.sun(t, f)
        }
    }

    /// 12 o'clock, in cairo's angles (which grow clockwise on a y-down surface).
    static let top = -Double.pi / 2

    private static func point(_ c: Point, _ r: Double, _ a: Double) -> Point {
        Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }

    private static func middle(_ f: Rect) -> Point { Point(x: f.midX, y: f.midY) }

    // MARK: Round

    /// One disc growing from the centre as it fades, 1 s, ease in-out.
    private static func pulseSingle(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let e = Easing.easeInOut(Cycle.phase(t, period: 1))
        return [.disc(center: middle(f), radius: f.width / 2 * e, alpha: 1 - e)]
    }

    /// Three discs, 0.3 s apart, growing linearly over 1 s; each flashes in within 5 % of it and fades out.
    private static func pulseMultiple(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        (0..<3).map { i in
            let p = Cycle.phase(t - 0.3 * Double(i), period: 1)
            let alpha = p < 0.05 ? p / 0.05 : 1 - (p - 0.05) / 0.95
            return .disc(center: middle(f), radius: f.width / 2 * p, alpha: alpha)
        }
    }

    /// ProgressHUD's ripple curve.
    static let rippleEasing = Easing(0.21, 0.53, 0.56, 0.8)

    /// One 5 pt ring growing from a tenth of its size over 70 % of a second while it fades.
    private static func rippleSingle(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        [ripple(Cycle.phase(t, period: 1), duration: 1, fromScale: 0.1, f)]
    }

    /// Three rings, 0.2 s apart, each rippling out over 1.25 s.
    private static func rippleMultiple(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        (0..<3).map { i in
            ripple(Cycle.phase(t - 0.2 * Double(i), period: 1.25), duration: 1.25, fromScale: 0, f)
        }
    }

    private static func ripple(_ p: Double, duration: Double, fromScale: Double, _ f: Rect) -> SpinnerShape {
        let x = p / duration
        let scale = Cycle.mix(fromScale, 1, rippleEasing(x / 0.7))
        let alpha = x < 0.7 ? Cycle.mix(1, 0.7, rippleEasing(x / 0.7))
                            : Cycle.mix(0.7, 0, rippleEasing((x - 0.7) / 0.3))
        // The layer is scaled, stroke and all, as a CAShapeLayer's transform does.
        return .ring(center: middle(f), radius: (f.width / 2 - 5 * f.width / 100) * scale,
                     width: 5 * f.width / 50 * scale, alpha: alpha)
    }

    /// A 3 pt round-capped arc that grows to three quarters of the circle and is then eaten from its tail, while the
    /// whole turns once every 1.7 s.
    private static func strokeSpin(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let period = 1.7, p = Cycle.phase(t, period: period)
        let end = 0.75 * Easing.easeInOut(p / (period * 0.4))
        let start = min(end, 0.75 * Easing.easeInOut((p - period / 2) / (period * 0.4)))
        let k = f.width / 50, turn = 2 * Double.pi * p / period
        return [.arc(center: middle(f), radius: f.width / 2 - 1.5 * k, from: top + turn + start * 2 * Double.pi,
                     to: top + turn + end * 2 * Double.pi, width: 3 * k)]
    }

    /// Two pairs of 6 pt quarter rings, the outer pair left and right, the inner (half size) top and bottom, turning
    /// half a turn in opposite directions while they shrink to 0.6, and back, every 1.6 s.
    private static func semiRing(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let p = Cycle.phase(t, period: 1.6) / 0.8
        let e = p < 1 ? Easing.easeInOut(p) : Easing.easeInOut(p - 1)
        let angle = Double.pi * (p < 1 ? e : 1 + e)
        let scale = p < 1 ? Cycle.mix(1, 0.6, e) : Cycle.mix(0.6, 1, e)
        let k = f.width / 50, q = Double.pi / 4
        let pairs = [(f.width / 2 - 3 * k, angle, [3 * q, -q]), (f.width / 4 - 3 * k, -angle, [-3 * q, q])]
        return pairs.flatMap { radius, spin, starts in
            starts.map { start in
                .arc(center: middle(f), radius: radius * scale, from: start + spin, to: start + 2 * q + spin,
                     width: 6 * k * scale)
            }
        }
    }

    /// Eight dots on a circle turning once every 4 s, under a thick round arc that swings twice round in 1.6 s
    /// while it grows from an eighth to a quarter of the circle and back.
    private static func arcDotSpin(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let inner = f.width * 7 / 8, radius = inner / 2
        let dots = 2 * Double.pi * Cycle.phase(t, period: 4) / 4
        var shapes: [SpinnerShape] = (0..<8).map { i in
            .disc(center: point(middle(f), radius, dots + Double(i) * Double.pi / 4), radius: radius / 6, alpha: 1)
        }
        let p = Cycle.phase(t, period: 1.6)
        let spin = 4 * Double.pi * Easing.easeInOut(p / 1.6)
        let length = 0.125 + 0.125 * (p < 0.8 ? Easing.easeInOut(p / 0.8) : 1 - Easing.easeInOut(p / 0.8 - 1))
        shapes.append(.arc(center: middle(f), radius: radius, from: top + spin, to: top + spin + length * 2 * Double.pi,
                           width: inner / 6))
        return shapes
    }

    // MARK: Dots and bars

    /// Eight dots round a circle from 12 o'clock, each shrinking to 0.4 and fading to 0.3 and back over 1 s,
    /// 0.12 s after the one before it.
    private static func dotSpinFade(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50, dot = (f.width - 12 * k) / 3.5, radius = (f.width - dot) / 2
        return (0..<8).map { i in
            let e = Cycle.autoreversed(t - (0.84 - 0.12 * Double(i)), period: 1, from: 0, to: 1, easing: .linear)
            return .disc(center: point(middle(f), radius, top + Double(i) * Double.pi / 4),
                         radius: dot / 2 * Cycle.mix(1, 0.4, e), alpha: Cycle.mix(1, 0.3, e))
        }
    }

    /// Eight capsules pointing out of a circle, each fading to 0.3 and back over 1.2 s, 0.12 s after the one before.
    private static func barSpinFade(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50
        let w = (f.width - 12 * k) / 5, h = (f.width - 6 * k) / 3
        let radius = f.width / 2 - max(w, h) / 2
        return (0..<8).map { i in
            let alpha = Cycle.autoreversed(t - (0.96 - 0.12 * Double(i)), period: 1.2, from: 1, to: 0.3)
            return .roundedRect(Rect(x: -w / 2, y: -radius - h / 2, width: w, height: h), radius: w / 2,
                                turn: Double(i) * Double.pi / 4, pivot: middle(f), alpha: alpha)
        }
    }

    /// ProgressHUD's springy scaling curve.
    static let scalingEasing = Easing(0.2, 0.68, 0.18, 1.08)

    /// Three dots in a row, each shrinking to 0.3 and back every second, 0.12 s apart.
    private static func horizontalDots(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50, dot = (f.width - 6 * k) / 3
        return (0..<3).map { i in
            let scale = Cycle.autoreversed(t - (0.36 - 0.12 * Double(i)), period: 1, from: 1, to: 0.3,
                                           easing: scalingEasing)
            return .disc(center: Point(x: f.minX + dot / 2 + Double(i) * (dot + 3 * k), y: f.midY),
                         radius: dot / 2 * scale, alpha: 1)
        }
    }

    /// Five capsules, full height at 0.9 shrinking to 0.4 and back every second, 0.1 s apart.
    private static func horizontalBars(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let w = f.width / 9
        return (0..<5).map { i in
            let scale = Cycle.autoreversed(t - (0.5 - 0.1 * Double(i)), period: 1, from: 0.9, to: 0.4,
                                           easing: scalingEasing)
            let h = f.height * scale
            return .roundedRect(Rect(x: f.minX + 2 * w * Double(i), y: f.midY - h / 2, width: w, height: h),
                                radius: w / 2, turn: 0, pivot: .zero, alpha: 1)
        }
    }

    /// Five dots racing once round a circle in 1.5 s, each on its own curve and growing or shrinking as it goes.
    private static func rotateChase(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50, dot = (f.width - 12 * k) / 4, radius = dot * 2
        let p = Cycle.phase(t, period: 1.5) / 1.5
        return (0..<5).map { i in
            let rate = Double(i) / 5
            let e = Easing(0.5, 0.15 + rate, 0.25, 1)(p)
            return .disc(center: point(middle(f), radius, top + 2 * Double.pi * e),
                         radius: dot / 2 * Cycle.mix(1 - rate, 0.2 + rate, e), alpha: 1)
        }
    }

    /// Three dots on the corners of a triangle, each moving to the next corner every 0.6 s.
    private static func triangleShift(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let r = f.width / 5
        let e = Easing.easeInOut(Cycle.phase(t, period: 0.6) / 0.6)
        let corners = [Point(x: f.minX + r, y: f.minY + r), Point(x: f.maxX - r, y: f.minY + r),
                       Point(x: f.midX, y: f.maxY - r)]
        return (0..<3).map { i in
            let a = corners[i], b = corners[(i + 1) % 3]
            return .disc(center: Point(x: Cycle.mix(a.x, b.x, e), y: Cycle.mix(a.y, b.y, e)), radius: r, alpha: 1)
        }
    }

    /// A hollow and a filled circle swapping sides and back every 2 s.
    private static func dualSidestep(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50, r = f.width / 4, move = f.width - 2 * r, line = 3 * k
        let offset = Cycle.autoreversed(t, period: 2, from: 0, to: move)
        return [.ring(center: Point(x: f.minX + r + offset, y: f.midY), radius: r - line, width: line, alpha: 1),
                .disc(center: Point(x: f.maxX - r - offset, y: f.midY), radius: r, alpha: 1)]
    }

    /// Five small rings: the first sweeps across the row and back every 2 s while the others bob up and down,
    /// alternately, every second.
    private static func quintupleDance(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let radius = f.width / 20, stroke = f.width / 24
        let circle = radius * 2 + stroke, spacing = (f.width - circle * 6) / 5
        let horizontal = (radius + stroke + circle * 5 + spacing * 2) * 0.5 * (1 - cos(t * Double.pi))
        let vertical = f.height / 3 * 0.5 * (1 - cos(t * 2 * Double.pi))
        let step = 2 * radius + spacing + stroke
        let first = f.midX - 2 * step
        return (0..<5).map { i in
            let x = first + Double(i) * step + (i == 0 ? horizontal : 0)
            let y = f.midY + (i == 0 ? 0 : i % 2 == 1 ? -vertical : vertical)
            return .ring(center: Point(x: x, y: y), radius: radius, width: stroke, alpha: 1)
        }
    }

    /// A pac-man opening and closing its mouth every 0.7 s as a dot drifts into it from the right.
    private static func pacman(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let size = f.width / 1.5, dot = f.width / 6
        let open = Cycle.autoreversed(t, period: 0.7, from: 0, to: 1)
        let travel = Easing.easeIn(Cycle.phase(t, period: 0.7) / 0.7)
        return [.wedge(center: Point(x: f.midX - size / 4, y: f.midY), radius: size / 2,
                       mouth: open * 0.125 * 2 * Double.pi),
                .disc(center: Point(x: f.maxX - dot / 2 - travel * (f.width - dot), y: f.midY), radius: dot / 2,
                      alpha: 1)]
    }

    // MARK: Lines

    /// A ball falls onto a rubber band (40 % of 0.9 s), bends it (to 60 %) and is thrown back up.
    private static func ballBounce(_ t: Double, _ f: Rect) -> [SpinnerShape] {
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
        let half = w * 0.96 / 2 - w * 0.04
        // A quadratic curve through its control point at twice the bend, as cubic control points.
        let c = lineY + 2 * bend * 2 / 3
        return [.curve(from: Point(x: f.midX - half, y: lineY), control1: Point(x: f.midX - half / 3, y: c),
                       control2: Point(x: f.midX + half / 3, y: c), to: Point(x: f.midX + half, y: lineY),
                       width: w * 0.08),
                .disc(center: Point(x: f.midX, y: top + y), radius: ball, alpha: 1)]
    }

    /// A bar inside a capsule outline that grows, slides and shrinks from one end to the other and back (1.8 s).
    private static func barSweep(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let k = f.width / 50, border = 5 * k
        let inner = Rect(x: f.minX + 2 * border, y: f.minY, width: f.width - 4 * border, height: f.height)
        let bar = inner.width / 6
        let outline = SpinnerShape.roundedOutline(
            Rect(x: f.minX + border / 2, y: f.midY - bar / 2 - border * 1.5, width: f.width - border,
                 height: bar + 3 * border), radius: f.height, width: border)
        let d = 0.45, p = Cycle.phase(t, period: 4 * d)
        let e = { (x: Double) in Easing.easeInOut(x / d) }
        let end = p < d ? e(p) : p < 3 * d ? 1 : 1 - e(p - 3 * d)
        let start = p < d ? 0 : p < 2 * d ? e(p - d) : p < 3 * d ? 1 - e(p - 2 * d) : 0
        let slide = p < 2 * d ? Easing.easeInOut(p / (2 * d)) : 1 - Easing.easeInOut(p / (2 * d) - 1)
        let from = inner.minX + bar / 2, length = inner.width / 2 - bar / 2
        let shift = slide * (inner.width - bar) / 2
        // A bar of no length is not drawn: cairo would draw its round caps as a dot.
        let width = end - start > 0.001 ? bar : 0
        return [outline, .line(from: Point(x: from + start * length + shift, y: f.midY),
                               to: Point(x: from + end * length + shift, y: f.midY), width: width, roundCap: true)]
    }

    /// A snake chasing its tail round a rounded square track (drawn at 0.3): head and tail each go once round in
    /// 1 s, the tail 0.2 s behind, every 1.2 s.
    private static func squareSnake(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let inner = f.width * 5 / 6
        let square = Rect(x: f.midX - inner / 2, y: f.midY - inner / 2, width: inner, height: inner)
        let p = Cycle.phase(t, period: 1.2)
        let head = 0.87 + Easing.easeInOut(p), tail = 0.75 + Easing.easeInOut(p - 0.2)
        let radius = 3 * f.width / 50
        return [.track(square: square, cornerRadius: radius, from: 0, to: 1, width: inner / 6, alpha: 0.3,
                       closed: true),
                .track(square: square, cornerRadius: radius, from: tail - tail.rounded(.down),
                       to: head - head.rounded(.down), width: inner / 6, alpha: 1, closed: false)]
    }

    /// The bouncing sun: a ring and eight rays, scaled by `SymbolBounce.scale`.
    private static func sun(_ t: Double, _ f: Rect) -> [SpinnerShape] {
        let u = f.width * SymbolBounce.scale(t), c = middle(f)
        return [.ring(center: c, radius: u * 0.19, width: u * 0.09, alpha: 1)] + (0..<8).map { i in
            let a = Double(i) * Double.pi / 4
            return .line(from: point(c, u * 0.33, a), to: point(c, u * 0.43, a), width: u * 0.09, roundCap: true)
        }
    }
}
