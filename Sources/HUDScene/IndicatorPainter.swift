internal import CCairo
import FoundationEssentials
import Glibc

/// Draws the indicator of each mode into its frame, in MBProgressHUD's geometry (MB.m 865-1042).
enum IndicatorPainter {
    static func draw(_ s: HUDSnapshot, in f: Rect, on cr: OpaquePointer) {
        let color = s.style.contentColor
        switch s.content.mode {
        case .indeterminate: spinner(step: s.spinnerStep, in: f, color: color, on: cr)
        case .annular: annular(progress: s.content.progress, in: f, color: color, on: cr)
        case .determinate:
            switch s.style.determinateStyle {
            case .outline: outlinePie(progress: s.content.progress, in: f, color: color, on: cr)
            case .filled: filledPie(progress: s.content.progress, in: f, color: color, on: cr)
            }
        case .bar: bar(progress: s.content.progress, in: f, color: color, on: cr)
        case .custom:
            switch s.content.custom {
            case .icon(let icon): IconPainter.draw(icon, in: f, color: color, on: cr)
            case .image(let image): draw(image, in: f, on: cr)
            case nil: break
            }
        case .text: break
        }
    }

    /// Twelve round-capped spokes, the brightest at `step`, the ones behind it fading.
    static func spinner(step: Int, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let n = Spinner.spokes
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

    /// A 2 pt ring from 12 o'clock clockwise over a track at a tenth of the content alpha.
    static func annular(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        let lineWidth = 2.0, radius = (f.width - lineWidth) / 2
        cairo_save(cr)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        Painter.setColor(cr, color, alphaFactor: 0.1)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, radius, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        Painter.setColor(cr, color)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, radius, Painter.top, Painter.top + progress * 2 * Double.pi)
        cairo_stroke(cr)
        cairo_restore(cr)
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
            cairo_arc(cr, f.midX, f.midY, f.width / 2 - 2, Painter.top, Painter.top + progress * 2 * Double.pi)
            cairo_stroke(cr)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, color.alpha)
        cairo_restore(cr)
    }

    /// MBProgressHUD 0.9's pie: the outline and a filled wedge from 12 o'clock, with a small gap between them.
    static func filledPie(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.midX, f.midY, f.width / 2 - 1, 0, 2 * Double.pi)
        cairo_stroke(cr)
        if progress > 0 {
            cairo_move_to(cr, f.midX, f.midY)
            cairo_arc(cr, f.midX, f.midY, f.width / 2 - 3.5, Painter.top, Painter.top + progress * 2 * Double.pi)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// A capsule outline (2 pt, inset 2) with a fill inset 4 that grows from the left in proportion to progress.
    static func bar(progress: Double, in f: Rect, color: RGBA, on cr: OpaquePointer) {
        cairo_save(cr)
        Painter.setColor(cr, color)
        cairo_set_line_width(cr, 2)
        let outline = Rect(x: f.minX + 2, y: f.minY + 2, width: f.width - 4, height: f.height - 4)
        Painter.roundedRect(cr, outline, radius: outline.height / 2)
        cairo_stroke(cr)
        let track = Rect(x: f.minX + 4, y: f.minY + 4, width: f.width - 8, height: f.height - 8)
        if progress > 0, track.height > 0 {
            let fill = Rect(x: track.minX, y: track.minY, width: track.width * progress, height: track.height)
            // Clip to the whole rounded track so a small fill keeps the left cap's shape.
            Painter.roundedRect(cr, track, radius: track.height / 2)
            cairo_clip(cr)
            cairo_rectangle(cr, fill.minX, fill.minY, fill.width, fill.height)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// A PNG image scaled to its frame, filtered well when shrunk.
    static func draw(_ image: ImageAsset, in f: Rect, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, f.minX, f.minY)
        cairo_scale(cr, f.width / image.pixelSize.width, f.height / image.pixelSize.height)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
