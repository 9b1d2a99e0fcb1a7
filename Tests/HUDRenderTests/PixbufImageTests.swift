internal import CPixbufLoader
import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Pictures other than PNG and SVG (`--image photo.jpg`, a notification's JPEG icon), decoded by gdk-pixbuf, opened on
/// first use; files made here by ImageMagick.
@Suite(.ownThreads,
       .enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libgdk_pixbuf-2.0.so.0")
                    || FileManager.default.fileExists(atPath: "/usr/lib/aarch64-linux-gnu/libgdk_pixbuf-2.0.so.0"),
                "no gdk-pixbuf"))
struct PixbufImageTests {
    static func pixel(_ image: ImageAsset, _ x: Int, _ y: Int) -> (a: UInt32, r: UInt32, g: UInt32, b: UInt32) {
        let v = image.withUnsafeBytes { $0.load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self) }
        return (v >> 24, v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF)
    }

    private func convert(_ arguments: String, _ path: String) throws {
        let r = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "convert \(arguments) '\(path)'"],
                                     environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// JPEG, GIF, BMP, TIFF, XPM and ICO read with their colours, at their size (at most `svgSide`), and a picture
    /// with transparency premultiplied as cairo wants it.
    @Test(arguments: ["jpg", "gif", "bmp", "tiff", "xpm", "ico"])
    func eachFormatIsReadWithItsColours(_ format: String) throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("a." + format)
        // Left half orange, right half blue.
        try convert("-size 32x16 xc:'#FF8000' -size 32x16 xc:'#0040C0' +append", path)
        let image = try ImageAsset(contentsOf: path)
        #expect(image.pixelSize == Size(width: 64, height: 16))
        let left = Self.pixel(image, 8, 8), right = Self.pixel(image, 56, 8)
        func near(_ a: UInt32, _ b: UInt32) -> Bool { abs(Int(a) - Int(b)) <= 6 }
        #expect(left.a == 255 && near(left.r, 0xFF) && near(left.g, 0x80) && near(left.b, 0), "\(left)")
        #expect(right.a == 255 && near(right.r, 0) && near(right.g, 0x40) && near(right.b, 0xC0), "\(right)")
    }

    @Test func transparencyIsPremultiplied() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("half.gif")
        try convert("-size 8x8 xc:'#FFFFFF' -size 8x8 xc:none +append", path)
        let image = try ImageAsset(contentsOf: path)
        #expect(Self.pixel(image, 2, 2) == (255, 255, 255, 255) && Self.pixel(image, 12, 2) == (0, 0, 0, 0))
    }

    /// A large photo is decoded at the size it is kept at, never enlarged; one beyond four times the PNG limit is
    /// refused from its header.
    @Test func aLargeJPEGIsDecodedAtTheSizeAskedFor() throws {
        let dir = try TemporaryDirectory()
        try convert("-size 6000x4000 gradient:'#FF0000-#0000FF'", dir.path("big.jpg"))
        let held = try ImageAsset.reading(dir.path("big.jpg"), fitting: 96)
        #expect(held.pixelSize == Size(width: 96, height: 64))
        let top = Self.pixel(held, 48, 1), bottom = Self.pixel(held, 48, 62)
        #expect(top.r > 200 && top.b < 60 && bottom.b > 200 && bottom.r < 60, "\(top) \(bottom)")
        try convert("-size 20x10 xc:red", dir.path("small.jpg"))
        #expect(try ImageAsset.reading(dir.path("small.jpg"), fitting: 96).pixelSize == Size(width: 20, height: 10))
        // As the command line's --image takes it: at most `svgSide` a side.
        #expect(try ImageAsset(contentsOf: dir.path("big.jpg")).pixelSize == Size(width: 96, height: 64))
        try convert("-size 5000x10 xc:red", dir.path("wide.gif"))
        #expect(throws: ImageLoadError.self) { try ImageAsset(contentsOf: dir.path("wide.gif")) }
    }

    /// gdk-pixbuf hands out a fresh copy of a format's name each time; the loader frees it and answers from a buffer
    /// of its own. It kept the copy once, and so leaked an allocation with every picture (LeakSanitizer's report).
    @Test func aPicturesFormatNameIsNotKeptFromAFreshCopy() throws {
        let dir = try TemporaryDirectory()
        try convert("-size 4x4 xc:red", dir.path("a.jpg"))
        var width: Int32 = 0, height: Int32 = 0
        var first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?
        #expect(hud_pixbuf_info(dir.path("a.jpg"), &width, &height, &first) == nil)
        let name = first.map { String(cString: $0) }
        #expect(hud_pixbuf_info(dir.path("a.jpg"), &width, &height, &second) == nil)
        #expect(name == "jpeg" && width == 4 && height == 4)
        #expect(first != nil && first == second, "each call answered with a new allocation")
    }

    /// Damaged files are one-line errors naming the file, never a crash; a truncated PNG stays cairo's error.
    @Test(arguments: [("bad.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x41, count: 64)),
                      ("text.jpg", Data("just text\n".utf8)), ("empty.jpg", Data()),
                      ("cut.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))])
    func aDamagedPictureIsAnError(_ name: String, _ bytes: Data) throws {
        let dir = try TemporaryDirectory()
        try bytes.write(to: URL(fileURLWithPath: dir.path(name)))
        do {
            _ = try ImageAsset(contentsOf: dir.path(name))
            Issue.record("accepted \(name)")
        } catch {
            #expect(!error.reason.isEmpty && !error.reason.contains("\n") && error.path == dir.path(name),
                    "\(error.reason)")
        }
    }
}
