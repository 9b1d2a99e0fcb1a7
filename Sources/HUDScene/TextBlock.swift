/// A piece of text and the box it must fit: what layout measures and the renderer draws.
public struct TextBlock: Hashable, Sendable {
    public var text: String
    public var font: FontSpec
    /// Lines wrap at this width.
    public var maxWidth: Double
    /// At most this many lines; nil for as many as `maxHeight` allows.
    public var maxLines: Int?
    /// Text past this height is ellipsized; nil for no limit.
    public var maxHeight: Double?
    /// Interpret Pango markup (`<b>`…) instead of showing the text literally.
    public var markup: Bool
    /// Lines centred (the HUD) or from the leading edge (the banner).
    public var leading: Bool

    public init(text: String, font: FontSpec, maxWidth: Double, maxLines: Int? = nil, maxHeight: Double? = nil,
                markup: Bool = false, leading: Bool = false) {
        self.text = text
        self.font = font
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.markup = markup
        self.leading = leading
    }
}

/// Measures text for layout. `TextEngine` measures with Pango; tests may supply fixed metrics.
public protocol TextMeasuring {
    /// The size the text takes when laid out in `block`'s box, in points, rounded up to whole points.
    func measure(_ block: TextBlock) -> Size
}

extension TextBlock {
    /// What Pango markup reads as, for places that show text without drawing it (`x11hud list`): the tags
    /// dropped, the entities (`&amp;`, `&#38;`, `&#x26;`) turned back into their characters.
    public static func plainText(fromMarkup markup: String) -> String {
        var out = ""
        var rest = Substring(markup)
        while let c = rest.first {
            if c == "<", let close = rest.firstIndex(of: ">") {
                rest = rest[rest.index(after: close)...]
            } else if c == "&", let semi = rest.prefix(12).firstIndex(of: ";"),
                      let decoded = character(entity: rest[rest.index(after: rest.startIndex)..<semi]) {
                out.append(decoded)
                rest = rest[rest.index(after: semi)...]
            } else {
                out.append(c)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// The character an XML entity (`amp`, `#38`, `#x26`) names, the name without `&` and `;`.
    public static func character(entity name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let number = name.hasPrefix("#x") || name.hasPrefix("#X")
                ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
