import Foundation
import HUDRender
import HUDScene
import HUDTestSupport
import Testing

@Suite(.ownThreads) struct RenderCommandTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cli-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }

    @Test func rendersTheAnnularExampleFromTheIssue() throws {
        let out = dir.appendingPathComponent("a.png").path
        let r = try CLI.run(["render", "--mode", "annular", "--progress", "0.6", "--label", "Saving", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let canvas = try Canvas.readPNG(from: out)
        #expect(canvas.width > 77 && canvas.height > 77)
        #expect(canvas.pixel(x: 0, y: 0).alpha == 0)
        #expect(canvas.pixel(x: canvas.width / 2, y: canvas.height / 2).alpha > 0.5)
    }

    @Test func sizeScaleAndTimeShapeTheCanvas() throws {
        let out = dir.appendingPathComponent("b.png").path
        let r = try CLI.run(["render", "--size", "200x100", "--scale", "2", "--time", "0.05", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let canvas = try Canvas.readPNG(from: out)
        #expect(canvas.width == 400 && canvas.height == 200)
        let centre = canvas.pixel(x: 200 - 60, y: 100)  // inside the 77 pt bezel, away from the spinner
        #expect(centre.alpha > 0 && centre.alpha < 0.8, "mid-fade alpha \(centre.alpha)")
    }

    @Test(arguments: [
        (["--mode", "wheel"], "wheel", "--mode"),
        (["--bezel-color", "#12345"], "#12345", "--bezel-color"),
        (["--content-color", "blue"], "blue", "--content-color"),
        (["--progress", "abc"], "abc", "--progress"),
        (["--progress", "nan"], "nan", "--progress"),
        (["--progress", "150"], "150", "--progress"),
        (["--image", "/nonexistent/pic.png"], "/nonexistent/pic.png", "--image"),
        (["--font", ""], "''", "--font"),
        (["--size", "10by10"], "10by10", "--size"),
        (["--scale", "0"], "0", "--scale"),
        (["--min-size", "-5x3"], "-5x3", "--min-size"),
        (["--offset", "1"], "1", "--offset"),
        (["--icon", "smile"], "smile", "--icon"),
        (["--spinner", "wheel"], "wheel", "--spinner"),
        (["--theme", "pink"], "pink", "--theme"),
        (["--time", "-1"], "-1", "--time"),
    ])
    func badValuesExit64WithOneLineNamingOptionAndValue(_ args: [String], _ value: String, _ option: String) throws {
        let out = dir.appendingPathComponent("bad.png").path
        let r = try CLI.run(["render"] + args + ["--out", out])
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(option) && r.stderr.contains(value), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anImageThatIsNotAPNGIsAUsageError() throws {
        let bad = dir.appendingPathComponent("fake.png")
        try Data("GIF89a".utf8).write(to: bad)
        let r = try CLI.run(["render", "--image", bad.path, "--out", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("a damaged or truncated GIF picture"), "\(r.stderr)")
    }

    /// `--image` takes a JPEG as it takes a PNG (decoded by gdk-pixbuf, as notifications' pictures are).
    @Test func aJPEGImageIsDrawn() throws {
        let jpeg = dir.appendingPathComponent("photo.jpg").path, out = dir.appendingPathComponent("j.png").path
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/convert"),
                                        ["-size", "1200x1200", "xc:#00FF00", jpeg])
        #expect(made.status == 0, "\(made.stderr)")
        let r = try CLI.run(["render", "--image", jpeg, "--out", out])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let canvas = try Canvas.readPNG(from: out)
        let centre = canvas.pixel(x: canvas.width / 2, y: canvas.height / 2)
        #expect(centre.green > 0.95 && centre.red < 0.05 && centre.blue < 0.05, "\(centre)")
    }

    /// Without gdk-pixbuf (a recommended package, not a dependency) a JPEG is one line naming what it needs. The
    /// library is hidden in a mount namespace of the test's own (so only as root, with unshare).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func aJPEGWithoutGdkPixbufIsOneLineNamingIt() throws {
        let jpeg = dir.appendingPathComponent("nolib.jpg").path, out = dir.appendingPathComponent("nolib.png").path
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "64x64", "xc:red", jpeg])
        #expect(made.status == 0, "\(made.stderr)")
        // Every copy of the library the dynamic linker could find becomes an empty file, for this process only.
        let script = """
            hidden=0
            for f in /usr/lib/*/libgdk_pixbuf-2.0.so.0 /usr/lib/libgdk_pixbuf-2.0.so.0; do
                [ -e "$f" ] && mount --bind /dev/null "$f" && hidden=$((hidden + 1))
            done
            [ "$hidden" -gt 0 ] || { echo "no libgdk_pixbuf-2.0.so.0 to hide" >&2; exit 99; }
            exec "$0" "$@"
            """
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/unshare"),
                                     ["--mount", "--propagation", "private", "sh", "-c", script, CLI.binary.path,
                                      "render", "--image", jpeg, "--out", out])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("need gdk-pixbuf") && r.stderr.contains(jpeg), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableOutputExits73() throws {
        let r = try CLI.run(["render", "--out", "/nonexistent-dir/x.png"])
        #expect(r.status == 73)
        #expect(r.stderr.contains("/nonexistent-dir/x.png"))
    }

    @Test func helpExitsZero() throws {
        let r = try CLI.run(["render", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("--out"))
    }

    @Test func theMainHelpShowsTheShowCommandsOptionsAndItsRealDefaults() throws {
        for args in [["--help"], ["-h"], ["help"]] {
            let r = try CLI.run(args)
            #expect(r.status == 0)
            #expect(r.stdout.contains("--hide-after") && r.stdout.contains("--monitor"), "\(args): no show options")
            #expect(r.stdout.contains("zenity") && r.stdout.contains("render"))
            #expect(!r.stdout.contains("primary monitor"), "the default monitor is the pointer's")
        }
    }

    @Test func anEmptyTitleDoesNotSwallowTheNextOption() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-title-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CLI.run(["render", "--title=", "--label", "Hello", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
    }
}
