import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

/// Issue 11: careless and hostile command lines get one line naming the option, the value and the rule.
@Suite(.ownThreads) struct HardeningCommandTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-harden-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 60))
        try jpeg.write(to: dir.appendingPathComponent("photo.jpg"))
        // Only the header of a 20000×20000 PNG: all that may be read of it.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: dir.appendingPathComponent("huge.png"))
    }

    /// Options of the live command are checked before any display is opened, so no X server is needed.
    @Test(arguments: [
        (["--hide-after", "-1"], "-1", "seconds from 0 to 86400"),
        (["--hide-after", "1e18"], "1e18", "seconds from 0 to 86400"),
        (["--grace", "-1"], "-1", "seconds from 0 to 86400"),
        (["--min-show", "nan"], "nan", "seconds from 0 to 86400"),
        (["--margin", "-5"], "-5", "points from 0 to 10000"),
        (["--corner-radius", "1e9"], "1e9", "points from 0 to 10000"),
        (["--scale", "0"], "0", "from 0.25 to 8"),
        (["--font", "Sans 1000000000"], "Sans 1000000000", "between 1 and 512 points"),
        (["--details-font", "Sans 100000"], "Sans 100000", "between 1 and 512 points"),
        (["--markup", "--label", "<span font=\"Sans 4000\">X</span>"], "Sans 4000", "between 1 and 512 points"),
        (["--image", "DIR"], "DIR", "directory"),
        (["--image", "DIR/photo.jpg"], "photo.jpg", "JPEG"),
        (["--image", "/dev/zero"], "/dev/zero", "not a regular file"),
        (["--image", "DIR/huge.png"], "huge.png", "20000×20000 pixels is larger than the limit of 4096×4096"),
    ])
    func badValuesNameOptionValueAndRule(_ args: [String], _ value: String, _ rule: String) throws {
        let args = args.map { $0.replacingOccurrences(of: "DIR", with: dir.path) }
        let value = value.replacingOccurrences(of: "DIR", with: dir.path)
        let option = args.last { $0.hasPrefix("--") && $0 != "--markup" }!
        let started = Date()
        let r = try CLI.run(args, environment: ["PATH": "/usr/bin:/bin", "DISPLAY": ":9999"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(option) && r.stderr.contains(value) && r.stderr.contains(rule), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value") && !r.stderr.contains("out of memory"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func renderRefusesAHugeImageFromItsHeaderToo() throws {
        let out = dir.appendingPathComponent("never.png").path
        let started = Date()
        let r = try CLI.run(["render", "--image", dir.appendingPathComponent("huge.png").path, "--out", out])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--image") && r.stderr.contains("larger than the limit of 4096×4096"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func controlCharactersInValuesNeverReachTheTerminal() throws {
        let out = dir.appendingPathComponent("x.png").path
        let r = try CLI.run(["render", "--mode", "\u{1B}]0;owned\u{07}", "--out", out])
        #expect(r.status == 64)
        #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains("?]0;owned?"))
    }

    @Test func renderReplacesASymlinkedOutputInsteadOfWritingThroughIt() throws {
        let target = dir.appendingPathComponent("target.txt")
        try Data("keep".utf8).write(to: target)
        let link = dir.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let r = try CLI.run(["render", "--label", "Hi", "--out", link.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try Canvas.readPNG(from: link.path).width > 77)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil, "still a symlink")
    }

    @Test func theRunnerReadsAChildThatWritesMoreThanAPipeHolds() throws {
        // A 100 KB bad value is echoed in the message: more than a pipe buffer, which blocked the old runner.
        let value = String(repeating: "x", count: 100_000)
        let r = try CLI.run(["render", "--mode", value, "--out", "/dev/null"], timeout: 20)
        #expect(r.status == 64)
        #expect(r.stderr.utf8.count > 100_000)
    }
}
