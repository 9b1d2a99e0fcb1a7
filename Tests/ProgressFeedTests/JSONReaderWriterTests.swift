import Foundation
import HUDBase
import Testing

/// HUDBase's JSON reader and writer (which took the place of Foundation's JSONDecoder and JSONEncoder in the
/// binary, issue 51) held to Foundation's: the same text written with sorted keys, the same values or the same
/// refusal read back, for the values x11hud writes and for text no writer of ours makes.
@Suite struct JSONReaderWriterTests {
    struct Sample: Codable, Equatable {
        enum Shape: Codable, Equatable {
            case dot
            case bar(width: Int, Double)
            case named(String)
        }
        var text: String
        var count: Int
        var big: Int64
        var small: UInt8
        var fraction: Double
        var single: Float
        var flag: Bool
        var missing: String?
        var present: Double?
        var list: [Int]
        var nested: [[String: Int]]
        var shapes: [Shape]
        var table: [String: Bool]
    }

    static let samples: [Sample] = [
        Sample(text: "say \"hi\" \\ /slash\u{0}\u{8}\u{C}\n\r\t\u{1F}\u{7F} café 日本語 🚀 \u{2028}", count: -3,
               big: .max, small: 255, fraction: 0.1, single: 1.5, flag: true, missing: nil, present: 2.0,
               list: [], nested: [["b": 1, "a": 2, "B": 3, "_": 4, "a1": 5]], shapes: [.dot, .bar(width: 3, 0.25),
               .named("x")], table: [:]),
        Sample(text: "", count: 0, big: .min, small: 0, fraction: 1e-7, single: 3e38, flag: false, missing: "m",
               present: nil, list: [1, -1, 0], nested: [], shapes: [], table: ["z": true, "é": false, "e": true]),
        Sample(text: "x", count: .max, big: 0, small: 1, fraction: 1e21, single: -0.0, flag: true, missing: nil,
               present: -123456789.125, list: [.min], nested: [[:]], shapes: [], table: ["k": false]),
    ]

    @Test(arguments: samples) func writtenAsFoundationWritesIt(_ sample: Sample) throws {
        for (options, escaping) in [(JSONEncoder.OutputFormatting.sortedKeys, true),
                                    ([.sortedKeys, .withoutEscapingSlashes], false)] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = options
            let foundation = String(decoding: try encoder.encode(sample), as: UTF8.self)
            #expect(JSONWriter.text(sample, sortedKeys: true, escapingSlashes: escaping) == foundation)
        }
    }

    @Test(arguments: samples) func readBackAsWritten(_ sample: Sample) throws {
        let text = try #require(JSONWriter.text(sample))
        #expect(try JSONReader.decode(Sample.self, from: text.utf8) == sample)
    }

    @Test func aNumberThatIsNotFiniteIsNotWritten() {
        #expect(JSONWriter.text([Double.nan]) == nil)
        #expect(JSONWriter.text(["x": Double.infinity]) == nil)
    }

    /// Each text read as Foundation reads it: the same value, or a refusal where it refuses.
    static let texts = [
        "[1,2,3]", " [ 1 , 2 ] ", "\u{FEFF}[1]", "[1,]", "[,1]", "[01]", "[-0]", "[1.]", "[.5]", "[-]", "[+1]",
        "[1e3]", "[1E+2]", "[2.0]", "[2.5]", "[1e400]", "[9223372036854775807]", "[9223372036854775808]",
        "[true]", "[null]", "[\"1\"]", "[1] x", "", "   ", "[", "[1", "{}", "nul", "[1e]", "[-1.5e-3]",
        "[1,,]", "[1 , ]", "[,]",
    ]
    static let stringTexts = [
        #"["a\/b\"c\\d\n\u00e9\ud83d\ude80"]"#, #"["\x"]"#, #"["\ud800"]"#, #"["\udc00x"]"#, "[\"a\u{1}b\"]",
        #"["\u12"]"#, #"["\u+123"]"#, "[\"unterminated]", "[\"日本\"]", #"{"a":"x","a":"y"}"#,
    ]
    static let objectTexts = [
        #"{"a":1,"b":null}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":1 "b":2}"#, #"{"a":1,"a":2}"#,
        #"{"b":true}"#, #"{"a":1,,}"#, #"{,}"#, #"{"a":"1"}"#, #"[{"a":1}]"#,
    ]

    func same<T: Decodable & Equatable>(_ type: T.Type, _ text: String) {
        let foundation = try? JSONDecoder().decode(type, from: Data(text.utf8))
        let ours = try? JSONReader.decode(type, from: text.utf8)
        #expect(ours == foundation, "\(type) from \(text.debugDescription)")
    }

    @Test func numbersAndStructureAreReadAsFoundationReadsThem() {
        for text in Self.texts {
            same([Int].self, text)
            same([Double].self, text)
            same([Int8].self, text)
            same([UInt].self, text)
            same([Bool?].self, text)
            same([String].self, text)
        }
    }

    @Test func stringsAreReadAsFoundationReadsThem() {
        for text in Self.stringTexts {
            same([String].self, text)
            same([String: String].self, text)
        }
    }

    @Test func objectsAreReadAsFoundationReadsThem() {
        struct Pair: Decodable, Equatable {
            var a: Int
            var b: Bool?
        }
        for text in Self.objectTexts {
            same(Pair.self, text)
            same([String: Int?].self, text)
        }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(deep.utf8) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONReader.parse(fine.utf8)) != nil)
    }
}

/// HUDBase's text search, which took the place of `_StringProcessing`'s in the binary: the same ranges and results.
/// (A `Substring` argument picks `_StringProcessing`'s generic methods; a `String` one, HUDBase's.)
@Suite struct StringSearchTests {
    static let cases: [(String, String)] = [
        ("aaaa", "aa"), ("abcabc", "bc"), ("a::b::", "::"), ("", "x"), ("x", "xx"), ("café cafe\u{301}", "é"),
        ("e\u{301}", "e"), ("🇫🇷🇫🇷", "🇫🇷"), ("line\r\nnext", "\n"), ("Transferred: 1 Transferred: 2", "Transferred:"),
    ]

    @Test func searchAndReplaceAsStringProcessingDoes() {
        for (text, target) in Self.cases {
            #expect(text.ranges(of: target) == text.ranges(of: target[...]), "\(text) \(target)")
            #expect(text.firstRange(of: target) == text.firstRange(of: target[...]), "\(text) \(target)")
            #expect(text.replacing(target, with: "<>") == text.replacing(target[...], with: "<>"[...]))
            #expect(text.contains(target) == (text.firstRange(of: target[...]) != nil), "\(text) \(target)")
        }
    }
}
