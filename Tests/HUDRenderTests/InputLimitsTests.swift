import HUDBase
import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 11: the limits that need the text stack or the PNG decoder to check.
@Suite(.ownThreads) struct InputLimitsDrawingTests {
    @Test func markupSizesAreHeldToTheSameLimit() {
        let huge = MarkupCheck.problem(in: "<span font=\"Sans 4000\">X</span>")
        #expect(huge?.contains(InputLimits.fontSizeRule) == true)
        #expect(MarkupCheck.problem(in: "<span size=\"600pt\">X</span>") != nil)
        let nested = String(repeating: "<big>", count: 13) + "X" + String(repeating: "</big>", count: 13)
        #expect(MarkupCheck.problem(in: nested)?.contains("scales") == true)
        let fine = "<b>bold</b> <span size=\"x-large\">big</span> <span font=\"Sans 40\">X</span>"
        #expect(MarkupCheck.problem(in: fine) == nil)
        #expect(MarkupCheck.problem(in: "<b>unclosed") == "it is not valid Pango markup")
    }

    @Test func theBezelNeverOutgrowsItsAreaWhateverTheTextAsks() {
        // Real Pango: a single 500-point glyph is wider and taller than the area, and cannot wrap.
        var style = HUDStyle.theme(.dark)
        style.markup = true
        style.minSize = Size(width: 16384, height: 16384)
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        for label in ["<span font=\"Sans 500\">W</span>", "<span font=\"Sans 4000\">W</span>", "W"] {
            let content = HUDContent(mode: .annular, label: label, details: String(repeating: "long ", count: 5000),
                                     buttonTitle: String(repeating: "Cancel ", count: 500))
            let layout = HUDLayout(content: content, style: style, area: area, measurer: TextEngine())
            #expect(layout.bezel.width <= area.width - 2 * style.margin, "\(label): \(layout.bezel)")
            #expect(layout.bezel.height <= area.height - 2 * style.margin, "\(label): \(layout.bezel)")
            #expect(layout.bezel.minX >= area.minX && layout.bezel.minY >= area.minY, "\(label): \(layout.bezel)")
        }
    }

    @Test func anImageIsRefusedFromItsHeaderBeforeDecoding() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("huge.png")
        try pngHeader(width: 20_000, height: 20_000).write(to: URL(fileURLWithPath: path))
        let started = Date()
        #expect(throws: ImageLoadError.self) { try ImageAsset(contentsOf: path) }
        do { _ = try ImageAsset(contentsOf: path) } catch {
            #expect(error.reason.contains("20000×20000") && error.reason.contains("4096×4096"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) < 0.5)
    }

    @Test func whatIsNotAPNGFileIsNamedForWhatItIs() throws {
        let dir = try TemporaryDirectory()
        let jpeg = dir.path("photo.png")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 40)).write(to: URL(fileURLWithPath: jpeg))
        let cases = [(jpeg, "JPEG"), (dir.url.path, "directory"), ("/dev/zero", "not a regular file"),
                     (dir.path("missing.png"), "no such file")]
        for (path, fragment) in cases {
            do {
                _ = try ImageAsset(contentsOf: path)
                Issue.record("\(path) was accepted")
            } catch {
                #expect(error.reason.contains(fragment), "\(path): \(error.reason)")
                #expect(!error.reason.contains("memory"), "\(path): \(error.reason)")
            }
        }
    }

    @Test func aPNGAtTheLimitIsRead() throws {
        let dir = try TemporaryDirectory()
        try makePNG(width: 64, height: 48, at: dir.path("ok.png"))
        let image = try ImageAsset(contentsOf: dir.path("ok.png"))
        #expect(image.pixelSize == Size(width: 64, height: 48))
    }

    @Test func writingAPNGReplacesASymlinkInsteadOfWritingThroughIt() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("precious.txt")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: dir.path("out.png"), withDestinationPath: target)
        let canvas = try Canvas(width: 4, height: 4)
        try canvas.writePNG(to: dir.path("out.png"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path("out.png"))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try Canvas.readPNG(from: dir.path("out.png")).width == 4)
        // No temporary file is left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        #expect(files == ["out.png", "precious.txt"])
    }
}

/// The first bytes of a PNG: the signature and an IHDR chunk, all the header check reads.
func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for v in [width, height] { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes)
}
