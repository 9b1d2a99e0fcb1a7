import HUDBase

/// A backup command that, run as it is, prints no progress of its own, and how `run` has it instead, so that the
/// HUD does not spin for the whole run with no hint why (issue 52 item 4):
///
/// - `restic backup` without `--json`, its output not a terminal: restic prints its status there only when
///   `RESTIC_PROGRESS_FPS` asks, so `run` asks, and keeps those lines out of what it passes through
///   (`ResticStatusFilter`). What restic has read says little: it reads ahead of its uploads by tens of megabytes.
/// - `borg create` without `--progress`: what the process has read against the size of its sources
///   (`SourceReading`). `--progress` would give borg's own bytes, but borg does not know the total anyway.
/// - `duplicity` backing up without `--progress`: where it is in its sources, which it reads in order
///   (`SourceReading.Measure.placeInOrder`). `--progress` would give its own figures, but duplicity then first
///   reads the whole source to measure it (40 MB: 3.5 s with it, 2.4 s without).
/// - `borg check` and `borg compact` without `--progress`: there are no sources to size, and borg knows how far it
///   is, so `run` adds `--progress` and keeps its redraws (stderr's pieces that end in `\r`) out of what it passes
///   through (`RedrawFilter`); in a terminal borg draws them there, and clears them when done.
///
/// Only the command line is read, not the tool: an option this does not know to take a value (a newer tool's) may
/// have its value taken for a source, which is harmless, since a source that does not exist is not counted.
struct QuietCommand: Equatable, Sendable {
    /// The tool and its subcommand: `borg create`, `restic backup`.
    var name: String
    var reading: Reading

    /// How its progress is had.
    enum Reading: Equatable, Sendable {
        /// How far it has come through these sources, as the command line names them (relative to its working
        /// directory), never empty (`SourceReading`).
        case sources([String], SourceReading.Measure)
        /// Its own progress, which it prints when run as `argv` with `adding` in its environment: read, and
        /// (through pipes) kept out of what is passed through.
        case asked(argv: [String], adding: [String: String], added: AddedOutput)
    }

    /// restic's status lines a second, when `run` asks for them.
    static let resticRate = "2"

    /// The quiet command `argv` is, or nil when it prints its own progress, was asked to be quiet, reads standard
    /// input, or is not one of these.
    /// - Parameters:
    ///   - environment: the command's environment (`RESTIC_PROGRESS_FPS`).
    ///   - terminal: the command runs in a terminal of its own (`run` in a terminal, or `--pty`).
    init?(_ argv: [String], environment: [String: String], terminal: Bool) {
        guard let tool = argv.first?.split(separator: "/").last else { return nil }
        let arguments = argv.dropFirst()
        switch tool {
        case "restic":
            let words = Self.operands(arguments, takingValues: Self.resticValues)
            // On a terminal, or asked for a rate, restic prints its status; `--quiet` is quiet everywhere.
            guard words.first == "backup", !Self.has(arguments, ["--json", "--stdin", "-q", "--quiet"]),
                  !terminal, environment["RESTIC_PROGRESS_FPS"] == nil else { return nil }
            let adding = ["RESTIC_PROGRESS_FPS": Self.resticRate]
            self.init(name: "restic backup", reading: .asked(argv: argv, adding: adding, added: .resticStatus))
        case "borg":
            let at = Self.operandIndices(arguments, takingValues: Self.borgValues)
            let words = at.map { arguments[$0] }
            if let phase = words.first, phase == "check" || phase == "compact",
               !Self.has(arguments, ["-p", "--progress", "--log-json"], shortLetter: "p") {
                var asked = argv
                asked.insert("--progress", at: at[0] + 1)
                self.init(name: "borg " + phase, reading: .asked(argv: asked, adding: [:], added: .redraws))
                return
            }
            // `-` is standard input, which has no size here.
            let sources = words.dropFirst(2).filter { $0 != "-" }
            guard words.first == "create", words.count > 1, words[1].contains("::"), !sources.isEmpty,
                  !Self.has(arguments, ["-p", "--progress"], shortLetter: "p"),
                  !Self.has(arguments, ["--paths-from-stdin", "--paths-from-command", "--content-from-command"])
            else { return nil }
            self.init(name: "borg create", reading: .sources(sources, .bytesRead))
        case "duplicity":
            // `duplicity [full|incremental] SOURCE URL` backs up; with the URL first it restores or verifies.
            let words = Self.operands(arguments, takingValues: Self.duplicityValues)
            let rest = ["full", "incremental", "incr"].contains(words.first) ? Array(words.dropFirst()) : words
            guard rest.count == 2, !Self.duplicityActions.contains(rest[0]), !rest[0].contains("://"),
                  rest[1].contains("://"), !Self.has(arguments, ["--progress"]) else { return nil }
            self.init(name: "duplicity", reading: .sources([rest[0]], .placeInOrder))
        default:
            return nil
        }
    }

    init(name: String, reading: Reading) {
        self.name = name
        self.reading = reading
    }

    /// restic's options (global and `backup`'s) that take a value as the next argument.
    static let resticValues: Set = [
        "-r", "--repo", "--repository-file", "-p", "--password-file", "--password-command", "--cache-dir",
        "--cacert", "--tls-client-cert", "--key-hint", "--limit-upload", "--limit-download", "-o", "--option",
        "--pack-size", "-e", "--exclude", "--iexclude", "--exclude-file", "--iexclude-file", "--exclude-if-present",
        "--exclude-larger-than", "--files-from", "--files-from-verbatim", "--files-from-raw", "-H", "--host",
        "--parent", "--tag", "--time", "--stdin-filename",
    ]

    /// borg 1.2's options (common, `create`'s, `check`'s and `compact`'s) that take a value as the next argument.
    static let borgValues: Set = [
        "--lock-wait", "--umask", "--remote-path", "--upload-ratelimit", "--upload-buffer", "--debug-topic", "--rsh",
        "-e", "--exclude", "--exclude-from", "--pattern", "--patterns-from", "--exclude-if-present", "--comment",
        "--timestamp", "-c", "--checkpoint-interval", "--chunker-params", "-C", "--compression", "--files-cache",
        "--stdin-name", "--stdin-user", "--stdin-group", "--stdin-mode", "--paths-delimiter", "--max-duration", "-P",
        "--prefix", "-a", "--glob-archives", "--sort-by", "--first", "--last", "--threshold",
    ]

    /// duplicity's commands other than backing up, any of which may come with a URL and one other word.
    static let duplicityActions: Set = [
        "cleanup", "collection-status", "list-current-files", "remove-older-than", "remove-all-but-n-full",
        "remove-all-inc-of-but-n-full", "restore", "verify",
    ]

    /// duplicity 0.8's options that take a value as the next argument.
    static let duplicityValues: Set = [
        "--archive-dir", "--backend-retry-delay", "--encrypt-key", "--encrypt-secret-keyring", "--exclude",
        "--exclude-filelist", "--exclude-if-present", "--exclude-regexp", "--file-prefix", "--file-prefix-archive",
        "--file-prefix-manifest", "--file-prefix-signature", "--filter-globbing", "--full-if-older-than",
        "--gpg-binary", "--gpg-options", "--hidden-encrypt-key", "--include", "--include-filelist",
        "--include-regexp", "--log-fd", "--log-file", "--max-blocksize", "--name", "--num-retries",
        "--progress-rate", "--rename", "--sign-key", "--ssh-options", "--tempdir", "--timeout", "--volsize", "-t",
        "--time", "--restore-time", "-r", "--file-to-restore", "-v", "--verbosity", "--s3-region-name",
        "--s3-endpoint-url", "--ssl-cacert-file", "--ssl-cacert-path", "--par2-options", "--par2-redundancy",
    ]

    /// The arguments that are not options nor their values: the subcommand and its operands. `--` ends the options.
    static func operands(_ arguments: ArraySlice<String>, takingValues: Set<String>) -> [String] {
        operandIndices(arguments, takingValues: takingValues).map { arguments[$0] }
    }

    /// Where `operands` are in `arguments`.
    static func operandIndices(_ arguments: ArraySlice<String>, takingValues: Set<String>) -> [Int] {
        var words: [Int] = []
        var skipsNext = false, optionsEnded = false
        for (i, argument) in zip(arguments.indices, arguments) {
            if skipsNext {
                skipsNext = false
            } else if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                words.append(i)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                skipsNext = !argument.contains("=") && takingValues.contains(argument)
            } else {
                // `-r REPO`, or a cluster of flags whose last letter takes the next argument (`-vr REPO`); but
                // `-rREPO`, whose first letter takes a value, holds it.
                let first = "-" + String(argument.dropFirst().prefix(1)), last = "-" + String(argument.suffix(1))
                skipsNext = argument.count == 2 ? takingValues.contains(first)
                    : !takingValues.contains(first) && takingValues.contains(last)
            }
        }
        return words
    }

    /// Whether any of `options` is given (also as `--option=value`), or `shortLetter` in a cluster (`-sp`).
    static func has(_ arguments: ArraySlice<String>, _ options: [String], shortLetter: Character? = nil) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if options.contains(where: { argument == $0 || argument.hasPrefix($0 + "=") }) { return true }
            if let shortLetter, argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
               argument.dropFirst().allSatisfy(\.isLetter), argument.contains(shortLetter) {
                return true
            }
        }
        return false
    }
}
