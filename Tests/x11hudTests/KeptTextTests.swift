import Foundation
import HUDTestSupport
import Testing

/// The real binary keeps its first texts' renderings in the user's cache directory (issue 32, item 2), privately,
/// once per text, and not at all with `X11HUD_KEEP_TEXT=0`.
@Suite(.privateXServer, .ownThreads) struct KeptTextTests {
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
}
