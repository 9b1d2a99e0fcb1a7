import Foundation
import HUDRender
import HUDScene
import Testing

/// SVG icons (the `scalable/` icons of themes, `--image file.svg`) drawn by librsvg, opened on first use.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/librsvg-2.so.2")
                    || FileManager.default.fileExists(atPath: "/usr/lib/aarch64-linux-gnu/librsvg-2.so.2"),
                "no librsvg"))
struct SVGImageTests {
    /// Premultiplied ARGB32 of the pixel at (x, y).
    static func pixel(_ image: ImageAsset, _ x: Int, _ y: Int) -> UInt32 {
        image.withUnsafeBytes { $0.load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self) }
    }

    @Test func anSVGIsDrawnIntoTheSquareKeepingItsAspect() throws {
        let dir = try TemporaryDirectory()
        // A 2:1 drawing: green left half, blue right half; fitted into the square it is centred, clear above.
        try """
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
            <rect width="10" height="10" fill="#00ff00"/><rect x="10" width="10" height="10" fill="#0000ff"/></svg>
            """.write(toFile: dir.path("a.svg"), atomically: true, encoding: .utf8)
        let image = try ImageAsset(contentsOf: dir.path("a.svg"))
        #expect(image.pixelSize == Size(width: 96, height: 96))
        #expect(Self.pixel(image, 24, 48) == 0xFF00_FF00)
        #expect(Self.pixel(image, 72, 48) == 0xFF00_00FF)
        #expect(Self.pixel(image, 48, 5) == 0)
    }

    @Test(arguments: [("broken.svg", "<svg", "not a usable SVG image"), ("empty.svg", "", "not a usable SVG image")])
    func aBrokenSVGIsAnErrorNamingIt(_ name: String, _ text: String, _ reason: String) throws {
        let dir = try TemporaryDirectory()
        try text.write(toFile: dir.path(name), atomically: true, encoding: .utf8)
        do {
            _ = try ImageAsset(contentsOf: dir.path(name))
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.reason.hasPrefix(reason) && !error.reason.contains("\n"), "\(error.reason)")
        }
    }

    @Test func aHugeSVGIsRefusedUnread() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("huge.svg")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 5 << 20)
        try handle.close()
        #expect(throws: ImageLoadError.self) { try ImageAsset(contentsOf: path) }
    }
}
