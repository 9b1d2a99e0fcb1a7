internal import CCairo
import HUDScene
import Glibc

/// The progress indicators and images, in MBProgressHUD's geometry (MB.m 865-1042), and ProgressHUD's ring for a
/// ring that shows its value.
enum IndicatorPainter {
    /// An icon in the content colour, or an image (drawn whole: beside another indicator it does not animate).
    static func draw(_ custom: CustomIndicator, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        switch custom {
        case .icon(let icon):
            IconPainter.draw(icon, fractions: LiveIcon.fractions(icon, elapsed: .infinity), in: f, color: color, on: cr)
        case .image(let image): draw(image, in: f, on: cr)
        }
    }

    static let ringWidth = 2.0

    /// MBProgressHUD's annular track: a full 2 pt ring at a tenth of the content alpha, butt caps.
    static func annularTrack(in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_line_width(cr, ringWidth)
        Painter.setColor(cr, color, alphaFactor: 0.1)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, (f.width - ringWidth) / 2, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The progress over the track, from 12 o'clock clockwise with square caps (so 0 % is a 2 pt dot, as in MB).
    /// Filled as a band between two arcs rather than stroked: the same pixels for a fraction of the work.
    static func annularArc(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let r = (f.width - ringWidth) / 2, half = ringWidth / 2
        let cap = half / r  // a square cap reaches half the line width past each end
        let start = Painter.top - cap, end = Painter.top + progress * 2 * Double.pi + cap
        Painter.setColor(cr, color)
        cairo_new_sub_path(cr)
        Painter.progressArc(cr, f.midX, f.midY, r + half, start, end, filling: true)
        Painter.progressArc(cr, f.midX, f.midY, r - half, end, start, negative: true, filling: true)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// MBProgressHUD 1.x's "pie": a 2 pt outline and a 4 pt arc along its inside, painted as one layer so the
    /// overlap does not double the alpha (MB draws the arc with kCGBlendModeCopy for the same reason).
    static func outlinePie(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        cairo_set_line_width(cr, 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, f.width / 2 - 1, 0, 2 * Double.pi)
        cairo_stroke(cr)
        if progress > 0 {
            cairo_set_line_width(cr, 4)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_new_sub_path(cr)
            Painter.progressArc(cr, f.midX, f.midY, f.width / 2 - 2, Painter.top,
                                Painter.top + progress * 2 * Double.pi)
            cairo_stroke(cr)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, color.alpha)
        cairo_restore(cr)
    }

    /// MBProgressHUD 0.9's pie: the 2 pt outline,
    static func circleOutline(in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, f.width / 2 - 1, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// and a filled wedge from 12 o'clock, with a small gap to the outline. `knockingOut` draws what is cut out of
    /// the wedge and shown where there is none (the percentage).
    static func pieWedge(progress: Double, in f: Rect, color: RGBA, knockingOut: (() -> Void)? = nil,
                         on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        if progress > 0 {
            cairo_move_to(cr, f.midX, f.midY)
            Painter.progressArc(cr, f.midX, f.midY, f.width / 2 - 3.5, Painter.top,
                                Painter.top + progress * 2 * Double.pi, filling: true)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        if let knockingOut {
            // XOR keeps text over the bezel and clears it out of the wedge, so it reads on both.
            cairo_set_operator(cr, CAIRO_OPERATOR_XOR)
            knockingOut()
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, color.alpha)
        cairo_restore(cr)
    }

    /// ProgressHUD's ring with its value: a 2 pt track at 0.3 of the content alpha,
    static func roundTrack(in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        Painter.setColor(cr, color, alphaFactor: 0.3)
        cairo_set_line_width(cr, 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, f.width / 2 - 2.5, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// and a 5 pt round-capped arc over it from 12 o'clock.
    static func roundArc(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        guard progress > 0 else { return }
        cairo_save(cr)
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 5)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_new_sub_path(cr)
        Painter.progressArc(cr, f.midX, f.midY, f.width / 2 - 2.5, Painter.top, Painter.top + progress * 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// A capsule outline, 2 pt, inset 2,
    static func barOutline(in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 2)
        let outline = Rect(x: f.minX + 2, y: f.minY + 2, width: f.width - 4, height: f.height - 4)
        Painter.roundedRect(cr, outline, radius: outline.height / 2)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// with a fill inset `inset` (4: inside the outline) that grows from the left in proportion to progress.
    static func barFill(progress: Double, in f: Rect, inset: Double = 4, color: RGBA, on cr: OpaquePointer) {
        let track = Rect(x: f.minX + inset, y: f.minY + inset, width: f.width - 2 * inset,
                         height: f.height - 2 * inset)
        guard progress > 0, track.height > 0 else { return }
        cairo_save(cr)
        Painter.setColor(cr, color)
        // Clip to the whole rounded track so a small fill keeps the left cap's shape.
        Painter.roundedRect(cr, track, radius: track.height / 2)
        cairo_clip(cr)
        cairo_rectangle(cr, track.minX, track.minY, track.width * progress, track.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A PNG image scaled to its frame, filtered well when shrunk.
    static func draw(_ image: ImageAsset, in f: Rect, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, f.minX, f.minY)
        cairo_scale(cr, f.width / image.pixelSize.width, f.height / image.pixelSize.height)
        image.withSurface { surface in
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }
}
