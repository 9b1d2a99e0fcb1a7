internal import CCairo
import HUDScene

/// A text's line limit across its paragraphs. Pango holds a negative height (`maxLines`) per paragraph, so a body
/// of seven one-line paragraphs showed seven lines where five were asked; a positive height (`maxHeight`) drops the
/// paragraphs past it, but the last line shown then ends as if nothing followed. Pango ellipsizes only a line whose
/// own paragraph goes on, so the text is cut at the end of the last line's paragraph, with an ellipsis of its own.
extension TextEngine {
    /// Cuts `layout`, made for `block` with its height set, to `block`'s lines or height across paragraphs, the last
    /// line shown ending in an ellipsis (Pango's, or one put at the end of the paragraph cut). Returns whether it put
    /// one there. A text of one paragraph, or one that fits, keeps the layout it has: one layout only.
    static func cutAtParagraphs(_ layout: OpaquePointer, _ block: TextBlock) -> Bool {
        guard block.maxLines != nil || block.maxHeight != nil else { return false }
        // The text after markup was parsed: the bytes Pango's line indices and the markup's attributes count.
        let text = Array(String(cString: pango_layout_get_text(layout)).utf8)
        guard nextBreak(in: text, from: 0) != nil else { return false }
        let lines = self.lines(of: layout)
        let last: Int
        if let maxLines = block.maxLines {
            last = max(1, maxLines) - 1
            guard lines.count > last + 1 else { return false }
        } else {
            // A positive height dropped the paragraphs past it: cut when text follows the last line's paragraph and
            // Pango did not cut that line itself.
            last = lines.count - 1
            guard pango_layout_is_ellipsized(layout) == 0, let end = nextBreak(in: text, from: lines[last].start),
                  showsSomething(text[end.next...]) else { return false }
        }
        var ellipsized = false
        if let end = nextBreak(in: text, from: lines[last].start) {
            // Blank lines after the last one shown hide nothing: they go without an ellipsis.
            ellipsized = showsSomething(text[end.index...])
            cut(layout, text, at: end.index, ellipsis: ellipsized)
        }
        if block.maxLines != nil, pango_layout_get_line_count(layout) > last + 1 {
            // The last line's paragraph goes on past it (or the ellipsis did not fit): Pango ellipsizes it under a
            // positive height. It ellipsizes the line past which, at the height of the line before, two more would
            // not fit, and stops after a paragraph past which that one would not: the next line's top and one and a
            // half times the height of the line before it (a fallback font's line is a little taller).
            let before = lines[max(0, last - 1)]
            pango_layout_set_height(layout, lines[last].top + 3 * (before.bottom - before.top) / 2)
        }
        return ellipsized
    }

    /// Sets `layout`'s text to the first `index` bytes of `text`, and an ellipsis after them if asked.
    private static func cut(_ layout: OpaquePointer, _ text: [UInt8], at index: Int, ellipsis: Bool) {
        let added = ellipsis ? Array("…".utf8) : []
        // The markup's attributes past the cut go, and none starts or ends inside the ellipsis.
        if let attributes = pango_layout_get_attributes(layout) {
            pango_attr_list_update(attributes, Int32(index), Int32(text.count - index), Int32(added.count))
        }
        let bytes = text[..<index] + added
        bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// Each line's first byte, top and bottom (Pango units), in order.
    private static func lines(of layout: OpaquePointer) -> [(start: Int, top: Int32, bottom: Int32)] {
        var lines: [(start: Int, top: Int32, bottom: Int32)] = []
        guard let iter = pango_layout_get_iter(layout) else { return lines }
        defer { pango_layout_iter_free(iter) }
        repeat {
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            lines.append((Int(pango_layout_iter_get_index(iter)), top, bottom))
        } while pango_layout_iter_next_line(iter) != 0
        return lines
    }

    /// Whether `bytes` hold something other than white space and line breaks.
    private static func showsSomething(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains { !$0.isWhitespace }
    }

    /// The first forced break at or after byte `from`, and the byte after it: a paragraph's end (line feed,
    /// carriage return, U+2029) or a line separator (U+2028), where Pango stops a line without an ellipsis.
    static func nextBreak(in text: [UInt8], from: Int) -> (index: Int, next: Int)? {
        var i = from
        while i < text.count {
            switch text[i] {
            case 0x0A: return (i, i + 1)
            case 0x0D: return (i, i + 1 < text.count && text[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xE2 where i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9):
                return (i, i + 3)
            default: i += 1
            }
        }
        return nil
    }
}
