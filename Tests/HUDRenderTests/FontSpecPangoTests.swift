import HUDBase
import CCairo
import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// `FontSpec` reads font descriptions in Swift; these compare it with Pango itself, which draws them.
@Suite(.ownThreads) struct FontSpecPangoTests {
    /// Pango's normal form and size of `text`, as the text stack reads it.
    private func pango(_ text: String) -> (description: String, size: Double?) {
        let desc = pango_font_description_from_string(text)!
        defer { pango_font_description_free(desc) }
        let normal = pango_font_description_to_string(desc)!
        defer { g_free(normal) }
        let hasSize = pango_font_description_get_set_fields(desc).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0
        return (String(cString: normal),
                hasSize ? Double(pango_font_description_get_size(desc)) / Double(hud_pango_scale) : nil)
    }

    static let written = [
        "Sans Bold 16", "Sans Semi-Bold 12", "DejaVu Sans 12", "Monospace 9.5", "Serif Italic", "sans bold 13",
        "Sans SemiBold 12", "Sans Bold Italic 13", "Noto Sans CJK JP, Sans 14", "Sans,Serif,Monospace 11",
        "Cantarell Italic Light 15 @wght=200", "Sans 20px", "Sans 12.3", "Bold", "12", "Sans,",
        "Sans, 12", "Terminus 12, Bold", "Font 3", "Font 3, 12", "Sans weight=450 12", "Sans style=2",
        "Sans Ultra-Condensed Small-Caps 10", "Sans North 10", "Sans Normal", "Normal", "  Sans   Bold  16  ",
        "Sans-Bold 16", "Ubuntu Mono Regular", "Sans 0x10", "Sans 1e1", "Sans +12", "Sans 12pt", "Sans 12 px",
        "Sans Book Oblique Semi-Expanded All-Petite-Caps 13", "Sans weight=bold 12", "Sans Heavy 511.5",
        "Sans @", "Sans 12 @wght=300,wdth=80", "Font Bold,", "A,B , C ,D 8", "Ärial Fett 12",
        "Sans\u{A0}Bold 12", "Sans 1", "Sans Bold 512", "Sans 1px", "weight=700", "Sans gravity=1 9",
    ]

    @Test(arguments: written)
    func readsAsPangoDoes(_ text: String) throws {
        let spec = try FontSpec(text)
        let expected = pango(text.trimmingCharacters(in: .whitespaces))
        #expect(spec.description == expected.description, "\(text)")
        #expect(spec.size == expected.size, "\(text)")
    }

    /// Random words from Pango's vocabulary and its corner cases, so that no pattern is left to the list above.
    @Test func agreesWithPangoOnRandomDescriptions() {
        let words = ["Sans", "Bold", "bold", "Semi-Bold", "SemiBold", "Italic", "Normal", "12", "9.5", "16px", ",",
                     "@wght=400", "weight=300", "Small-Caps", "Condensed", "East", "Mono", "3", "0", "x", "-", "px",
                     "Light", "Book", "Title-Caps", "style=1", "1000", ", ", " ,", "Heavy", "Roman", "Ultra-Black"]
        var generator = SystemRandomNumberGenerator()
        var failures: [String] = []
        for _ in 0..<3000 {
            let count = Int.random(in: 1...5, using: &generator)
            let text = (0..<count).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let expected = pango(trimmed)
            switch Result(catching: { () throws(FontParseError) in try FontSpec(text) }) {
            case .success(let spec):
                if spec.description != expected.description || spec.size != expected.size {
                    failures.append("'\(text)': \(spec.description) \(String(describing: spec.size)) vs "
                        + "\(expected.description) \(String(describing: expected.size))")
                }
            case .failure(let error):
                // Refused only for a size out of range, which Pango reads (or drops) without complaint.
                if error.reason != InputLimits.fontSizeRule { failures.append("'\(text)': \(error)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
