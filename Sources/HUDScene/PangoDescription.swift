/// Pango's font-description syntax, `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE] [@VARIATIONS]`, read and written back as
/// `pango_font_description_from_string` and `_to_string` do (Pango 1.50), in Swift, so that checking a font name
/// loads no library. Words are split on ASCII white space, the size is the last word, style words are read from
/// the end until one is not a style word, and the rest is the comma-separated family list. A test compares it with
/// Pango itself.
struct PangoDescription {
    /// The families as written, each trimmed, joined by commas; nil when none is named.
    var family: String?
    var weight = 400
    var style = 0
    var stretch = 4
    var variant = 0
    var gravity: Int?
    /// In Pango units (1/1024 point), rounded as Pango rounds.
    var pangoSize: Int?
    var sizeIsAbsolute = false
    var variations: String?

    /// The size in points.
    var size: Double? { pangoSize.map { Double($0) / Double(Self.scale) } }

    static let scale = 1024

    typealias FieldMap = [(value: Int, name: String)]

    static let styles: FieldMap = [(0, ""), (0, "Roman"), (1, "Oblique"), (2, "Italic")]
    static let variants: FieldMap = [
        (0, ""), (1, "Small-Caps"), (2, "All-Small-Caps"), (3, "Petite-Caps"), (4, "All-Petite-Caps"),
        (5, "Unicase"), (6, "Title-Caps"),
    ]
    static let weights: FieldMap = [
        (100, "Thin"), (200, "Ultra-Light"), (200, "Extra-Light"), (300, "Light"), (350, "Semi-Light"),
        (350, "Demi-Light"), (380, "Book"), (400, ""), (400, "Regular"), (500, "Medium"), (600, "Semi-Bold"),
        (600, "Demi-Bold"), (700, "Bold"), (800, "Ultra-Bold"), (800, "Extra-Bold"), (900, "Heavy"), (900, "Black"),
        (1000, "Ultra-Heavy"), (1000, "Extra-Heavy"), (1000, "Ultra-Black"), (1000, "Extra-Black"),
    ]
    static let stretches: FieldMap = [
        (0, "Ultra-Condensed"), (1, "Extra-Condensed"), (2, "Condensed"), (3, "Semi-Condensed"), (4, ""),
        (5, "Semi-Expanded"), (6, "Expanded"), (7, "Extra-Expanded"), (8, "Ultra-Expanded"),
    ]
    static let gravities: FieldMap = [
        (0, "Not-Rotated"), (0, "South"), (2, "Upside-Down"), (2, "North"), (1, "Rotated-Left"), (1, "East"),
        (3, "Rotated-Right"), (3, "West"),
    ]

    init(_ text: String) {
        let s = Array(text.utf8)
        var last = s.count
        var word = Self.word(s, before: last, stop: [])
        if !word.isEmpty, s[word.lowerBound] == UInt8(ascii: "@") {
            variations = String(decoding: s[(word.lowerBound + 1)..<word.upperBound], as: UTF8.self)
            last = word.lowerBound
        }
        word = Self.word(s, before: last, stop: [UInt8(ascii: ",")])
        if !word.isEmpty, let (size, absolute) = Self.parseSize(s[word]) {
            pangoSize = size
            sizeIsAbsolute = absolute
            last = word.lowerBound
        }
        word = Self.word(s, before: last, stop: [UInt8(ascii: ",")])
        while !word.isEmpty, readField(s[word]) {
            last = word.lowerBound
            word = Self.word(s, before: last, stop: [UInt8(ascii: ",")])
        }
        // The rest is the family list, trimmed, without one trailing comma, each family trimmed.
        var start = 0
        while last > start, Self.isSpace(s[last - 1]) { last -= 1 }
        if last > start, s[last - 1] == UInt8(ascii: ",") { last -= 1 }
        while last > start, Self.isSpace(s[last - 1]) { last -= 1 }
        while last > start, Self.isSpace(s[start]) { start += 1 }
        if start != last {
            family = s[start..<last].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .map { String(decoding: Self.trimmed($0), as: UTF8.self) }.joined(separator: ",")
        }
    }

    /// The description as `pango_font_description_to_string` writes it.
    var normalized: String {
        var result = ""
        if let family {
            result = family
            // A family whose last word would read as a style word, or as a size when nothing follows, keeps a comma.
            let bytes = Array(family.utf8)
            let word = Self.word(bytes, before: bytes.count, stop: [UInt8(ascii: ",")])
            if !word.isEmpty, Self.isField(bytes[word]) || Self.parseSize(bytes[word]) != nil && weight == 400
                && style == 0 && stretch == 4 && variant == 0 && gravity == nil && pangoSize == nil {
                result += ","
            }
        }
        Self.append(&result, "weight", Self.weights, weight)
        Self.append(&result, "style", Self.styles, style)
        Self.append(&result, "stretch", Self.stretches, stretch)
        Self.append(&result, "variant", Self.variants, variant)
        if let gravity { Self.append(&result, "gravity", Self.gravities, gravity) }
        if result.isEmpty { result = "Normal" }
        if let pangoSize {
            result += " " + Self.format(Double(pangoSize) / Double(Self.scale)) + (sizeIsAbsolute ? "px" : "")
        }
        if let variations, !variations.isEmpty { result += " @" + variations }
        return result
    }

    // MARK: Pango's helpers

    /// g_ascii_isspace.
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let c = s.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.last, isSpace(c) { s = s.dropLast() }
        return s
    }

    /// The last word before `end` (after skipping white space), ending at white space or a `stop` byte.
    private static func word(_ s: [UInt8], before end: Int, stop: [UInt8]) -> Range<Int> {
        var last = end
        while last > 0, isSpace(s[last - 1]) { last -= 1 }
        var start = last
        while start > 0, !isSpace(s[start - 1]), !stop.contains(s[start - 1]) { start -= 1 }
        return start..<last
    }

    /// A size: a number from 0 to 1000000, optionally followed by `px`; in Pango units.
    private static func parseSize(_ word: ArraySlice<UInt8>) -> (Int, Bool)? {
        var number = word, absolute = false
        if number.count > 2, number.suffix(2).elementsEqual("px".utf8) {
            number = number.dropLast(2)
            absolute = true
        }
        guard let value = Double(String(decoding: number, as: UTF8.self)), value >= 0, value <= 1_000_000
        else { return nil }
        return (Int(value * Double(scale) + 0.5), absolute)
    }

    /// Pango's field_matches: ASCII case-insensitive, a `-` in the name may be left out of the word.
    private static func matches(_ name: String, _ word: ArraySlice<UInt8>) -> Bool {
        var n = name.utf8.makeIterator()
        var c1 = n.next()
        for b in word {
            while let c = c1, lower(c) != lower(b), c == UInt8(ascii: "-") { c1 = n.next() }
            guard let c = c1, lower(c) == lower(b) else { return false }
            c1 = n.next()
        }
        return c1 == nil
    }

    private static func lower(_ c: UInt8) -> UInt8 { (0x41...0x5A).contains(c) ? c + 0x20 : c }

    /// A field's value from its name, or from `what=N`.
    private static func find(_ what: String, _ map: FieldMap, _ word: ArraySlice<UInt8>) -> Int? {
        var word = word, prefixed = false
        let prefix = Array(what.utf8) + [UInt8(ascii: "=")]
        if word.count > what.utf8.count, word.starts(with: prefix) {
            word = word.dropFirst(prefix.count)
            prefixed = true
        }
        if let entry = map.first(where: { !$0.name.isEmpty && matches($0.name, word) }) { return entry.value }
        guard prefixed, let value = Int(String(decoding: word, as: UTF8.self)), value >= 0, value <= Int(Int32.max)
        else { return nil }
        return value
    }

    /// Reads a style word into its field; false when the word is none.
    private mutating func readField(_ word: ArraySlice<UInt8>) -> Bool {
        if Self.matches("Normal", word) { return true }
        if let v = Self.find("weight", Self.weights, word) {
            weight = v
        } else if let v = Self.find("style", Self.styles, word) {
            style = v
        } else if let v = Self.find("stretch", Self.stretches, word) {
            stretch = v
        } else if let v = Self.find("variant", Self.variants, word) {
            variant = v
        } else if let v = Self.find("gravity", Self.gravities, word) {
            gravity = v
        } else {
            return false
        }
        return true
    }

    private static func isField(_ word: ArraySlice<UInt8>) -> Bool {
        var probe = PangoDescription(empty: ())
        return probe.readField(word)
    }

    private init(empty: Void) {}

    private static func append(_ result: inout String, _ what: String, _ map: FieldMap, _ value: Int) {
        if let entry = map.first(where: { $0.value == value }) {
            guard !entry.name.isEmpty else { return }
            if let c = result.utf8.last, c != UInt8(ascii: " ") { result += " " }
            result += entry.name
            return
        }
        result += " \(what)=\(value)"
    }

    /// g_ascii_dtostr ("%.17g"): a size is a multiple of 1/1024, whose shortest form is its exact one.
    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
