import Foundation
import HUDTestSupport
import Testing

/// Issue 52 item 4: the plain commands, which print no progress of their own, still move the bar under `run`:
/// `restic backup` into a pipe (no `--json`, no terminal) and `borg create` without `--progress`, run for real on
/// files the test makes while `x11hud list --json` is polled, show at least three fractions between 0 and 1 read
/// from what the tool has read, and the details say so. The tools are slowed as in `BackupRecipeTests`.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct QuietBackupRunTests {
    static let commands = [
        "restic": "restic init -r \"$HOME/restic\" -q\n"
            + "x11hud run --label Backup --details auto -- restic -r \"$HOME/restic\" --pack-size 4 "
            + "--limit-upload 6144 backup Documents | cat\n",
        "borg": "borg init -e none ssh://nas$HOME/borg\n"
            + "x11hud run --label Backup --details auto -- borg create --upload-ratelimit 12288 "
            + "ssh://nas$HOME/borg::one Documents | cat\n",
    ]

    @Test(arguments: ["restic", "borg"])
    func thePlainCommandMovesTheBarFromWhatItReads(_ tool: String) throws {
        let display = try server().display
        let script = BackupRecipeTests.documents(32) + (try #require(Self.commands[tool]))
        let (status, seen, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(tool): status \(status)\n\(errors)")
        let between = Set(seen.fractions.filter { $0 > 0 && $0 < 1 })
        #expect(between.count >= 3, "\(tool): \(seen.fractions)")
        #expect(CLI.rises(seen.fractions), "\(tool): \(seen.fractions)")
        #expect(seen.details.contains { $0.hasPrefix("Reading Documents\n") && $0.contains(" of 32 MB") },
                "\(tool): \(seen.details)")
        #expect(seen.labels.last == "Done", "\(tool): \(seen.labels)")
        print("\(tool): fractions \(seen.fractions), details \(seen.details)")
    }

    /// The output the user sees is the tool's own: nothing is added to it (restic prints no status into a pipe).
    @Test func resticsOutputIsUnchanged() throws {
        let display = try server().display
        let script = BackupRecipeTests.documents(4) + "restic init -r \"$HOME/restic\" -q\n"
            + "x11hud run -- restic -r \"$HOME/restic\" backup Documents | cat >&2\n"
        let (status, _, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("processed 4 files"), "\(errors)")
        #expect(!errors.contains("[0:0"), "no status line was asked for: \(errors)")
    }
}
