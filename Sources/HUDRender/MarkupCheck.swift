import HUDBase
internal import CCairo
import HUDScene

/// Holds the font sizes inside Pango markup to the limits of font descriptions, so `<span font="Sans 4000">` is
/// refused like `--font "Sans 4000"` instead of asking for a glyph thousands of pixels high.
public enum MarkupCheck {
    /// The largest factor `<big>` or `size="xx-large"` may scale text by (11 nested `<big>` tags).
    public static let maxScale = 8.0

    /// Why `markup` cannot be drawn as markup (it does not parse, or a size in it is out of range), or nil.
    public static func problem(in markup: String) -> String? {
        TextStack.requireLibraries()
        var size: Int32 = 0
        var scale = 1.0
        guard hud_markup_sizes(markup, &size, &scale) != 0 else { return "it is not valid Pango markup" }
        let points = Double(size) / Double(hud_pango_scale)
        if points > InputLimits.fontSizeRange.upperBound {
            return "a size of \(Int(points)) points in the markup is too large: \(InputLimits.fontSizeRule)"
        }
        if scale > maxScale {
            return "the markup scales text by \((scale * 10).rounded() / 10); at most \(Int(maxScale)) is allowed"
        }
        return nil
    }
}
