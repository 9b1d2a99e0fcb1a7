import HUDBase
import HUDScene
import ProgressFeed

/// What the README, `--help` and the man page say in the same words, written once: the input protocol (the
/// synopsis is `Subcommand.synopsis`). The man page takes them from the binary (`--print-synopsis`,
/// `--print-input-protocol`, read by packaging/man.py), and the tests hold the README's table and paragraphs to them.
package enum Documentation {
    /// The input protocol, one row per kind of line: the line, and what it does (Markdown, as the README's table).
    /// The JSON keys' rows come from `JSONKey.all`, their example lines from the writer that forwards updates.
    package static let inputLines: [(line: String, meaning: String)] = [
        ("`45`, `45.5`, `45%`", "progress in percent, as `zenity --progress` reads it"),
        ("`#TEXT`", "set the label (zenity)"),
        ("`\(jsonExample)`",
         "a JSON object: any subset of the keys below; a key that is wrong gets a warning, and the others still apply"),
    ] + JSONKey.all.map { key in
        let aliases = key.aliases.map { "`\"\($0)\"`" }.joined(separator: ", ")
        return ("`\(key.example)`", key.meaning + (aliases.isEmpty ? "" : " (also \(aliases))") + ": " + key.rule)
    } + [
        ("the progress line of rsync, curl, pv, wget, dd, ffmpeg, restic, borg, rclone, duplicity, apt "
         + "(`APT::Status-Fd`, or its download line in a terminal), dpkg (`Progress: [ 45%]`), xz, 7-Zip or tar "
         + "(`--checkpoint`)",
         "its percentage, byte counts and files done of files in all; `--no-scan`, `--pulsate` or "
         + "`--mode indeterminate` turn this off"),
        ("a JSON message of `restic --json`, `borg --log-json` or `rclone --use-json-log`",
         "its fraction, byte counts and files done of files in all; its other messages are passed over"),
        ("anything else", "nothing, and no warning: a log line, or another program's JSON, is not an error"),
    ]

    /// The JSON line of the table's first JSON row, as the writer writes it.
    private static var jsonExample: String {
        var inbox = FeedInbox()
        inbox.progress = 0.45
        inbox.label = "Copying"
        inbox.hideAfter = 1.5
        return inbox.jsonLine
    }

    /// How the input ends and what the HUD does with a pipe it has not finished (Markdown, one paragraph).
    package static let endOfInput = """
        The end of the input hides the HUD (after `--min-show`) and x11hud exits \(ExitStatus.done.label). **A HUD \
        never kills its producer:** whenever the HUD hides before its input has ended (`--auto-close`, a `hide` line, \
        `--hide-after`, the button), x11hud reads and drops the rest of the input and exits only at its end, with the \
        status the hide implied, so the program writing into the pipe (an `apt-get install`, say) is never killed by \
        SIGPIPE. Only `--auto-kill` on Cancel, the button of the zenity and yad drop-in (which ends at once, as \
        theirs does: [zenity and yad](zenity-yad.md)) or a signal ends it on purpose. A HUD that has read nothing at \
        all when it hides exits as soon as it has hidden: an idle pipe, as ssh or a launcher gives, is no producer's. \
        (A shell pipeline such as `sleep 8 | x11hud …` still lasts until `sleep` ends, since the shell waits for \
        both; x11hud itself has gone.)
        """

    /// `--print-input-protocol`: the rows as `line<TAB>meaning`, then the paragraph after an empty line.
    package static var inputProtocolDump: String {
        inputLines.map { $0.line + "\t" + $0.meaning }.joined(separator: "\n") + "\n\n" + endOfInput + "\n"
    }
}
