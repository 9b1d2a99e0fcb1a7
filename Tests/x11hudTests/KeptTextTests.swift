import Foundation
import HUDTestSupport
import Testing

/// The real binary keeps its first texts' renderings in the user's cache directory (issue 32, item 2), privately,
/// once per text, and not at all with `X11HUD_KEEP_TEXT=0`; what else sits at a kept image's name is never read
/// (issue 41, item 5).
/// Serialized: two HUDs up at once on the one display stack, and a label drawn at another place is kept anew.
@Suite(.serialized, .privateXServer, .ownThreads) struct KeptTextTests {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-kept-\(UUID().uuidString)")

    private func show(_ label: String, keep: Bool = true, display: String) throws -> ChildProcess.Result {
        var environment = ChildProcess.environment(display: display)
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["XDG_CACHE_HOME"] = cache.path
        if !keep { environment["X11HUD_KEEP_TEXT"] = "0" }
        return try CLI.run(["--mode", "text", "--label", label, "--hide-after", "0.2"], environment: environment)
    }

    private var files: [String: Date] {
        let directory = cache.appendingPathComponent("x11hud/text")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map {
            ($0, (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path))?[
                .modificationDate] as? Date ?? .distantPast)
        })
    }

    @Test func aLabelIsKeptOnceAndPrivately() throws {
        defer { try? FileManager.default.removeItem(at: cache) }
        let display = try server().display
        let first = try show("Volume 40%", display: display)
        #expect(first.status == 0, "\(first.stderr)")
        let kept = files
        #expect(kept.count == 1, "\(kept)")
        let name = try #require(kept.keys.first)
        let path = cache.appendingPathComponent("x11hud/text/\(name)").path
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)

        // Shown again: drawn from the kept image first, then by Pango, which finds the same pixels: no rewrite.
        let again = try show("Volume 40%", display: display)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(files == kept)

        let off = try show("Volume 50%", keep: false, display: display)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(files == kept)
    }

    /// A FIFO with a byte waiting in it, a link to /dev/zero, a sparse file of 2 GiB, each in turn where the label's
    /// image was kept: the HUD shows and exits 0 as usual (read, the first two would hang it, the last take seconds
    /// and gigabytes), and its keeping renames a good image over the thing, which is left unread: the FIFO keeps its
    /// byte, and the file is again the one the first run wrote.
    @Test func whateverSitsAtTheKeptImagesNameIsReplacedUnread() throws {
        defer { try? FileManager.default.removeItem(at: cache) }
        let display = try server().display
        let first = try show("Kept label", display: display)
        #expect(first.status == 0, "\(first.stderr)")
        let name = try #require(files.keys.first)
        let path = cache.appendingPathComponent("x11hud/text/\(name)").path
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for kind in ["FIFO", "link to /dev/zero", "sparse file"] {
            try FileManager.default.removeItem(atPath: path)
            var fifo: (reader: Int32, writer: Int32)?
            switch kind {
            case "FIFO":
                try #require(mkfifo(path, 0o600) == 0)
                let ends = (reader: open(path, O_RDONLY | O_NONBLOCK), writer: open(path, O_WRONLY | O_NONBLOCK))
                fifo = ends
                var byte: UInt8 = 42
                try #require(ends.reader >= 0 && ends.writer >= 0 && write(ends.writer, &byte, 1) == 1)
            case "link to /dev/zero":
                try #require(symlink("/dev/zero", path) == 0)
            default:
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
                try #require(fd >= 0 && ftruncate(fd, 2 << 30) == 0)
                close(fd)
            }
            let shown = try show("Kept label", display: display)
            #expect(shown.status == 0, "\(kind): \(shown.stderr)")
            var info = stat()
            // Read back only a small regular file: the test must not hang on what the HUD left in place either.
            let replaced = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size < 1 << 20
            #expect(replaced, "\(kind) left in place")
            if replaced { #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == good, "\(kind)") }
            if let fifo {
                var byte: UInt8 = 0
                #expect(read(fifo.reader, &byte, 1) == 1 && byte == 42, "the FIFO was read")
                close(fifo.reader)
                close(fifo.writer)
            }
        }
        #expect(files.count == 1, "\(files)")
    }
}
