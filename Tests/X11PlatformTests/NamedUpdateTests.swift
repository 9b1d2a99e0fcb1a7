import Foundation
import HUDTestSupport
import Testing

/// Issue 30 item 6: an update to a named HUD from another process changes only what it gives, and `--details auto`
/// sent that way makes the HUD write the figures itself.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct NamedUpdateTests {
    /// Waits until the HUD named `id` is listed as `accepts` wants it; the last listing either way.
    static func waitForListed(_ id: String, display: String,
                              until accepts: @escaping (ListedHUD) -> Bool) throws -> ListedHUD? {
        try Tools.waitFor(timeout: Expected.upTo(3), { try CLI.listed(display: display).first { $0.id == id } },
                          until: { $0.map(accepts) ?? false })
    }

    @Test func anUpdateWithoutTextsKeepsTheHUDsLabelAndDetails() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "save", "--mode", "bar", "--label", "Saving", "--details", "photos",
                                    "--progress", "0.2"], display: display)
        defer { owner.kill() }
        _ = try owner.waitForWindow(display: display)
        let update = try HUDProcess(["--id", "save", "--progress", "0.5"], display: display)
        #expect(update.waitForExit(timeout: 3)?.status == 0, "\(update.errorOutput)")
        let half = try Self.waitForListed("save", display: display) { $0.progress == 0.5 }
        #expect(half?.label == "Saving" && half?.details == "photos", "\(String(describing: half))")
        // A label given is taken, and the details still stay.
        let relabel = try HUDProcess(["--id", "save", "--label", "Saved"], display: display)
        #expect(relabel.waitForExit(timeout: 3)?.status == 0, "\(relabel.errorOutput)")
        let saved = try Self.waitForListed("save", display: display) { $0.label == "Saved" }
        #expect(saved?.label == "Saved" && saved?.details == "photos" && saved?.progress == 0.5,
                "\(String(describing: saved))")
        // An empty one is given too: it clears.
        let clear = try HUDProcess(["--id", "save", "--details", ""], display: display)
        #expect(clear.waitForExit(timeout: 3)?.status == 0, "\(clear.errorOutput)")
        let cleared = try Self.waitForListed("save", display: display) { $0.details.isEmpty }
        #expect(cleared?.details == "" && cleared?.label == "Saved", "\(String(describing: cleared))")
    }

    /// `run --id NAME --details auto` on a HUD started without it: the HUD's details become pv's figures (bytes,
    /// rate, time left), never the word "auto", and its label stays.
    @Test func detailsAutoThroughANamedHUDShowsTheFigures() throws {
        let display = try server().display
        let owner = try HUDProcess(["--id", "copy", "--label", "Copying"], display: display)
        defer { owner.kill() }
        _ = try owner.waitForWindow(display: display)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-named-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big").path
        try Data(count: 12_000_000).write(to: URL(fileURLWithPath: big))
        let run = try HUDProcess(["run", "--id", "copy", "--details", "auto", "--", "sh", "-c",
                                  "pv -f -i 0.1 -L 4m '\(big)' > /dev/null"], display: display)
        var labels: Set<String> = []
        let seen = try CLI.progressWhile(display: display, id: "copy") {
            if let label = try? CLI.listed(display: display).first?.label { labels.insert(label) }
            return run.process.isRunning
        }
        #expect(run.waitForExit(timeout: 1)?.status == 0, "\(run.errorOutput)")
        #expect(!seen.details.contains("auto"), "\(seen.details)")
        // pv's bytes and rate, the estimate the owner made of them.
        #expect(seen.details.contains { $0.contains("MB") && $0.contains("MB/s") }, "\(seen.details)")
        #expect(CLI.rises(seen.fractions), "\(seen.fractions)")
        #expect(labels.isSubset(of: ["Copying", "Done"]) && labels.contains("Copying"), "\(labels)")
    }
}
