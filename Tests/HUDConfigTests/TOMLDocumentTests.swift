@testable import HUDConfig
import Testing

@Suite struct TOMLDocumentTests {
    func values(_ text: String) throws -> [String: TOMLValue] {
        Dictionary(uniqueKeysWithValues: try TOMLDocument(parsing: text).entries.map { ($0.key, $0.value) })
    }

    @Test func readsStringsWithEveryEscape() throws {
        let v = try values(#"""
            a = "tab\there \"q\" back\\slash \u00E9 \U0001F600 \b\f\r\n"
            b = 'C:\no\escapes "here"'
            "quoted key" = "x"
            'literal key' = "y"
            c = "" # empty
            """#)
        #expect(v["a"] == .string("tab\there \"q\" back\\slash é 😀 \u{08}\u{0C}\r\n"))
        #expect(v["b"] == .string(#"C:\no\escapes "here""#))
        #expect(v["quoted key"] == .string("x") && v["literal key"] == .string("y"))
        #expect(v["c"] == .string(""))
    }

    @Test func readsMultiLineStrings() throws {
        let v = try values(#"""
            a = """
            Sans \
               Bold"""
            b = '''
            one
            two\n'''
            c = """quotes "" inside"""""
            """#)
        #expect(v["a"] == .string("Sans Bold"))
        #expect(v["b"] == .string("one\ntwo\\n"))
        #expect(v["c"] == .string(#"quotes "" inside"""#))
    }

    @Test func readsNumbersAndBooleans() throws {
        let v = try values("""
            a = 42
            b = -17
            c = +1_000
            d = 0xFF
            e = 0o17
            f = 0b101
            g = 16.5
            h = -2e3
            i = 6.25E-1
            j = 1_000.5
            k = inf
            l = -inf
            m = nan
            n = true
            o = false
            p = 0
            """)
        #expect(v["a"] == .integer(42) && v["b"] == .integer(-17) && v["c"] == .integer(1000))
        #expect(v["d"] == .integer(255) && v["e"] == .integer(15) && v["f"] == .integer(5) && v["p"] == .integer(0))
        #expect(v["g"] == .float(16.5) && v["h"] == .float(-2000) && v["i"] == .float(0.625))
        #expect(v["j"] == .float(1000.5) && v["k"] == .float(.infinity) && v["l"] == .float(-.infinity))
        #expect(v["m"]?.double?.isNaN == true)
        #expect(v["n"] == .boolean(true) && v["o"] == .boolean(false))
    }

    @Test func readsArraysOverSeveralLines() throws {
        let v = try values("""
            offset = [
                0,      # x
                40,     # y
            ]
            nested = [[1, 2], ["a"], []]
            after = 1
            """)
        #expect(v["offset"] == .array([.integer(0), .integer(40)]))
        #expect(v["nested"] == .array([.array([.integer(1), .integer(2)]), .array([.string("a")]), .array([])]))
        #expect(v["after"] == .integer(1))
    }

    @Test func keepsFileOrderAndLinesAcrossCommentsAndCRLF() throws {
        let text = "# settings\r\n\r\ntheme = \"light\"  # trailing\r\n\t margin=3\r\nfont = 'Sans'"
        let entries = try TOMLDocument(parsing: text).entries
        #expect(entries.map(\.key) == ["theme", "margin", "font"])
        #expect(entries.map(\.line) == [3, 4, 5])
    }

    @Test func tablesAndDottedKeysAreTopLevelEntries() throws {
        let entries = try TOMLDocument(parsing: """
            margin = 1
            a.b = 2
            inline = { x = 1, y = "}" }
            [colours]
            bezel = "#000000"
            [[more]]
            x = 1
            """).entries
        #expect(entries.map(\.key) == ["margin", "a", "inline", "colours", "more"])
        #expect(entries[1].value == .table(["b": .integer(2)]))
        #expect(entries[2].value == .table(["x": .integer(1), "y": .string("}")]))
        #expect(entries[3].value == .table(["bezel": .string("#000000")]))
        #expect(entries[4].value == .array([.table(["x": .integer(1)])]))
        #expect(entries[3].line == 4 && entries[4].line == 6)
    }

    @Test(arguments: [
        ("theme = \"dark\"\nmargin = = 3\n", 2, "expected a value"),
        ("theme = \"dark\n", 1, "not closed"),
        ("\nx = [1, 2\n", 3, "']'"),
        ("margin = 1\nmargin = 2\n", 2, "'margin' is set twice"),
        ("margin = 1 2\n", 1, "saw '2'"),
        ("font = \"a\\qb\"\n", 1, "invalid escape '\\q'"),
        ("margin = 012\n", 1, "'012' is not a value"),
        ("when = 1979-05-27T07:32:00Z\n", 1, "dates"),
        ("theme = light\n", 1, "strings need quotes"),
        ("\n\n= 3\n", 3, "expected a key"),
        ("font = \"a\u{01}b\"\n", 1, "control characters"),
        ("x = \"\"\"never closed\n\n", 1, "not closed"),
        ("[table\n", 1, "']'"),
        ("margin 3\n", 1, "expected '='"),
        ("x = \"\\u12\"\n", 1, "hexadecimal"),
        ("x = 1__0\n", 1, "not a value"),
        ("x = 1.\n", 1, "not a value"),
    ])
    func syntaxErrorsNameTheLine(_ text: String, _ line: Int, _ fragment: String) {
        do {
            _ = try TOMLDocument(parsing: text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.line == line, "\(text.debugDescription): \(error)")
            #expect(error.reason.contains(fragment), "\(error.reason)")
            #expect(!error.reason.contains("\n"))
        }
    }

    @Test func tablesInAConfigFileAreReportedAsSettings() {
        do {
            _ = try ConfigFile(path: "c.toml", text: "margin = 1\n\n[colours]\nbezel = \"#000\"\n")
            Issue.record("accepted a table")
        } catch {
            #expect(error.description.hasPrefix("c.toml:3: 'colours': unknown setting"), "\(error)")
        }
        do {
            _ = try ConfigFile(path: "c.toml", text: "[margin]\n")
            Issue.record("accepted a table")
        } catch {
            #expect(error.description == "c.toml:1: 'margin': expected a number", "\(error)")
        }
    }

    /// Arbitrary text (seeded, so the same every run) is either read or refused with a line inside the text.
    @Test func arbitraryTextNeverCrashes() {
        var rng = SplitMix(seed: 12)
        let alphabet = Array("ab=\"'[]{},.#\\ \t\n\r01_+-eExu".unicodeScalars) + ["\u{00}", "é", "😀"]
        for _ in 0..<3000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 40) { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let s = String(text)
            do {
                _ = try TOMLDocument(parsing: s)
            } catch {
                let lines = s.unicodeScalars.filter { $0 == "\n" }.count + 1
                #expect((1...lines).contains(error.line), "\(s.debugDescription): \(error)")
            }
        }
    }
}

/// A small deterministic generator for the arbitrary-text test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
