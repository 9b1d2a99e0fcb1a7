import HUDBase
/// A Pango font description such as `"Sans Bold 16"`, checked when it is made.
///
/// Sizes are in points at 72 points per inch of the scene, which makes a point one scene unit: `"Sans Bold 16"`
/// is the same size as MBProgressHUD's `boldSystemFontOfSize:16`. A description without a size takes the size of
/// the role it is used for (16 for the label, 12 for the details and the button).
///
/// The description is read here as Pango reads it (`PangoDescription`), without loading Pango: a program that only
/// forwards its content to another process's HUD never loads the text stack. Whether the family is installed is
/// the renderer's question, which falls back as fontconfig does.
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
        let parsed = PangoDescription(trimmed)
        var size: Double? = nil
        if let points = parsed.size {
            guard InputLimits.fontSizeRange.contains(points) else {
                throw FontParseError(input: input, reason: InputLimits.fontSizeRule)
            }
            size = points
        } else if Self.endsWithNumber(trimmed) {
            // Pango reads a last word that is a number as the size, and silently drops one it cannot hold
            // ("Sans 1000000000", "Sans -5"), which would draw at the default size: refuse it like any bad size.
            throw FontParseError(input: input, reason: InputLimits.fontSizeRule)
        }
        self.size = size
        self.description = parsed.normalized
    }

    /// A description already in Pango's normal form, for built-in defaults.
    init(normalized description: String, size: Double?) {
        self.description = description
        self.size = size
    }

    /// The description with `size` filled in when it names none.
    public func resolved(defaultSize: Double) -> FontSpec {
        guard size == nil else { return self }
        // Re-parsing cannot fail: the description is in normal form and the size is in range.
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

/// Written as its description and checked again when read: a font from another process (a client's request to the
/// resident) meets the same limits as one from a command line.
extension FontSpec: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try FontSpec(text) } catch {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description)
            throw DecodingError.dataCorrupted(context)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
