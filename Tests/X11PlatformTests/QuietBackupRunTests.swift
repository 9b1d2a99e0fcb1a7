import Foundation
import HUDTestSupport
import Testing

/// Issue 52 item 4: the plain commands, which print no progress of their own, still move the bar under `run`:
/// `restic backup` into a pipe (no `--json`, no terminal: asked for its status, which is not passed through) and
/// `borg create` without `--progress` (what it has read of its sources), run for real on files the test makes while
/// `x11hud list --json` is polled, show at least three fractions between 0 and 1, and the details say what is
/// counted. The tools are slowed as in `BackupRecipeTests`.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct QuietBackupRunTests {
    static let commands = [
        "restic": "restic init -r \"$HOME/restic\" -q\n"
            + "x11hud run --label Backup --details auto -- restic -r \"$HOME/restic\" --pack-size 4 "
            + "--limit-upload 6144 backup Documents | cat\n",
        "borg": "borg init -e none ssh://nas$HOME/borg\n"
            + "x11hud run --label Backup --details auto -- borg create --upload-ratelimit 12288 "
            + "ssh://nas$HOME/borg::one Documents | cat\n",
        // Slowed by its 1 MB volumes, as in `BackupRecipeTests`.
        "duplicity": "x11hud run --label Backup --details auto -- duplicity --no-encryption --volsize 1 Documents "
            + "\"file://$HOME/dup\" | cat\n",
    ]

    /// MB of files for each: restic reads about 20 MB ahead of its uploads, and duplicity has nothing to slow it.
    static let sizes = ["restic": 64, "borg": 32, "duplicity": 96]

    @Test(arguments: ["restic", "borg", "duplicity"])
    func thePlainCommandMovesTheBarFromWhatItReads(_ tool: String) throws {
        let display = try server().display
        let size = try #require(Self.sizes[tool])
        let script = BackupRecipeTests.documents(size) + (try #require(Self.commands[tool]))
        let (status, seen, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(tool): status \(status)\n\(errors)")
        let between = Set(seen.fractions.filter { $0 > 0 && $0 < 1 })
        #expect(between.count >= 3, "\(tool): \(seen.fractions)")
        #expect(CLI.rises(seen.fractions), "\(tool): \(seen.fractions)")
        // restic's own counters; what borg and duplicity have read.
        let what = tool == "restic" ? " of \(size) files\n" : "Reading Documents\n"
        #expect(seen.details.contains { $0.contains(what) && $0.contains(" of \(size) MB") },
                "\(tool): \(seen.details)")
        #expect(seen.labels.last == "Done", "\(tool): \(seen.labels)")
        // Done: all of it was read, whenever the last look was.
        #expect(seen.details.last?.contains("\(size) MB of \(size) MB") == true, "\(tool): \(seen.details)")
        print("\(tool): fractions \(seen.fractions), details \(seen.details)")
    }

    /// Plain `borg check` is asked for its progress: the bar rises through its phases (the remote repository's data
    /// slowed by `pv` in the `ssh` stand-in, as in `OtherCommandRunTests`), and what passes through is borg's output
    /// as without x11hud, none of its redraws.
    @Test func plainBorgCheckMovesTheBarAndItsOutputIsUnchanged() throws {
        let display = try server().display
        let script = BackupRecipeTests.documents() + """
            printf '#!/bin/sh\\nwhile [ "${1#-}" != "$1" ]; do shift; done\\nshift\\n"$@" | pv -q -L 4m\\n' > slowssh
            chmod +x slowssh
            export BORG_RSH=$HOME/slowssh
            borg init -e none "ssh://nas$HOME/borg"
            borg create "ssh://nas$HOME/borg::a" Documents
            x11hud run -- borg check -v --verify-data "ssh://nas$HOME/borg" 2>&1 | cat >&2

            """
        let (status, seen, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(errors)")
        let rise = OtherCommandRunTests.longestRise(seen.fractions)
        #expect(Set(rise.filter { $0 > 0 && $0 < 1 }).count >= 3, "\(seen.fractions)")
        #expect(seen.details.contains { $0.hasPrefix("Verifying data") }, "\(seen.details)")
        #expect(errors.contains("Archive consistency check complete"), "\(errors)")
        #expect(!errors.contains("Verifying data") && !errors.contains("\r"), "a redraw passed: \(errors)")
        print("borg check: fractions \(seen.fractions), details \(seen.details)")
    }

    /// Plain `borg compact` (too quick here for the bar to be seen) passes its output through as without x11hud,
    /// though x11hud asked it for its progress.
    @Test func plainBorgCompactsOutputIsUnchanged() throws {
        let display = try server().display
        let script = BackupRecipeTests.documents(8) + """
            borg init -e none "$HOME/borg"
            borg create "$HOME/borg::a" Documents
            borg delete "$HOME/borg::a"
            x11hud run -- borg compact -v "$HOME/borg" 2>&1 | cat >&2

            """
        let (status, _, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("compaction freed about"), "\(errors)")
        #expect(!errors.contains("Compacting segments") && !errors.contains("\r"), "a redraw passed: \(errors)")
    }

    /// The output the user sees is restic's own: the status lines asked for are read, not passed through.
    @Test func resticsOutputIsUnchanged() throws {
        let display = try server().display
        let script = BackupRecipeTests.documents(4) + "restic init -r \"$HOME/restic\" -q\n"
            + "x11hud run -- restic -r \"$HOME/restic\" backup Documents | cat >&2\n"
        let (status, _, errors) = try BackupRecipeTests.run(script, display: display)
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("processed 4 files"), "\(errors)")
        #expect(errors.contains("no parent snapshot found") && errors.contains("Added to the repository"), "\(errors)")
        #expect(!errors.contains("[0:0") && !errors.contains("/Documents/f"), "a status line passed: \(errors)")
    }
}
