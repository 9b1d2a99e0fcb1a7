internal import CCairo
import HUDScene

/// Copies of a moving indicator's finished pixels, one per phase, over one still layer at one place: what the
/// renderer paints instead of drawing a phase it has drawn before. Its owner empties it when the still layer or
/// the canvas changes.
struct SpriteCache {
    /// A rectangle of canvas pixels, kept.
    final class Sprite {
        let pixels: Canvas
        let rect: Rect

        init(pixels: Canvas, rect: Rect) {
            self.pixels = pixels
            self.rect = rect
        }

        /// Puts the pixels back where they were taken from (on a context whose clip is that rectangle).
        func paint(on cr: OpaquePointer) {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, pixels.surface, rect.minX, rect.minY)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// At most this many bytes of copies. A 37-point spinner's frame is about 10 KB at scale 1 and 40 KB at scale 2,
    /// and most cycles are 10–40 frames; the longest (circle-arc-dot-spin's 8 s, about 240 frames) fits at scale 1
    /// and keeps what fits at scale 2, drawing the rest.
    static let budget = 3 << 20

    private var sprites: [Double: Sprite] = [:]
    private var bytes = 0

    /// The copy of `phase` taken at `rect`, if any.
    func sprite(phase: Double, at rect: Rect) -> Sprite? {
        guard let sprite = sprites[phase], sprite.rect == rect else { return nil }
        return sprite
    }

    /// Keeps the pixels of `rect` in `canvas` as `phase`'s, while the budget allows.
    mutating func keep(phase: Double, at rect: Rect, from canvas: Canvas) {
        let size = Int(rect.width) * Int(rect.height) * 4
        guard size > 0, bytes + size <= Self.budget,
              let copy = try? Canvas(width: Int(rect.width), height: Int(rect.height))
        else { return }
        let cr = cairo_create(copy.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, canvas.surface, -rect.minX, -rect.minY)
        cairo_paint(cr)
        cairo_destroy(cr)
        if let old = sprites.updateValue(Sprite(pixels: copy, rect: rect), forKey: phase) {
            bytes -= Int(old.rect.width) * Int(old.rect.height) * 4
        }
        bytes += size
    }

    mutating func removeAll() {
        sprites = [:]
        bytes = 0
    }
}
