import HUDScene
import Testing

@Suite struct ColorParsingTests {
    @Test func readsSixAndEightDigits() throws {
        #expect(try RGBA(hex: "#FF0000") == RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(try RGBA(hex: "#00ff0080").alpha == 128.0 / 255)
        #expect(try RGBA(hex: "  336699 ").blue == 0x99 / 255.0)
        #expect(try RGBA(hex: "#11223344").description == "#11223344")
    }

    @Test(arguments: ["#12345", "", "#", "#1234567", "#GGGGGG", "#12 456", "red", "#+12345", "#123456789"])
    func rejects(_ bad: String) {
        #expect(throws: ColorParseError.self) { try RGBA(hex: bad) }
    }

    @Test func errorNamesTheInput() {
        do {
            _ = try RGBA(hex: "#12345")
            Issue.record("accepted #12345")
        } catch {
            #expect(error.description.contains("#12345"))
            #expect(error.description.contains("#RRGGBB"))
        }
    }
}

@Suite struct FontParsingTests {
    @Test func readsPangoDescriptions() throws {
        let f = try FontSpec("Sans Bold 16")
        #expect(f.size == 16)
        #expect(f.description.contains("Bold"))
        #expect(try FontSpec("Monospace 9.5").size == 9.5)
    }

    @Test func builtInDefaultsAreWhatPangoMakesOfThem() throws {
        // The defaults are written out so that the default style needs no Pango; they must match its parse.
        #expect(HUDStyle.defaultLabelFont == (try FontSpec("Sans Bold 16")))
        #expect(HUDStyle.defaultDetailsFont == (try FontSpec("Sans Bold 12")))
    }

    @Test func fillsInTheRoleSizeWhenNoneIsGiven() throws {
        let f = try FontSpec("Serif Italic")
        #expect(f.size == nil)
        #expect(f.resolved(defaultSize: 12).size == 12)
        #expect(try FontSpec("Sans 20").resolved(defaultSize: 12).size == 20)
    }

    @Test(arguments: ["", "   ", "Sans\u{1}Bold", "Sans 0", "Sans 9999"])
    func rejects(_ bad: String) {
        #expect(throws: FontParseError.self) { try FontSpec(bad) }
    }
}

@Suite struct ContentTests {
    @Test func progressIsClamped() {
        var c = HUDContent(mode: .bar, progress: 1.7)
        #expect(c.progress == 1)
        c.progress = -3
        #expect(c.progress == 0)
        c.progress = .nan
        #expect(c.progress == 0)
        c.progress = .infinity
        #expect(c.progress == 1)
    }

    @Test func modeNamesAndAliases() {
        #expect(HUDMode(name: "ring") == .annular)
        #expect(HUDMode(name: "PIE") == .determinate)
        #expect(HUDMode(name: "spinner") == .indeterminate)
        #expect(HUDMode(name: "wheel") == nil)
    }
}

@Suite struct MarkupTextTests {
    /// `x11hud list` shows a notification's summary as read, not as the markup handed to Pango.
    @Test(arguments: [
        ("Backup &amp; sync", "Backup & sync"), ("<b>Bold</b> &lt;tag&gt;", "Bold <tag>"),
        ("&#38;&#x26;&quot;&apos;", "&&\"'"), ("a & b; c", "a & b; c"), ("&unknown; &#xZZ;", "&unknown; &#xZZ;"),
        ("no markup", "no markup"), ("<unclosed", "<unclosed"),
    ])
    func markupReadsAsPlainText(_ markup: String, _ plain: String) {
        #expect(TextBlock.plainText(fromMarkup: markup) == plain)
    }
}
