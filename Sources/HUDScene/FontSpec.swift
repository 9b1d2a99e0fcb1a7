internal import CCairo

/// A Pango font description such as `"Sans Bold 16"`, checked when it is made.
///
/// Sizes are in points at 72 points per inch of the scene, which makes a point one scene unit: `"Sans Bold 16"`
/// is the same size as MBProgressHUD's `boldSystemFontOfSize:16`. A description without a size takes the size of
/// the role it is used for (16 for the label, 12 for the details and the button).
public struct FontSpec: Hashable, Sendable, CustomStringConvertible {
    /// The description as Pango normalises it.
    public let description: String
    /// The size in points, or nil when the description names none.
    public let size: Double?

    public init(_ input: String) throws(FontParseError) {
        let trimmed = input.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw FontParseError(input: input, reason: "it is empty") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FontParseError(input: input, reason: "it contains control characters")
        }
        guard let desc = pango_font_description_from_string(trimmed) else {
            throw FontParseError(input: input, reason: "Pango cannot read it")
        }
        defer { pango_font_description_free(desc) }
        let fields = pango_font_description_get_set_fields(desc)
        var size: Double? = nil
        if fields.rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0 {
            let points = Double(pango_font_description_get_size(desc)) / Double(hud_pango_scale)
            guard InputLimits.fontSizeRange.contains(points) else {
                throw FontParseError(input: input, reason: InputLimits.fontSizeRule)
            }
            size = points
        } else if Self.endsWithNumber(trimmed) {
            // Pango reads a last word that is a number as the size, and silently drops one it cannot hold
            // ("Sans 1000000000", "Sans -5"), which would draw at the default size: refuse it like any bad size.
            throw FontParseError(input: input, reason: InputLimits.fontSizeRule)
        }
        let family = pango_font_description_get_family(desc).map { String(cString: $0) } ?? ""
        guard !family.trimmingWhitespace().isEmpty || size != nil || fields.rawValue != 0 else {
            throw FontParseError(input: input, reason: "it names no font")
        }
        self.size = size
        if let normal = pango_font_description_to_string(desc) {
            self.description = String(cString: normal)
            g_free(normal)
        } else {
            self.description = trimmed
        }
    }

    /// A description already in Pango's normal form, for built-in defaults: made without loading Pango.
    init(normalized description: String, size: Double?) {
        self.description = description
        self.size = size
    }

    /// The description with `size` filled in when it names none.
    public func resolved(defaultSize: Double) -> FontSpec {
        guard size == nil else { return self }
        // Re-parsing cannot fail: the description came from Pango and the size is in range.
        return (try? FontSpec("\(description) \(Self.format(defaultSize))")) ?? self
    }

    /// Whether the last word is a number, with or without Pango's `px` suffix.
    private static func endsWithNumber(_ text: String) -> Bool {
        guard var word = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).last else { return false }
        if word.lowercased().hasSuffix("px") { word = word.dropLast(2) }
        return Double(word) != nil
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}

/// A font description could not be used.
public struct FontParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var input: String
    /// Why it was rejected, in a few words.
    public var reason: String
    public var description: String { "'\(input)' is not a usable font description: \(reason)" }
}
