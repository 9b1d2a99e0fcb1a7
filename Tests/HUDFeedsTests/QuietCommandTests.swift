import Foundation
import Glibc
import ProgressFeed
import Testing
@testable import HUDFeeds

/// Issue 52 item 4: which commands print no progress of their own, so that `run` reads what they read (pure: the
/// command line only), the count of what they read, and the size of their sources walked on a tree the test makes.
struct QuietCommandTests {
    func quiet(_ line: String, terminal: Bool = false, environment: [String: String] = [:]) -> QuietCommand? {
        QuietCommand(line.split(separator: " ").map(String.init), environment: environment, terminal: terminal)
    }

    func resticAsked(_ line: String) -> QuietCommand {
        QuietCommand(name: "restic backup", reading: .asked(argv: line.split(separator: " ").map(String.init),
                                                            adding: ["RESTIC_PROGRESS_FPS": "2"],
                                                            added: .resticStatus))
    }

    @Test func plainResticBackupIntoAPipeIsAskedForItsStatus() {
        for line in ["restic -r /srv/restic backup Documents Pictures",
                     "/usr/bin/restic --pack-size 4 --limit-upload 6144 backup -x --tag daily Documents",
                     "restic -vr /srv/restic backup Documents", "restic -r/srv/restic backup Documents",
                     "restic backup --files-from list.txt"] {
            #expect(quiet(line) == resticAsked(line), "\(line)")
        }
    }

    @Test func plainBorgCheckAndCompactAreAskedForTheirProgress() {
        #expect(quiet("borg check --verify-data ssh://nas/./borg") == QuietCommand(
            name: "borg check", reading: .asked(argv: ["borg", "check", "--progress", "--verify-data",
                                                       "ssh://nas/./borg"], adding: [:], added: .redraws)))
        #expect(quiet("borg --lock-wait 5 compact --threshold 5 /srv/borg", terminal: true) == QuietCommand(
            name: "borg compact", reading: .asked(argv: ["borg", "--lock-wait", "5", "compact", "--progress",
                                                         "--threshold", "5", "/srv/borg"], adding: [:],
                                                  added: .redraws)))
        #expect(quiet("borg check --progress /srv/borg") == nil)
        #expect(quiet("borg compact -vp /srv/borg") == nil)
        #expect(quiet("borg check --log-json /srv/borg") == nil, "its progress would be JSON lines")
    }

    @Test func resticThatPrintsItsOwnStatusOrIsQuietIsLeftAlone() {
        #expect(quiet("restic -r /srv/restic backup --json Documents") == nil)
        #expect(quiet("restic -r /srv/restic backup Documents", terminal: true) == nil, "it draws on a terminal")
        #expect(quiet("restic backup Documents", environment: ["RESTIC_PROGRESS_FPS": "0.5"]) == nil)
        #expect(quiet("restic backup -q Documents") == nil)
        #expect(quiet("restic backup --stdin") == nil)
        #expect(quiet("restic -r /srv/restic check") == nil)
        #expect(quiet("restic -r backup check") == nil, "backup is the repository here")
    }

    @Test func plainBorgCreateReadsItsSourcesOnATerminalToo() {
        let expected = QuietCommand(name: "borg create", reading: .sources(["Documents", "/etc"], .bytesRead))
        #expect(quiet("borg create ssh://nas/./borg::{now} Documents /etc") == expected)
        #expect(quiet("borg create ::{now} Documents /etc", terminal: true) == expected)
        #expect(quiet("borg create --upload-ratelimit 12288 -C lz4 --exclude x -s /srv/borg::a Documents /etc")
            == expected, "the values of options are not sources")
        #expect(quiet("borg --lock-wait 5 create /srv/borg::a Documents - /etc") == expected, "- is stdin")
        #expect(quiet("borg create /srv/borg::a -- -odd")?.reading == .sources(["-odd"], .bytesRead))
    }

    @Test func plainDuplicityBackingUpReadsItsSourceInOrder() {
        let expected = QuietCommand(name: "duplicity", reading: .sources(["Documents"], .placeInOrder))
        #expect(quiet("duplicity Documents file:///media/usb/dup") == expected)
        #expect(quiet("duplicity full --no-encryption --volsize 1 -v4 Documents sftp://nas/dup") == expected)
        #expect(quiet("duplicity incremental --name daily --exclude x Documents file:///x") == expected)
        #expect(quiet("duplicity --progress Documents file:///x") == nil, "it prints its own")
        #expect(quiet("duplicity file:///x restored") == nil, "a restore")
        #expect(quiet("duplicity verify file:///x Documents") == nil)
        #expect(quiet("duplicity collection-status file:///x") == nil)
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

    /// `rchar`, read for the test's own process: it grows by at least what the test reads.
    @Test func whatAProcessHasReadIsItsReadCharacters() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-rchar-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(count: 3_000_000).write(to: path)
        let files = try ProcessFiles(pid: getpid())
        let before = try #require(files.bytesRead)
        let fd = open(path.path, O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var read = 0
        while case let n = Glibc.read(fd, &buffer, buffer.count), n > 0 { read += n }
        #expect(read == 3_000_000)
        #expect(try #require(files.bytesRead) - before >= 3_000_000)
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

    /// duplicity reads its files by name, a directory's files where its name falls: each file's place is the bytes
    /// before it in that order.
    @Test func theOrderIsByNameAsDuplicityReads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("b"), withIntermediateDirectories: true)
        let files = [("a", 10), ("b/x", 200), ("B", 3000), ("c", 40000)]
        for (name, size) in files { try Data(count: size).write(to: root.appendingPathComponent(name)) }
        let size = try #require(SourceSize(under: [root.path], keepsOrder: true))
        #expect(size.total == 43210)
        func place(_ name: String) throws -> Int64? {
            let st = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)
            let inode = try #require(st[.systemFileNumber] as? UInt64), device = try #require(st[.systemNumber] as? Int)
            return size.before[SourceSize.File(device: UInt64(device), inode: inode)]
        }
        // By bytes: `B` (0x42) before `a`, `a` before the directory `b`, whose files come before `c`.
        #expect(try place("B") == 0)
        #expect(try place("a") == 3000)
        #expect(try place("b/x") == 3010)
        #expect(try place("c") == 3210)
    }
}

/// The status lines `run` asks restic for are read, not passed through: what the user sees is restic's output as
/// without x11hud. The capture is restic 0.14's, `RESTIC_PROGRESS_FPS=4 restic backup docs | cat`.
struct ResticStatusFilterTests {
    static let capture = """
        no parent snapshot found, will read all files
        [0:00] 0 files 0 B, total 1 files 976.562 KiB, 0 errors
        [0:00] 4 files 4.768 MiB, total 40 files 38.147 MiB, 0 errors
        /docs/f11.bin
        /docs/f13.bin
        [0:01] 32.50%  13 files 12.398 MiB, total 40 files 38.147 MiB, 0 errors ETA 0:02
        /docs/f21.bin
        [0:04] 40 files 38.147 MiB, total 40 files 38.147 MiB, 0 errors

        Files:          40 new,     0 changed,     0 unmodified
        Added to the repository: 38.161 MiB (38.155 MiB stored)

        processed 40 files, 38.147 MiB in 0:04
        snapshot 288076a0 saved
        """

    static let expected = """
        no parent snapshot found, will read all files

        Files:          40 new,     0 changed,     0 unmodified
        Added to the repository: 38.161 MiB (38.155 MiB stored)

        processed 40 files, 38.147 MiB in 0:04
        snapshot 288076a0 saved
        """

    func filtered(_ chunks: [String]) -> String {
        var filter: any OutputFilter = AddedOutput.resticStatus.filter()
        var out: [UInt8] = []
        for chunk in chunks { out += Array(chunk.utf8).withUnsafeBytes { filter.pass($0, drained: true) } }
        return String(decoding: out + filter.rest(), as: UTF8.self)
    }

    @Test func theStatusAndItsFilesAreKeptOutTheRestPassesWhole() {
        #expect(filtered([Self.capture]) == Self.expected)
        // Cut anywhere, a line passes once it has ended, and the unfinished last one at the end.
        let bytes = Array(Self.capture.utf8)
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            let parts = [String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)]
            #expect(filtered(parts) == Self.expected, "cut at \(cut)")
        }
    }

    @Test func aPathLineOutsideAStatusFramePasses() {
        #expect(filtered(["/etc/passwd\n", "[0:00] 0 files 0 B, total 1 files 9 KiB, 0 errors\n", "/x\n", "ok\n",
                          "/y\n"]) == "/etc/passwd\nok\n/y\n")
        #expect(!ResticStatusFilter.isStatus(Array("[0:00] reading index".utf8)))
        let long = "[1:02:03] 2 files 1 B, total 3 files 9 B, 1 errors ETA 0:02\r\n"
        #expect(ResticStatusFilter.isStatus(Array(long.utf8)))
    }
}

/// borg's `--progress` redraws, which `run` asks for on `check` and `compact`, are read and not passed through.
/// The capture is borg 1.2's `borg check -v --progress REPO 2>&1 | cat`.
struct RedrawFilterTests {
    static let capture = "Starting repository check\nChecking segments 0.0%\rChecking segments 7.1%\r"
        + "Checking segments 92.9%\rfinished segment check at segment 13\n\rStarting repository index check\n"
        + "Index object count match.\nChecking archives 0.0%\rAnalyzing archive b (1/1)\n\r"
        + "Archive consistency check complete, no problems found.\n"

    @Test func theRedrawsAreKeptOutTheLinesPassWhole() {
        let expected = "Starting repository check\nfinished segment check at segment 13\n"
            + "Starting repository index check\nIndex object count match.\nAnalyzing archive b (1/1)\n"
            + "Archive consistency check complete, no problems found.\n"
        let bytes = Array(Self.capture.utf8)
        for cut in 1..<bytes.count {
            var filter = RedrawFilter()
            var out = bytes[..<cut].withUnsafeBytes { filter.pass($0, drained: false) }
            out += bytes[cut...].withUnsafeBytes { filter.pass($0, drained: false) }
            out += filter.rest()
            #expect(String(decoding: out, as: UTF8.self) == expected, "cut at \(cut)")
        }
        var filter = RedrawFilter()
        #expect(Array("no end".utf8).withUnsafeBytes { filter.pass($0, drained: false) }.isEmpty)
        #expect(filter.rest() == Array("no end".utf8), "an unfinished last line passes at the end")
    }

    /// A question borg waits on passes as soon as borg pauses, unended: the user must see it to answer.
    @Test func aQuestionPassesWhenBorgPauses() {
        var filter = RedrawFilter()
        let question = "Type 'YES' if you understand this and want to continue: "
        #expect(Array(("Checking segments 7.1%\r" + question).utf8).withUnsafeBytes { filter.pass($0, drained: true) }
            == Array(question.utf8))
        #expect(Array("\nStarting\n".utf8).withUnsafeBytes { filter.pass($0, drained: true) }
            == Array("\nStarting\n".utf8))
    }
}
