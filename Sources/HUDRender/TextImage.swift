internal import CCairo
import Glibc
import HUDScene

/// One text block as Pango drew it: its metrics and its pixels, kept so that a later run can lay out and draw the
/// same block before fontconfig is ready (`TextImageCache`). The pixels are premultiplied ARGB32 in the text's
/// colour, in device pixels at `scale`, placed relative to the layout's origin: pixel (0, 0) of the image lands at
/// `floor(origin) + offset`, where the origin's fraction of a pixel was `phase` when it was drawn.
public struct TextImage: Equatable, Sendable {
    /// The layout's logical box in points (what `TextEngine.measure` rounds up).
    var logical: Rect
    var unknownGlyphs: Int
    var ellipsized: Bool
    var lines: Int
    var color: RGBA
    var phaseX: Double
    var phaseY: Double
    var offsetX: Int
    var offsetY: Int
    var width: Int
    var height: Int
    /// `width * 4` bytes per row.
    var pixels: [UInt8]

    /// Paints the image on `cr` with the layout's origin at user point (`x`, `y`), under whatever transform `cr`
    /// has. At the scale and pixel phase it was drawn at, this copies its pixels; otherwise (a zoom, another
    /// fraction) cairo resamples them, which is only seen for the few frames before Pango takes over.
    func paint(on cr: OpaquePointer, atUserX x: Double, y: Double, scale: Double) {
        pixels.withUnsafeBufferPointer { buffer in
            let data = UnsafeMutablePointer(mutating: buffer.baseAddress!)
            let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width),
                                                              Int32(height), Int32(width * 4))!
            defer { cairo_surface_destroy(surface) }
            cairo_save(cr)
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            let exact = Self.isPlainScale(cr, scale) && abs(dx - dx.rounded(.down) - phaseX) < 1e-6
                && abs(dy - dy.rounded(.down) - phaseY) < 1e-6
            if exact {
                cairo_identity_matrix(cr)
                cairo_set_source_surface(cr, surface, dx.rounded(.down) + Double(offsetX),
                                         dy.rounded(.down) + Double(offsetY))
            } else {
                cairo_translate(cr, x, y)
                cairo_scale(cr, 1 / scale, 1 / scale)
                cairo_set_source_surface(cr, surface, Double(offsetX) - phaseX, Double(offsetY) - phaseY)
            }
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}

extension TextImage {
    /// Whether `cr` maps user space to device pixels by `scale` alone (and a translation): no zoom, no rotation.
    static func isPlainScale(_ cr: OpaquePointer, _ scale: Double) -> Bool {
        var ax = 1.0, ay = 0.0, bx = 0.0, by = 1.0
        cairo_user_to_device_distance(cr, &ax, &ay)
        cairo_user_to_device_distance(cr, &bx, &by)
        return ax == scale && ay == 0 && bx == 0 && by == scale
    }

    /// Draws `layout` (a PangoLayout made for `scale`) alone, as it would land with its origin at a device point
    /// whose fraction of a pixel is (`phaseX`, `phaseY`).
    static func draw(_ layout: OpaquePointer, logical: Rect, ellipsized: Bool, color: RGBA, scale: Double,
                     phaseX: Double, phaseY: Double) -> TextImage? {
        var ink = PangoRectangle(), ignored = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &ignored)
        let s = Double(hud_pango_scale)
        // A pixel of margin: antialiasing reaches past the ink box.
        let x0 = Int((phaseX + Double(ink.x) / s * scale).rounded(.down)) - 1
        let y0 = Int((phaseY + Double(ink.y) / s * scale).rounded(.down)) - 1
        let x1 = Int((phaseX + Double(ink.x + ink.width) / s * scale).rounded(.up)) + 1
        let y1 = Int((phaseY + Double(ink.y + ink.height) / s * scale).rounded(.up)) + 1
        let width = max(1, x1 - x0), height = max(1, y1 - y0)
        guard width <= 4096, height <= 4096,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_translate(cr, phaseX - Double(x0), phaseY - Double(y0))
        cairo_scale(cr, scale, scale)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, 0, 0)
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            pixels.withUnsafeMutableBytes {
                _ = memcpy($0.baseAddress! + row * width * 4, data + row * stride, width * 4)
            }
        }
        return TextImage(logical: logical, unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)),
                         ellipsized: ellipsized,
                         lines: Int(pango_layout_get_line_count(layout)), color: color, phaseX: phaseX,
                         phaseY: phaseY, offsetX: x0, offsetY: y0, width: width, height: height, pixels: pixels)
    }
}
