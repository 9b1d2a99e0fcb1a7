import Foundation
@testable import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Kept text images (issue 32, item 2): a label Pango drew once is laid out and drawn again from its kept image,
/// pixel for pixel, while the fonts are not ready; Pango takes over when they are, and a stale image is replaced.
@Suite(.ownThreads) struct TextImageCacheTests {
    let content = HUDContent(mode: .indeterminate, label: "Backing up home", details: "Disk · 3 of 12 files")

    private func render(_ engine: TextEngine, scale: Double = 2, time: Double? = nil) throws -> Canvas {
        try StillFrame.render(content: content, style: .theme(.dark), canvasSize: Size(width: 320, height: 200),
                              scale: scale, time: time, renderer: HUDRenderer(text: engine))
    }

    private func bytes(_ canvas: Canvas) -> [UInt8] { canvas.withUnsafeBytes { Array($0) } }

    /// Draws the content with Pango and keeps its texts in `directory`; returns Pango's frame.
    private func keep(in directory: TemporaryDirectory, scale: Double = 2) throws -> Canvas {
        let pango = TextEngine(scale: scale, kept: TextImageCache(path: directory.url.path), fontsReady: { true })
        let canvas = try render(pango, scale: scale)
        pango.keepDrawnTexts()
        #expect(TextImageCache.finishWrites(within: 30))
        return canvas
    }

    @Test func aKeptLabelIsDrawnPixelForPixelBeforeTheFontsAreReady() throws {
        let directory = try TemporaryDirectory()
        let drawn = try keep(in: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 2)

        var ready = false
        let engine = TextEngine(scale: 2, kept: TextImageCache(path: directory.url.path), fontsReady: { ready })
        let early = try render(engine)
        #expect(engine.shapedLayouts == 0, "Pango shaped text before the fonts were ready")
        #expect(bytes(early) == bytes(drawn))

        ready = true
        #expect(engine.settle())
        #expect(engine.generation == 1)
        let late = try render(engine)
        #expect(engine.shapedLayouts > 0)
        #expect(bytes(late) == bytes(drawn))
    }

    /// Another rendering under the same keys: every pixel of each kept image in `directory` made opaque white.
    private func makeStale(_ directory: TemporaryDirectory) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            let path = directory.path(name)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let key = String(decoding: data.split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false)[2]
                .prefix(while: { $0 != 10 }), as: UTF8.self)
            var image = try #require(TextImageFile.decode(data, key: key))
            image.pixels = image.pixels.map { _ in 255 }
            try Data(TextImageFile.encode(image, key: key)).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test func aStaleImageIsShownOnlyUntilPangoTakesOverAndIsThenReplaced() throws {
        let directory = try TemporaryDirectory()
        let drawn = try keep(in: directory)
        try makeStale(directory)
        var ready = false
        let cache = TextImageCache(path: directory.url.path)
        let engine = TextEngine(scale: 2, kept: cache, fontsReady: { ready })
        #expect(bytes(try render(engine)) != bytes(drawn))
        ready = true
        _ = engine.settle()
        #expect(bytes(try render(engine)) == bytes(drawn))
        engine.keepDrawnTexts()
        #expect(TextImageCache.finishWrites(within: 30))
        // The next start finds Pango's own drawing again.
        let next = TextEngine(scale: 2, kept: TextImageCache(path: directory.url.path), fontsReady: { false })
        #expect(bytes(try render(next)) == bytes(drawn))
    }

    /// Renderers of one session share an engine (`TextEnginePool`): the one whose layout hands the engine to Pango
    /// is told by `settle()`, the others by the engine's generation, and each draws its text again with Pango.
    @Test func aRendererSharingItsEngineDrawsWithPangoOnceAnotherHandedItOver() throws {
        let directory = try TemporaryDirectory()
        _ = try keep(in: directory)
        try makeStale(directory)
        var ready = false
        let engine = TextEngine(scale: 2, kept: TextImageCache(path: directory.url.path), fontsReady: { ready })
        let first = HUDRenderer(text: engine), second = HUDRenderer(text: engine)
        // As a live HUD draws: laid out through its renderer (which settles the engine), then rendered.
        func frame(_ renderer: HUDRenderer) throws -> [UInt8] {
            let area = Rect(x: 0, y: 0, width: 320, height: 200)
            var scene = HUDScene(content: content, style: .theme(.dark), area: area, scale: 2)
            scene.show(at: 0, animated: false)
            scene.indicatorStart = nil
            let snapshot = scene.snapshot(at: 0, layout: renderer.layout(of: scene), opaque: false,
                                          buttonHighlighted: false)
            let canvas = try Canvas(width: 640, height: 400)
            renderer.render(snapshot, into: canvas)
            return bytes(canvas)
        }
        let pango = try frame(HUDRenderer(text: TextEngine(scale: 2, kept: nil, fontsReady: { true })))
        #expect(try frame(first) != pango && frame(second) != pango, "the stale images were not used")
        ready = true
        #expect(try frame(first) == pango)
        #expect(engine.generation == 1)
        #expect(try frame(second) == pango, "the second renderer kept what it drew with the stale images")
    }

    @Test func anotherScaleOrTextIsAMissAndWaitsForPango() throws {
        let directory = try TemporaryDirectory()
        _ = try keep(in: directory, scale: 2)
        let engine = TextEngine(scale: 1, kept: TextImageCache(path: directory.url.path), fontsReady: { false })
        _ = try render(engine, scale: 1)
        #expect(engine.shapedLayouts == 2)
    }

    @Test func aZoomFrameDrawsTheKeptImageScaled() throws {
        let directory = try TemporaryDirectory()
        _ = try keep(in: directory)
        let engine = TextEngine(scale: 2, kept: TextImageCache(path: directory.url.path), fontsReady: { false })
        let pango = TextEngine(scale: 2, kept: nil, fontsReady: { true })
        // Part way into the zoom-in: the bezel and its text are drawn smaller than at rest.
        let kept = try render(engine, time: 0.1), shaped = try render(pango, time: 0.1)
        #expect(engine.shapedLayouts == 0)
        let differing = zip(bytes(kept), bytes(shaped)).filter { abs(Int($0) - Int($1)) > 64 }.count
        // Resampled, not re-rasterised: close to Pango's drawing, never another text.
        #expect(differing < bytes(shaped).count / 200, "\(differing) bytes differ clearly")
    }

    @Test func filesThatDoNotReadBackExactlyAreMisses() throws {
        let directory = try TemporaryDirectory()
        _ = try keep(in: directory)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).first)
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path(name)))
        let key = String(decoding: data.split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false)[2]
            .prefix(while: { $0 != 10 }), as: UTF8.self)
        #expect(TextImageFile.decode(data, key: key) != nil)
        #expect(TextImageFile.decode(data, key: key + "x") == nil)
        #expect(TextImageFile.decode(data.dropLast(), key: key) == nil)
        #expect(TextImageFile.decode(data.prefix(30), key: key) == nil)
        #expect(TextImageFile.decode(Data(), key: key) == nil)
        #expect(TextImageFile.decode(Data("x11hud-text-image 1\n99999999999\n".utf8), key: key) == nil)
    }

    @Test func aRunKeepsAFewBlocksAndTheDirectoryStaysSmall() throws {
        let directory = try TemporaryDirectory()
        let cache = TextImageCache(path: directory.url.path)
        for run in 0..<20 {
            // A fresh cache per run (each run may keep `keepLimit` blocks), many labels per run.
            let runCache = TextImageCache(path: directory.url.path)
            let engine = TextEngine(scale: 1, kept: runCache, fontsReady: { true })
            for n in 0..<10 {
                _ = try StillFrame.render(content: HUDContent(mode: .text, label: "run \(run) label \(n)"),
                                          style: .theme(.dark), canvasSize: Size(width: 400, height: 200),
                                          renderer: HUDRenderer(text: engine))
            }
            engine.keepDrawnTexts()
            #expect(TextImageCache.finishWrites(within: 30))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(files.count == cache.fileLimit, "\(files.count) files")
    }

    @Test func theDirectoryFollowsTheXDGRuleAndCanBeTurnedOff() {
        #expect(TextImageCache.standardPath(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/x11hud/text")
        #expect(TextImageCache.standardPath(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"])
            == "/h/.cache/x11hud/text")
        #expect(TextImageCache.standardPath(environment: ["HOME": "/h"]) == "/h/.cache/x11hud/text")
        #expect(TextImageCache.standardPath(environment: [:]) == nil)
        #expect(TextImageCache.standardPath(environment: ["HOME": "/h", "X11HUD_KEEP_TEXT": "0"]) == nil)
    }

    @Test func keptTextsAreTheUsersAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("text")
        let engine = TextEngine(scale: 1, kept: TextImageCache(path: path), fontsReady: { true })
        _ = try render(engine, scale: 1)
        engine.keepDrawnTexts()
        #expect(TextImageCache.finishWrites(within: 30))
        let fm = FileManager.default
        #expect((try fm.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700)
        let files = try fm.contentsOfDirectory(atPath: path)
        #expect(files.count == 2)
        for file in files {
            #expect((try fm.attributesOfItem(atPath: path + "/" + file)[.posixPermissions] as? Int) == 0o600)
        }
    }

    @Test func anUnwritableDirectoryOnlyMeansNothingIsKept() throws {
        let directory = try TemporaryDirectory()
        // A file where the directory would be.
        #expect(FileManager.default.createFile(atPath: directory.path("text"), contents: Data()))
        let engine = TextEngine(scale: 1, kept: TextImageCache(path: directory.path("text")), fontsReady: { true })
        let drawn = try render(engine, scale: 1)
        engine.keepDrawnTexts()
        #expect(TextImageCache.finishWrites(within: 30))
        #expect(bytes(drawn).contains { $0 != 0 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["text"])
    }
}
