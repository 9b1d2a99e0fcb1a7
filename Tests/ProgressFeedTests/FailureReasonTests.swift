import Foundation
@testable import ProgressFeed
import Testing

/// Issue 30 item 4: why a command failed, in its own words, from its real stderr.
@Suite struct FailureReasonTests {
    func reason(_ text: String) -> String? {
        var r = FailureReason()
        Array(text.utf8).withUnsafeBytes { r.push($0) }
        return r.text
    }

    func fixture(_ name: String) throws -> String? { try read(fixture: name).text }

    func read(fixture name: String) throws -> FailureReason {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        var r = FailureReason()
        // In small pieces, lines split anywhere, as a pipe hands them over.
        let bytes = [UInt8](try Data(contentsOf: url))
        for start in stride(from: 0, to: bytes.count, by: 7) {
            bytes[start..<min(start + 7, bytes.count)].withUnsafeBytes { r.push($0) }
        }
        return r
    }

    // Captured on Debian 12 (restic 0.14.0, borg 1.2.4, rclone 1.60.1, apt 2.6, rsync 3.5.0, duplicity 0.8.22):
    // each tool's stderr on a missing repository, remote or package; the JSON ones with their JSON logs on.
    @Test(arguments: [
        ("failure-restic-no-repo.txt",
         "unable to open config file: stat /tmp/i30c/nope/config: no such file or directory"),
        ("failure-restic-json-no-repo.txt",
         "unable to open config file: stat /tmp/i30c/nope/config: no such file or directory"),
        // restic --json's error message during a backup (its Go error, as restic prints it), not the warning last.
        ("restic-json-error.txt", "read /proc/self/mem: Input/output error"),
        ("failure-borg-no-repo.txt", "Repository /tmp/i30c/nope does not exist."),
        ("failure-borg-json-no-repo.txt", "Repository /tmp/i30c/nope does not exist."),
        ("borg-error-json.txt", "Repository /tmp/i30/nope does not exist."),
        // rclone's own fatal line has no level: the last line, its timestamp gone.
        ("failure-rclone-no-remote.txt",
         "Failed to create file system for \"nosuchremote:dst\": didn't find section in config file"),
        ("failure-rclone-json-no-remote.txt",
         "Failed to create file system for \"nosuchremote:dst\": didn't find section in config file"),
        ("failure-rclone-no-source.txt",
         "Local file system at /tmp/i30c/nosuchdir: error reading source root directory: directory not found"),
        ("rclone-json-error.txt", "error reading source root directory: directory not found"),
        ("failure-apt-not-root.txt",
         "Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)"),
        ("failure-apt-no-package.txt", "Unable to locate package nosuchpackage-x11hud"),
        // Issue 40 item 5: the first cause, not the summary after it (rsync), the lock's owner, not the hint about
        // `unlock` (restic 0.14, a `check --read-data` holding the lock), the passphrase duplicity 0.8.22 asked for
        // with no terminal and no PASSPHRASE, not the EOFError it ended with.
        ("failure-rsync-no-source.txt", "change_dir \"/tmp/i30c/nosuchdir\" failed: No such file or directory (2)"),
        ("failure-rsync-no-parent.txt", "mkdir \"/tmp/cap/no/such/parent/dst\" failed: No such file or directory (2)"),
        ("failure-restic-locked.txt", "unable to create lock in backend: repository is already locked exclusively by "
            + "PID 18133 on vm by root (UID 0, GID 0)"),
        ("failure-restic-json-locked.txt", "unable to create lock in backend: repository is already locked "
            + "exclusively by PID 18133 on vm by root (UID 0, GID 0)"),
        ("failure-duplicity-no-passphrase.txt",
         "GnuPG passphrase for decryption: no answer, its input ended (EOFError)"),
    ])
    func eachToolsOwnReason(file: String, expected: String) throws {
        let reader = try read(fixture: file)
        #expect(reader.text == expected)
        #expect(!reader.interrupted, "a failure is not an interrupt")
    }

    // Issue 52 item 3, captured as above: each tool interrupted in the middle of a backup, on a terminal with Ctrl-C
    // typed (`-term`) or with SIGINT sent to it. Each says it got the interrupt, and the reason is never the progress
    // line and `^C` echo that rsync's generator writes on after without a newline, nor the SIGUSR1 its parent sends
    // it to stop (here said before the sender's SIGINT).
    @Test(arguments: [
        ("rsync-ctrl-c-glued-term.txt",
         "rsync error: received SIGINT, SIGTERM, or SIGHUP (code 20) at io.c(586) [generator=3.5.0]"),
        ("rsync-sigint-usr1-first-term.txt",
         "rsync error: received SIGINT, SIGTERM, or SIGHUP (code 20) at rsync.c(874) [sender=3.5.0]"),
        ("borg-ctrl-c-term.txt", "Got Ctrl-C / SIGINT."),
        ("borg-sigint-json.txt", "Got Ctrl-C / SIGINT."),
        ("restic-ctrl-c-term.txt", "signal interrupt received, cleaning up"),
        // duplicity says it only with `-v info`, and on stdout: in a terminal of its own, where x11hud reads both.
        ("duplicity-sigint-info.txt", "INT intercepted...exiting."),
    ])
    func anInterruptedToolSaysSo(file: String, expected: String) throws {
        let reader = try read(fixture: file)
        #expect(reader.interrupted)
        #expect(reader.text == expected)
    }

    @Test func aRedrawnLineAndTheEchoOfCtrlCAreNotPartOfTheReason() {
        #expect(reason("\r  2,326,528   1%    2.00MB/s    0:01:04  ^C") == nil, "only a progress line and its ^C")
        #expect(reason("copying 40%^\\Quit: core dumped\n") == "Quit: core dumped")
        #expect(reason("  2,326,528   1%    2.00MB/s    0:01:04rsync: [receiver] write error: Broken pipe (32)\n")
            == "write error: Broken pipe (32)")
        #expect(reason("sh: rsync: not found\n") == "sh: rsync: not found", "no progress before it: one message")
        #expect(reason("rsync error: received SIGUSR1 (code 19) at main.c(1660) [generator=3.5.0]\n") == nil)
        #expect(reason("rsync error: some files could not be transferred (code 23)\n")
            == "rsync error: some files could not be transferred (code 23)")
    }

    @Test func interruptWordsAreFoundAnywhereInALineAndOnlyThere() {
        func interrupted(_ text: String) -> Bool {
            var r = FailureReason()
            Array(text.utf8).withUnsafeBytes { r.push($0) }
            return r.interrupted
        }
        #expect(interrupted("progress\rrsync error: received SIGINT, SIGTERM, or SIGHUP (code 20)\nmore\n"))
        #expect(interrupted("no newline yet: Got Ctrl-C / SIGINT."), "a last line not ended yet")
        #expect(interrupted("{\"levelname\": \"ERROR\", \"message\": \"Keyboard interrupt\"}\n"))
        #expect(!interrupted("error: disk full\nSIGIN\nT\ninterrupt\n"))
        #expect(!interrupted(""))
    }

    @Test func theFirstErrorBeatsLaterLinesAndAJSONErrorBeatsTheFirstErrorLine() {
        #expect(reason("starting\nerror: first\nerror: second\nsummary\n") == "first")
        #expect(reason("E: one\n{\"level\":\"error\",\"msg\":\"from the log\"}\n") == "from the log")
        #expect(reason("just a line\nthe last one\n") == "the last one")
        #expect(reason("") == nil)
        #expect(reason("\n  \n") == nil)
    }

    /// Plain lines are only read when they turn out to be the last; what they say is the same.
    @Test func theLastLineIsTheLastWithTextWhateverCameAfterIt() {
        #expect(reason("note: a\nplain last\n") == "plain last")
        #expect(reason("first\n\u{1B}[2K\n\u{1B}[2K") == "first", "lines that only erase are no text")
        #expect(reason("plain\n{\"message_type\":\"status\",\"percent_done\":1}\n") == "plain")
        #expect(reason("1\n2\n3") == "3")
    }

    @Test func levelWordsAndTimestampsAreStripped() {
        #expect(reason("2026/11/26 16:36:51 ERROR : disk full\n") == "disk full")
        #expect(reason("2026-11-26 16:36:51,123 CRITICAL: no space\n") == "no space")
        #expect(reason("[2026-11-26T16:36:51Z] [error] bad thing\n") == "bad thing")
        #expect(reason("Fatal: wrong password or no key found\n") == "wrong password or no key found")
        #expect(reason("2026/11/26 16:36:51 NOTICE: only a notice\n") == "only a notice")
        // A capitalised word that only begins a sentence is not a level.
        #expect(reason("Error opening the file\n") == "Error opening the file")
        // A progress line's [0:01] is not a timestamp (too short): the line is kept as it is.
        #expect(reason("[0:01] 30.76%\n") == "[0:01] 30.76%")
    }

    @Test func jsonObjectsSayTheirMessageAndOnlyErrorsCountAsErrors() {
        #expect(reason("{\"level\":\"warning\",\"msg\":\"Config file not found\"}\n") == "Config file not found")
        #expect(reason("{\"message_type\":\"status\",\"percent_done\":0.5}\n") == nil, "no message: nothing")
        #expect(reason("{\"message_type\":\"exit_error\",\"code\":1,\"message\":\"repository is locked\"}\n")
            == "repository is locked")
        #expect(reason("{\"message_type\":\"error\",\"error\":{\"message\":\"permission denied\"},\"item\":\"/x\"}\n")
            == "permission denied")
        #expect(reason("{\"error\":\"quota exceeded\"}\nlater\n") == "quota exceeded")
        #expect(reason("{\"levelname\":\"ERROR\",\"message\":\"line one\\nline two\"}\n") == "line one")
        // Cut off: not JSON, so only a line.
        #expect(reason("{\"level\":\"error\",\"msg\":\"cut}\n") == "{\"level\":\"error\",\"msg\":\"cut}")
    }

    @Test func escapesAndControlCharactersGoAndALongReasonIsCut() {
        #expect(reason("\u{1B}[1;31merror:\u{1B}[0m disk full\u{7}\n") == "disk full")
        #expect(reason("\u{1B}]0;title\u{7}plain\ttext\u{1}\n") == "plain text")
        #expect(reason("50%\r100%\rcurl: (6) Could not resolve host\n") == "curl: (6) Could not resolve host")
        let long = reason(String(repeating: "x", count: 10_000) + "\n")
        #expect(long?.count == FailureReason.maxCharacters && long?.hasSuffix("…") == true)
    }
}
