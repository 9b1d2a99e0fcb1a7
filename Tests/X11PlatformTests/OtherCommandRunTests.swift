import Foundation
import HUDTestSupport
import Testing

/// Issue 40 item 4: the tools' other commands under the real binary, each run by bash in a fresh home on files the
/// test makes (`BackupRecipeTests.run`), while `x11hud list --json` is polled: rclone `-P` through a pipe, restic
/// `check --read-data` and `prune`, borg `check --verify-data`, xz `-v`, tar `--checkpoint` with `--total`, apt-get's
/// download in a terminal. (7-Zip is not installed here: its frames are read from captures only.)
///
/// Each is slowed by its own means where it has one: rclone `--bwlimit`, restic `--limit-download`/`--limit-upload`;
/// the others by `pv -L` where the data flows: xz's output, tar's archive, and borg's remote repository, whose `ssh`
/// stand-in passes what `borg serve` sends on through it (the network's place; borg's own limit is for uploads).
/// restic, borg, xz and apt draw their progress only on a terminal: `x11hud run --pty` gives them one.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct OtherCommandRunTests {
    /// The longest stretch of `fractions` that never goes back: a tool whose phases each count from 0 (restic's
    /// check and prune, borg's check) rises within one phase.
    static func longestRise(_ fractions: [Double]) -> [Double] {
        var best: [Double] = [], run: [Double] = []
        for f in fractions {
            if let last = run.last, f < last { run = [] }
            run.append(f)
            if Set(run).count > Set(best).count { best = run }
        }
        return best
    }

    /// restic draws its counters only on a terminal whose TERM it knows, as a user's is.
    static func restic(_ command: String) -> String {
        BackupRecipeTests.documents(32) + """
            export TERM=xterm
            restic init -r "$HOME/restic" -q
            restic -r "$HOME/restic" backup -q --pack-size 4 Documents
            \(command)
            """
    }

    static let scripts: [String: String] = [
        // rclone does not end a block's last line into a pipe: the next block's `Transferred:` is glued to it.
        "rclone -P | x11hud": BackupRecipeTests.documents()
            + "rclone copy -P --bwlimit 4M Documents \"$HOME/copy\" 2>&1 | x11hud --label Sync",
        "restic check --read-data": restic(
            "x11hud run --pty -- restic -r \"$HOME/restic\" check --read-data --limit-download 6000"),
        // Half of each pack unused: prune repacks them, uploading what is kept.
        "restic prune": restic("""
            rm Documents/f*[13579].bin
            restic -r "$HOME/restic" backup -q --pack-size 4 Documents
            restic -r "$HOME/restic" forget -q --keep-last 1
            x11hud run --pty -- restic -r "$HOME/restic" prune --pack-size 4 --max-unused 0 \\
                --limit-download 3000 --limit-upload 3000
            """),
        "borg check --verify-data": BackupRecipeTests.documents() + """
            printf '#!/bin/sh\\nwhile [ "${1#-}" != "$1" ]; do shift; done\\nshift\\n"$@" | pv -q -L 4m\\n' > slowssh
            chmod +x slowssh
            export BORG_RSH=$HOME/slowssh
            borg init -e none "ssh://nas$HOME/borg"
            borg create "ssh://nas$HOME/borg::a" Documents
            x11hud run --pty -- borg check --verify-data --progress "ssh://nas$HOME/borg"
            """,
        "xz -v": BackupRecipeTests.documents(12) + """
            cat Documents/* > all.bin
            x11hud run --pty -- sh -c 'xz -v -1 -T1 -c all.bin | pv -q -L 2m > all.bin.xz'
            """,
        "tar --checkpoint --total": BackupRecipeTests.documents() + """
            tar -cf docs.tar Documents
            mkdir out
            pv -q -L 6m docs.tar | x11hud run --total "$(stat -c %s docs.tar)" -- tar -x -f - -C out --checkpoint=100
            """,
        // apt's own download line, in a terminal (download only, from the test's repository: see `aptRepository`).
        "apt-get upgrade in a terminal": BackupRecipeTests.aptRepository
            .replacingOccurrences(of: "Dl-Limit \"8000\"", with: "Dl-Limit \"3000\"")
            + "export TERM=xterm\nx11hud run --pty -- apt-get -y upgrade\n",
    ]

    @Test(arguments: ["rclone -P | x11hud", "restic check --read-data", "restic prune", "borg check --verify-data",
                      "xz -v", "tar --checkpoint --total", "apt-get upgrade in a terminal"])
    func theCommandMovesTheBar(_ name: String) throws {
        let display = try server().display
        let started = Date()
        let (status, seen, errors) = try BackupRecipeTests.run(try #require(Self.scripts[name]), display: display)
        #expect(status == 0, "\(name): status \(status)\n\(errors)")
        let rise = Self.longestRise(seen.fractions)
        #expect(CLI.rises(rise), "\(name): \(seen.fractions)")
        #expect(!errors.contains("x11hud:"), "\(name): \(errors)")
        print("\(name): \(Date().timeIntervalSince(started)) s, fractions \(seen.fractions), details \(seen.details)")
    }
}
