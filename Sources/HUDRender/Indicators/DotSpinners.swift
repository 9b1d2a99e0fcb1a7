internal import CCairo
import HUDScene
import FoundationEssentials
import Glibc

/// ProgressHUD's animations made of dots and small bars: fading rings of dots or bars, rows that scale, dots that
/// chase, shift, sidestep and dance. Conventions as in `CircleSpinners`.
enum DotSpinners {
    /// Eight dots round a circle from 12 o'clock, each shrinking to 0.4 and fading to 0.3 and back over 1 s,
    /// 0.12 s after the one before it.
    static func dotSpinFade(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50, dot = (f.width - 12 * k) / 3.5, radius = (f.width - dot) / 2
        for i in 0..<8 {
            let delay = 0.84 - 0.12 * Double(i)
            let e = Cycle.autoreversed(t - delay, period: 1, from: 0, to: 1, easing: .linear)
            let a = Painter.top + Double(i) * Double.pi / 4
            CircleSpinners.disc(f.midX + radius * cos(a), f.midY + radius * sin(a), dot / 2 * Cycle.mix(1, 0.4, e),
                                alpha: Cycle.mix(1, 0.3, e), on: cr)
        }
    }

    /// Eight capsules pointing out of a circle, each fading to 0.3 and back over 1.2 s, 0.12 s after the one before.
    static func barSpinFade(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50
        let w = (f.width - 12 * k) / 5, h = (f.width - 6 * k) / 3
        let radius = f.width / 2 - max(w, h) / 2
        for i in 0..<8 {
            let delay = 0.96 - 0.12 * Double(i)
            let alpha = Cycle.autoreversed(t - delay, period: 1.2, from: 1, to: 0.3)
            let a = Double(i) * Double.pi / 4
            cairo_save(cr)
            cairo_translate(cr, f.midX, f.midY)
            cairo_rotate(cr, a)
            cairo_set_source_rgba(cr, 1, 1, 1, alpha)
            Painter.roundedRect(cr, Rect(x: -w / 2, y: -radius - h / 2, width: w, height: h), radius: w / 2)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// ProgressHUD's springy scaling curve.
    static let scalingEasing = Easing(0.2, 0.68, 0.18, 1.08)

    /// Three dots in a row, each shrinking to 0.3 and back every second, 0.12 s apart.
    static func horizontalDots(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50, dot = (f.width - 6 * k) / 3
        for i in 0..<3 {
            let scale = Cycle.autoreversed(t - (0.36 - 0.12 * Double(i)), period: 1, from: 1, to: 0.3,
                                           easing: scalingEasing)
            let x = f.minX + dot / 2 + Double(i) * (dot + 3 * k)
            CircleSpinners.disc(x, f.midY, dot / 2 * scale, alpha: 1, on: cr)
        }
    }

    /// Five capsules, full height at 0.9 shrinking to 0.4 and back every second, 0.1 s apart.
    static func horizontalBars(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let w = f.width / 9
        for i in 0..<5 {
            let scale = Cycle.autoreversed(t - (0.5 - 0.1 * Double(i)), period: 1, from: 0.9, to: 0.4,
                                           easing: scalingEasing)
            let h = f.height * scale
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            Painter.roundedRect(cr, Rect(x: f.minX + 2 * w * Double(i), y: f.midY - h / 2, width: w, height: h),
                                radius: w / 2)
            cairo_fill(cr)
        }
    }

    /// Five dots racing once round a circle in 1.5 s, each on its own curve and growing or shrinking as it goes.
    static func rotateChase(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50, dot = (f.width - 12 * k) / 4, radius = dot * 2
        let p = Cycle.phase(t, period: 1.5) / 1.5
        for i in 0..<5 {
            let rate = Double(i) / 5
            let e = Easing(0.5, 0.15 + rate, 0.25, 1)(p)
            let a = Painter.top + 2 * Double.pi * e
            CircleSpinners.disc(f.midX + radius * cos(a), f.midY + radius * sin(a),
                                dot / 2 * Cycle.mix(1 - rate, 0.2 + rate, e), alpha: 1, on: cr)
        }
    }

    /// Three dots on the corners of a triangle, each moving to the next corner every 0.6 s.
    static func triangleShift(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let r = f.width / 5
        let e = Easing.easeInOut(Cycle.phase(t, period: 0.6) / 0.6)
        let corners = [(f.minX + r, f.minY + r), (f.maxX - r, f.minY + r), (f.midX, f.maxY - r)]
        for i in 0..<3 {
            let (x, y) = corners[i], (nx, ny) = corners[(i + 1) % 3]
            CircleSpinners.disc(Cycle.mix(x, nx, e), Cycle.mix(y, ny, e), r, alpha: 1, on: cr)
        }
    }

    /// A hollow and a filled circle swapping sides and back every 2 s.
    static func dualSidestep(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let k = f.width / 50, r = f.width / 4, move = f.width - 2 * r, line = 3 * k
        let offset = Cycle.autoreversed(t, period: 2, from: 0, to: move)
        CircleSpinners.ring(f.minX + r + offset, f.midY, r - line, width: line, alpha: 1, on: cr)
        CircleSpinners.disc(f.maxX - r - offset, f.midY, r, alpha: 1, on: cr)
    }

    /// Five small rings: the first sweeps across the row and back every 2 s while the others bob up and down,
    /// alternately, every second.
    static func quintupleDance(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let radius = f.width / 20, stroke = f.width / 24
        let circle = radius * 2 + stroke, spacing = (f.width - circle * 6) / 5
        let horizontal = (radius + stroke + circle * 5 + spacing * 2) * 0.5 * (1 - cos(t * Double.pi))
        let vertical = f.height / 3 * 0.5 * (1 - cos(t * 2 * Double.pi))
        let step = 2 * radius + spacing + stroke
        let first = f.midX - 2 * step
        for i in 0..<5 {
            let x = first + Double(i) * step + (i == 0 ? horizontal : 0)
            let y = f.midY + (i == 0 ? 0 : i % 2 == 1 ? -vertical : vertical)
            CircleSpinners.ring(x, y, radius, width: stroke, alpha: 1, on: cr)
        }
    }

    /// A pac-man opening and closing its mouth every 0.7 s as a dot drifts into it from the right.
    static func pacman(_ t: Double, in f: Rect, on cr: OpaquePointer) {
        let size = f.width / 1.5, dot = f.width / 6
        let open = Cycle.autoreversed(t, period: 0.7, from: 0, to: 1)
        let mouth = open * 0.125 * 2 * Double.pi
        let cx = f.midX - size / 4
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_move_to(cr, cx, f.midY)
        cairo_arc(cr, cx, f.midY, size / 2, mouth, 2 * Double.pi - mouth)
        cairo_close_path(cr)
        cairo_fill(cr)
        let travel = Easing.easeIn(Cycle.phase(t, period: 0.7) / 0.7)
        CircleSpinners.disc(f.maxX - dot / 2 - travel * (f.width - dot), f.midY, dot / 2, alpha: 1, on: cr)
    }
}
