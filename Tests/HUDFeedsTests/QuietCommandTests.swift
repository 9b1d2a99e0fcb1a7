import Foundation
import ProgressFeed
import Testing
@testable import HUDFeeds

/// Issue 52 item 4: which commands print no progress of their own, so that `run` reads what they read (pure: the
/// command line only), the count of what they read, and the size of their sources walked on a tree the test makes.
struct QuietCommandTests {
    func quiet(_ line: String, terminal: Bool = false, environment: [String: String] = [:]) -> QuietCommand? {
        QuietCommand(line.split(separator: " ").map(String.init), environment: environment, terminal: terminal)
    }

    @Test func plainResticBackupIntoAPipeReadsItsSources() {
        #expect(quiet("restic -r /srv/restic backup Documents Pictures")
            == QuietCommand(name: "restic backup", sources: ["Documents", "Pictures"]))
        #expect(quiet("/usr/bin/restic --pack-size 4 --limit-upload 6144 backup -x --tag daily Documents")?.sources
            == ["Documents"], "the values of options are not sources")
        #expect(quiet("restic backup --exclude=cache --host=pc -- -odd")?.sources == ["-odd"])
        #expect(quiet("restic -vr /srv/restic backup Documents")?.sources == ["Documents"], "-vr takes the repo")
        #expect(quiet("restic -r/srv/restic backup Documents")?.sources == ["Documents"], "-r/srv holds its value")
    }

    @Test func resticThatPrintsItsOwnStatusIsLeftAlone() {
        #expect(quiet("restic -r /srv/restic backup --json Documents") == nil)
        #expect(quiet("restic -r /srv/restic backup Documents", terminal: true) == nil, "it draws on a terminal")
        #expect(quiet("restic backup Documents", environment: ["RESTIC_PROGRESS_FPS": "2"]) == nil)
        #expect(quiet("restic backup -q Documents", terminal: true)?.sources == ["Documents"], "quiet everywhere")
        #expect(quiet("restic backup --stdin") == nil)
        #expect(quiet("restic backup --files-from list.txt") == nil, "its sources are in a file")
        #expect(quiet("restic -r /srv/restic check") == nil)
        #expect(quiet("restic -r /srv/restic backup") == nil, "no sources")
    }

    @Test func plainBorgCreateReadsItsSourcesOnATerminalToo() {
        let expected = QuietCommand(name: "borg create", sources: ["Documents", "/etc"])
        #expect(quiet("borg create ssh://nas/./borg::{now} Documents /etc") == expected)
        #expect(quiet("borg create ::{now} Documents /etc", terminal: true) == expected)
        #expect(quiet("borg create --upload-ratelimit 12288 -C lz4 --exclude x -s /srv/borg::a Documents /etc")
            == expected)
        #expect(quiet("borg --lock-wait 5 create /srv/borg::a Documents - /etc") == expected, "- is stdin")
    }

    @Test func borgThatPrintsItsOwnProgressIsLeftAlone() {
        #expect(quiet("borg create --progress /srv/borg::a Documents") == nil)
        #expect(quiet("borg create -p /srv/borg::a Documents") == nil)
        #expect(quiet("borg create -sp /srv/borg::a Documents") == nil)
        #expect(quiet("borg create --paths-from-stdin /srv/borg::a") == nil)
        #expect(quiet("borg create /srv/borg::a") == nil, "no sources")
        #expect(quiet("borg check /srv/borg") == nil)
        #expect(quiet("rsync -a src/ dst/") == nil)
        #expect(QuietCommand([], environment: [:], terminal: false) == nil)
    }

    /// What was read before a source was first seen open (modules, caches) is not the sources'; from then on, all
    /// that is read is.
    @Test func theCountStartsWhenASourceIsFirstSeen() {
        var count = ReadCount()
        #expect(count.done(read: 5_000_000, inSources: nil) == nil)
        #expect(!count.started)
        #expect(count.done(read: 5_600_000, inSources: 200_000) == 200_000)
        #expect(count.started)
        #expect(count.done(read: 9_400_000, inSources: nil) == 4_000_000, "between two files")
        #expect(count.done(read: 12_400_000, inSources: 64) == 7_000_000)
    }

    @Test func theUpdateSaysWhatIsReadAndStopsAtTheTotal() {
        let update = ReadCount.update(done: 120_000_000, total: 316_000_000, details: "Reading Documents")
        #expect(update.details == "Reading Documents")
        #expect(update.bytesDone == 120_000_000 && update.bytesTotal == 316_000_000)
        #expect(abs((update.progress ?? 0) - 120.0 / 316) < 1e-9)
        let over = ReadCount.update(done: 400, total: 300, details: "")
        #expect(over.progress == 1 && over.bytesDone == 300)
        let unsized = ReadCount.update(done: 400, total: nil, details: "")
        #expect(unsized.progress == nil && unsized.bytesDone == 400 && unsized.bytesTotal == nil)
        #expect(SourceReading.details(for: ["/home/me/Documents/"]) == "Reading Documents")
        #expect(SourceReading.details(for: ["a", "b", "c"]) == "Reading 3 sources")
        #expect(SourceReading.details(for: ["/"]) == "Reading /")
    }

    @Test func theSourcesAreSizedAsTheirFilesOnceEach() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-size-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let deeper = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        try Data(count: 1000).write(to: root.appendingPathComponent("one"))
        try Data(count: 234).write(to: deeper.appendingPathComponent("two"))
        try FileManager.default.linkItem(at: deeper.appendingPathComponent("two"),
                                         to: root.appendingPathComponent("a/link"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sym").path,
                                                   withDestinationPath: "/usr")
        #expect(SourceSize.bytes(under: [root.path]) == 1234)
        #expect(SourceSize.bytes(under: [root.path, root.path + "/missing"]) == 1234)
        #expect(SourceSize.bytes(under: [root.path + "/missing"]) == nil)
        #expect(SourceSize.bytes(under: [root.path], limit: 3) == nil, "past the limit it gives up")
        #expect(SourceSize.bytes(under: ["/proc/self"]) == 0, "/proc's sizes are not read")
    }
}
