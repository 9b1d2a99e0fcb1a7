internal import CCairo
public import HUDScene

/// Shapes text with Pango (HarfBuzz, fontconfig fallback), measures it and draws it with cairo.
///
/// Layouts are cached by `TextBlock`, so a frame whose text did not change shapes nothing. The engine draws for one
/// scale factor: metrics hinting is off, so sizes in points are the same at every scale and glyphs are
/// rasterised for the device pixels they land on.
public final class TextEngine: TextMeasuring {
    public let scale: Double
    /// Made on first use: creating it reads the fontconfig configuration and caches, the slowest part of
    /// starting up, which a HUD can do after its (still transparent) window is on screen.
    private var contextStorage: OpaquePointer?  // PangoContext*
    private var context: OpaquePointer {
        if let contextStorage { return contextStorage }
        let made = Self.makeContext(scale: scale)
        contextStorage = made
        return made
    }
    private var cache: [TextBlock: OpaquePointer] = [:]  // PangoLayout*
    /// The cached blocks whose text was cut at a paragraph's end, with an ellipsis of the engine's (not Pango's).
    private var cutAtBreak: Set<TextBlock> = []
    private static let cacheLimit = 32
    /// Renderings kept by earlier runs, used while the fonts are not ready (`settle()` decides, once per frame).
    private let kept: TextImageCache?
    private var servesKept: Bool
    /// Blocks Pango drew, each at its first drawing (whether a kept image stood in for it before or not), to keep
    /// after the frame (`keepDrawnTexts`): a new block is kept, and a kept image that differs is replaced.
    private var toKeep: [(block: TextBlock, color: RGBA, phaseX: Double, phaseY: Double)] = []
    /// Each block is considered for keeping once per engine, at its first drawing by Pango.
    private var considered: Set<TextBlock> = []
    /// Changes when text starts coming from Pango instead of kept images: layouts and frames made before are stale.
    public private(set) var generation = 0

    /// Whether the fonts are ready (fontconfig's configuration read); a test's own answer in tests.
    private let fontsReady: () -> Bool

    public convenience init(scale: Double = 1) {
        self.init(scale: scale, kept: TextImageCache.shared, fontsReady: { TextStack.fontsAreReady })
    }

    init(scale: Double, kept: TextImageCache?, fontsReady: @escaping () -> Bool) {
        self.scale = scale
        self.kept = kept
        self.fontsReady = fontsReady
        servesKept = kept != nil && !fontsReady()
    }

    /// Layouts Pango made (none while every block comes from kept images).
    var shapedLayouts: Int { cache.count }

    /// Called before each frame's layout: once the fonts are ready, Pango takes over from the kept images for good.
    /// Returns whether it just did (the caller lays out and draws again).
    public func settle() -> Bool {
        guard servesKept, fontsReady() else { return false }
        servesKept = false
        generation += 1
        return true
    }

    private func keptImage(_ block: TextBlock) -> TextImage? {
        guard servesKept, let kept else { return nil }
        return kept.image(for: TextImageCache.key(block, scale: scale))
    }

    private static func makeContext(scale: Double) -> OpaquePointer {
        TextStack.require()
        // The default font map is per thread and lives as long as the thread; fontconfig is read once.
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        // 72 dpi makes a point of font size one scene unit, as in UIKit.
        pango_cairo_context_set_resolution(context, 72)
        var matrix = PangoMatrix(xx: scale, xy: 0, yx: 0, yy: scale, x0: 0, y0: 0)
        pango_context_set_matrix(context, &matrix)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        pango_cairo_context_set_font_options(context, options)
        // Whole-pixel glyph positions would make text a point wider or narrower at another scale.
        pango_context_set_round_glyph_positions(context, 0)
        cairo_font_options_destroy(options)
        return context
    }

    deinit {
        for layout in cache.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let contextStorage { g_object_unref(UnsafeMutableRawPointer(contextStorage)) }
    }

    public func measure(_ block: TextBlock) -> Size {
        let rect = keptImage(block)?.logical ?? logicalRect(of: layout(for: block))
        return Size(width: rect.width.rounded(.up), height: rect.height.rounded(.up))
    }

    /// How many characters have no glyph in any installed font (they would show as boxes).
    public func unknownGlyphCount(_ block: TextBlock) -> Int {
        if let image = keptImage(block) { return image.unknownGlyphs }
        return Int(pango_layout_get_unknown_glyphs_count(layout(for: block)))
    }

    /// Whether Pango had to cut the text short with an ellipsis.
    public func isEllipsized(_ block: TextBlock) -> Bool {
        if let image = keptImage(block) { return image.ellipsized }
        let layout = layout(for: block)
        return pango_layout_is_ellipsized(layout) != 0 || cutAtBreak.contains(block)
    }

    /// Number of lines after wrapping.
    public func lineCount(_ block: TextBlock) -> Int {
        if let image = keptImage(block) { return image.lines }
        return Int(pango_layout_get_line_count(layout(for: block)))
    }

    /// Draws `block` with the top-left of its logical box at `frame.origin`, centred in `frame`'s width; a leading
    /// block is laid out across its whole `maxWidth` from `frame.minX`, so Pango puts each line at its leading edge.
    /// `cr` must be in scene units (points) already scaled to device pixels by `scale`.
    func draw(_ block: TextBlock, in frame: Rect, color: RGBA, on cr: OpaquePointer) {
        let image = keptImage(block).flatMap { $0.color == color ? $0 : nil }
        let layout = image == nil ? layout(for: block) : nil
        let rect = image?.logical ?? logicalRect(of: layout!)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let cut = rect.width > frame.width + 1 || rect.height > frame.height + 1
        if cut {
            // Text the layout had to cut down (a glyph wider than the area) is cut at its frame, never drawn over
            // the rest of the bezel or beyond it. Text that fits is not clipped: ink may overhang its logical box.
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
            cairo_clip(cr)
        }
        let x = block.leading ? frame.minX : frame.minX + (frame.width - rect.width) / 2 - rect.minX
        let y = frame.minY - rect.minY
        if let image {
            image.paint(on: cr, atUserX: x, y: y, scale: scale)
            return
        }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        guard kept != nil, !cut, considered.count < 8, considered.insert(block).inserted else { return }
        // Where the origin lands within a device pixel: a kept image is exact only at the same fraction.
        guard TextImage.isPlainScale(cr, scale) else { return }
        var dx = x, dy = y
        cairo_user_to_device(cr, &dx, &dy)
        toKeep.append((block, color, dx - dx.rounded(.down), dy - dy.rounded(.down)))
    }

    /// Keeps the renderings of blocks Pango drew since the last call (see `TextImageCache`): called after a frame
    /// is on screen, so that drawing them alone and writing them costs the next start nothing and this one no
    /// delay.
    public func keepDrawnTexts() {
        guard let kept, !toKeep.isEmpty, !servesKept else { return }
        for entry in toKeep {
            let layout = layout(for: entry.block)
            guard let image = TextImage.draw(layout, logical: logicalRect(of: layout),
                                             ellipsized: isEllipsized(entry.block), color: entry.color,
                                             scale: scale, phaseX: entry.phaseX, phaseY: entry.phaseY)
            else { continue }
            kept.keep(image, for: TextImageCache.key(entry.block, scale: scale))
        }
        toKeep.removeAll()
    }

    private func logicalRect(of layout: OpaquePointer) -> Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let s = Double(hud_pango_scale)
        return Rect(x: Double(logical.x) / s, y: Double(logical.y) / s,
                    width: Double(logical.width) / s, height: Double(logical.height) / s)
    }

    /// The block's PangoLayout, made once (internal for tests, which read what Pango shows).
    func layout(for block: TextBlock) -> OpaquePointer {
        if let cached = cache[block] { return cached }
        if cache.count >= Self.cacheLimit {
            for layout in cache.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
            cache.removeAll(keepingCapacity: true)
            cutAtBreak.removeAll(keepingCapacity: true)
        }
        let layout = pango_layout_new(context)!
        let desc = pango_font_description_from_string(block.font.description)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        let s = Double(hud_pango_scale)
        pango_layout_set_width(layout, Int32(max(1, block.maxWidth) * s))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        if block.leading {
            // The leading edge follows the text's direction (right for Arabic and Hebrew).
            pango_layout_set_auto_dir(layout, 1)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        } else {
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        }
        if let lines = block.maxLines {
            pango_layout_set_height(layout, -Int32(max(1, lines)))
        } else if let height = block.maxHeight {
            pango_layout_set_height(layout, Int32(max(1, height) * s))
        }
        if block.markup {
            // Bad markup, or markup asking for sizes beyond the limits, shows as literal text rather than failing.
            if MarkupCheck.problem(in: block.text) == nil {
                pango_layout_set_markup(layout, block.text, -1)
            } else {
                pango_layout_set_text(layout, block.text, -1)
            }
        } else {
            pango_layout_set_text(layout, block.text, -1)
        }
        if Self.cutAtParagraphs(layout, block) { cutAtBreak.insert(block) }
        cache[block] = layout
        return layout
    }
}
