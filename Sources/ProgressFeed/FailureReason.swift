import Glibc
import HUDBase
import HUDScene

/// Why a command failed, in its own words, found in its stderr as it streams by: what a failed `x11hud run` shows.
///
/// The last line alone often says nothing: restic ends a missing repository with its path, rclone puts a timestamp
/// first, and a JSON log's last object is a summary. So the reason is, in this order:
/// 1. the first error a tool's JSON log reports: restic `--json` (`message_type` `error` or `exit_error`), borg
///    `--log-json` (`levelname` ERROR or CRITICAL), rclone `--use-json-log` (`level` error), or any object with an
///    error level or a string `error`; its `error`, `message` or `msg` text;
/// 2. else the first line that looks like an error (`Fatal:`, `ERROR`, `error:`, `E:`, `CRITICAL`), without its
///    level word, or names a cause: rsync's own lines (`rsync: [sender] change_dir "/src" failed: …`, `rsync:
///    [Receiver] mkdir "/dst" failed: …`) without `rsync:` and the role, restic's `unable to …` (`unable to create
///    lock in backend: repository is already locked exclusively by PID …`, with no `Fatal:`);
/// 3. else a summary that only points at the causes (`rsync error: … (see previous errors) (code 23)`);
/// 4. else the last non-empty line; when it is Python's `EOFError` after a prompt that a traceback followed on the
///    same line (duplicity's `GnuPG passphrase for decryption: Traceback …` with no `PASSPHRASE` and no terminal),
///    the prompt left unanswered;
/// each without terminal escapes, control characters, a leading timestamp or a log level word, and without what a
/// line redrawn in place left before it: a progress line and the `^C` a terminal echoed after it
/// (`2,129,920   6%    2.00MB/s    0:00:15  ^Crsync error: …`, rsync's generator writing on without a newline).
/// rsync's `received SIGUSR1 (code 19)` is never the reason: its parent sends that signal to stop its other half.
///
/// It also notes whether the stream says the command got an interrupt (`interrupted`).
///
/// Memory is bounded: five short strings and the line being read.
public struct FailureReason: Sendable {
    /// A line is kept up to this many bytes; the rest of a longer one is dropped.
    public static let maxLineBytes = 4096
    /// The reason is cut to this many characters (with an ellipsis).
    public static let maxCharacters = 160

    private var current: [UInt8] = []
    private var toolError: String?
    private var errorLine: String?
    private var summaryLine: String?
    /// A prompt a traceback followed: the question the program could not ask.
    private var prompt: String?
    private var lastLine: String?
    /// The last line when it was passed over unread (plain text after no error mark): read only if it is needed.
    private var lastUnread: [UInt8]?
    /// A line said the command got an interrupt.
    private var saidInterrupted = false

    public init() {}

    /// Reads more of the stream. Lines end at `\n` or `\r` (a line redrawn with `\r` leaves its last state).
    ///
    /// In a terminal of its own everything a command writes comes this way, so the ends of lines are found with
    /// `memchr` and the text copied in runs, not byte by byte (a debug build passing 200 MB of zeros through
    /// `run --pty`: 22.6 s byte by byte, 5.7 s so; 4.2 s through pipes, where only stderr comes here).
    public mutating func push(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = base + bytes.count
        var start = base
        // The next `\n` and `\r` at or after `start`, or `end`; each looked for again only once passed.
        var newline = Self.find(UInt8(ascii: "\n"), from: base, to: end)
        var carriage = Self.find(UInt8(ascii: "\r"), from: base, to: end)
        while start < end {
            if newline < start { newline = Self.find(UInt8(ascii: "\n"), from: start, to: end) }
            if carriage < start { carriage = Self.find(UInt8(ascii: "\r"), from: start, to: end) }
            let stop = min(newline, carriage)
            let room = Self.maxLineBytes - current.count
            if room > 0 {
                current.append(contentsOf: UnsafeRawBufferPointer(start: start, count: min(stop - start, room)))
            }
            guard stop < end else { return }
            endLine()
            start = stop + 1
        }
    }

    private static func find(_ byte: UInt8, from start: UnsafeRawPointer, to end: UnsafeRawPointer)
        -> UnsafeRawPointer {
        memchr(start, Int32(byte), end - start).map { UnsafeRawPointer($0) } ?? end
    }

    /// The reason as the HUD shows it, cut to `maxCharacters`; nil when the stream had no text at all.
    public var text: String? {
        var copy = self
        copy.endLine()
        if copy.toolError == nil, copy.errorLine == nil, let unread = copy.lastUnread {
            copy.lastUnread = nil
            copy.take(unread)
        }
        return (copy.toolError ?? copy.errorLine ?? copy.summaryLine ?? copy.unanswered ?? copy.lastLine).map(Self.cut)
    }

    /// Whether the command said it got an interrupt (SIGINT, Ctrl-C), in the words of the tools that catch it and
    /// end with a status of their own: rsync's `received SIGINT, SIGTERM, or SIGHUP (code 20)`, borg's `Got Ctrl-C
    /// / SIGINT.` (status 2) and `Keyboard interrupt`, restic's `signal interrupt received`, duplicity's `INT
    /// intercepted` (with `-v info`, on stdout, which is read only in a terminal of its own; it says nothing
    /// otherwise and exits 4, a status it also uses for other ends).
    public var interrupted: Bool {
        saidInterrupted || current.withUnsafeBytes(Self.saysInterrupted)
    }

    /// The words of `interrupted`, found wherever they are in a line (as bytes: every line passes here).
    private static let interruptWords = ["SIGINT", "interrupt received", "Keyboard interrupt", "INT intercepted"]
        .map { Array($0.utf8) }

    private static func saysInterrupted(_ line: UnsafeRawBufferPointer) -> Bool {
        // Every word has an `I` or a `p`, which most lines (numbers, progress) have not: two quick looks first
        // (`seq 1 1000000` through `run --pty`, debug build: 1.4 s of CPU with the words looked for in every line,
        // 1.1 s so, 1.0 s before there were words to look for).
        guard let base = line.baseAddress, memchr(base, Int32(UInt8(ascii: "I")), line.count) != nil
                || memchr(base, Int32(UInt8(ascii: "p")), line.count) != nil else { return false }
        return interruptWords.contains { contains(line, $0) }
    }

    /// Whether `word` is in `line`: each place its first byte is found with `memchr`, then the rest compared.
    private static func contains(_ line: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
        guard let base = line.baseAddress, line.count >= word.count else { return false }
        let last = base + (line.count - word.count)
        var from = base
        while from <= last, let found = memchr(from, Int32(word[0]), last - from + 1) {
            if word.withUnsafeBytes({ memcmp(found, $0.baseAddress!, word.count) }) == 0 { return true }
            from = UnsafeRawPointer(found) + 1
        }
        return false
    }

    /// The prompt a program raised `EOFError` at, the last line being that error: what it asked and found no one
    /// to answer.
    private var unanswered: String? {
        guard let prompt, lastLine == "EOFError" else { return nil }
        let question = prompt.hasSuffix(":") ? String(prompt.dropLast()) : prompt
        return "\(question): no answer, its input ended (EOFError)"
    }

    private mutating func endLine() {
        defer { current.removeAll(keepingCapacity: true) }
        // Most lines of a command's output are plain text that no rule could take for an error (in a terminal of
        // its own all of it comes here: `seq 1 1000000` through `run --pty`, debug build, 24.7 s with every line
        // read, 1.8 s so, 0.7 s through pipes): such a line is only kept, to be read if it turns out to be the
        // last. Blank ones are not even kept.
        guard let first = current.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        if !saidInterrupted, current.withUnsafeBytes(Self.saysInterrupted) { saidInterrupted = true }
        // Every error mark has a colon or a bracket (`Fatal:`, `ERROR :`, `E:`, `error:`, `[error]`); escapes may hide
        // what a line shows.
        let marks = [UInt8(ascii: ":"), UInt8(ascii: "["), 0x1B]
        let marked = current.withUnsafeBytes { raw in
            marks.contains { memchr(raw.baseAddress!, Int32($0), raw.count) != nil }
        }
        guard first == UInt8(ascii: "{") || marked && toolError == nil && errorLine == nil else {
            lastUnread = current
            return
        }
        take(current)
    }

    /// Reads one line and keeps what it says.
    private mutating func take(_ line: [UInt8]) {
        switch Self.read(line: line) {
        case .toolError(let text): if toolError == nil { toolError = text }
        case .error(let text): if errorLine == nil { errorLine = text }
        case .summary(let text): if summaryLine == nil { summaryLine = text }
        case .prompt(let text): prompt = text
        case .text(let text):
            lastLine = text
            lastUnread = nil
        case nil: break
        }
    }

    /// What one line says.
    enum Line: Equatable {
        /// An error a tool's JSON log reports.
        case toolError(String)
        /// A line that looks like an error, without its level word.
        case error(String)
        /// A summary that points at errors said before (`rsync error: … (see previous errors) (code 23)`).
        case summary(String)
        /// A prompt that a Python traceback followed on its line: the program asked and the input had ended.
        case prompt(String)
        /// Any other text, without a timestamp and a level word.
        case text(String)
    }

    /// What one line of stderr says; nil for a blank line or a JSON object with no message.
    static func read(line bytes: [UInt8]) -> Line? {
        let cleaned = unglued(clean(bytes))
        if cleaned.first == "{", cleaned.last == "}" {
            guard let message = try? JSONReader.decode(LogObject.self, from: cleaned.utf8) else {
                return .text(cleaned)
            }
            if let error = message.error { return .toolError(error) }
            return message.text.map { .text(firstLine($0)) }
        }
        let (level, rest) = withoutLogPrefix(cleaned)
        guard !rest.isEmpty, !rest.hasPrefix("rsync error: received SIGUSR1") else { return nil }
        if let level, errorLevels.contains(level.uppercased()) { return .error(rest) }
        if let cause = cause(rest) { return cause }
        if rest.hasPrefix("E: ") { return .error(String(rest.dropFirst(3)).trimmingWhitespace()) }
        if rest.contains("error:") || rest.contains("Error:") { return .error(rest) }
        return .text(rest)
    }

    /// What a tool's own cause and summary lines say, and a prompt a traceback cut short; nil for other lines.
    private static func cause(_ line: String) -> Line? {
        if line.hasPrefix("rsync error: ") { return .summary(line) }
        if line.hasPrefix("rsync: ") {
            // `rsync: [sender] change_dir "/src" failed: No such file or directory (2)`: the role goes too.
            var rest = line.dropFirst("rsync: ".count)
            if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            }
            return rest.isEmpty ? nil : .error(String(rest))
        }
        if line.hasPrefix("unable to ") { return .error(line) }
        for traceback in ["Traceback (most recent call last):", "Traceback (innermost last):"] {
            if let range = line.firstRange(of: traceback), range.lowerBound > line.startIndex {
                return .prompt(String(line[..<range.lowerBound]).trimmingWhitespace())
            }
        }
        return nil
    }

    /// The level words that mark an error, in JSON logs and before a line's text.
    static let errorLevels: Set<String> = ["ERROR", "CRITICAL", "FATAL", "ERR", "CRIT", "EMERG", "ALERT"]
    /// The level words a log line may start with.
    private static let levels = errorLevels.union(["WARNING", "WARN", "NOTICE", "INFO", "DEBUG"])

    /// The line without leading timestamps (`2026/11/26 16:36:29`, `2026-11-26T16:36:29.3+00:00`, `[12:00:01]`)
    /// and a log level word (`ERROR :`, `Fatal:`, `[error]`, `error:`), and that word.
    static func withoutLogPrefix(_ line: String) -> (level: String?, rest: String) {
        var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
        while let first = words.first, isTimestamp(first) { words = words.dropFirst() }
        while words.first == "" { words = words.dropFirst() }
        guard let first = words.first else { return (nil, "") }
        let word = String(first.filter { !"[]:".contains($0) })
        // `ERROR`, `Fatal:`, `[error]`; not the word in `Error opening the file`.
        guard levels.contains(word.uppercased()), word == word.uppercased() || first.hasSuffix(":")
                || first.hasPrefix("[") else {
            return (nil, words.joined(separator: " "))
        }
        // `ERROR : text` (rclone), `Fatal: text` (restic), `error: text`.
        let rest = words.dropFirst().joined(separator: " ").drop { $0 == " " || $0 == ":" }
        return (word, String(rest).trimmingWhitespace())
    }

    /// A date or a time: digits with `-`, `/` or `:` between them (and `.`, `,`, `T`, `+`, `Z`), perhaps in
    /// brackets.
    private static func isTimestamp(_ word: Substring) -> Bool {
        let core = word.filter { $0 != "[" && $0 != "]" }
        let digits = core.filter { ("0"..."9").contains($0) }.count
        return core.count >= 5 && digits >= 4 && core.contains { "-/:".contains($0) }
            && core.allSatisfy { ("0"..."9").contains($0) || "-/:.,T+Z".contains($0) }
    }

    /// The text without escape sequences and control characters (a tab reads as a space), trimmed.
    static func clean(_ bytes: [UInt8]) -> String {
        let text = bytes.withUnsafeBytes { raw in TerminalEscapes.stripped(raw[...]) } ?? bytes
        let kept = text.map { $0 == 0x09 ? 0x20 : $0 }.filter { $0 >= 0x20 && $0 != 0x7F }
        return String(decoding: kept, as: UTF8.self).trimmingWhitespace()
    }

    /// The line without what a line redrawn in place left before it on the terminal: up to the `^C` or `^\` the
    /// terminal echoed when it was typed, and a progress line (with its `%`) before rsync's own message.
    static func unglued(_ line: String) -> String {
        var line = Substring(line)
        if let echo = (line.ranges(of: "^C") + line.ranges(of: "^\\")).max(by: { $0.upperBound < $1.upperBound }) {
            line = line[echo.upperBound...]
        }
        if !line.hasPrefix("rsync"), let own = line.firstRange(of: "rsync error: ") ?? line.firstRange(of: "rsync: "),
           line[..<own.lowerBound].contains("%") {
            line = line[own.lowerBound...]
        }
        return String(line).trimmingWhitespace()
    }

    private static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingWhitespace() } ?? ""
    }

    private static func cut(_ text: String) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters - 1)) + "…"
    }

    /// The fields of a JSON log object that say whether it is an error and what it says.
    private struct LogObject: Decodable {
        var messageType: String?
        var level: String?
        var levelname: String?
        var message: String?
        var msg: String?
        var errorField: ErrorField?

        enum CodingKeys: String, CodingKey {
            case messageType = "message_type"
            case level, levelname, message, msg
            case errorField = "error"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            func string(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
            messageType = string(.messageType)
            level = string(.level)
            levelname = string(.levelname)
            message = string(.message)
            msg = string(.msg)
            errorField = (try? c.decodeIfPresent(ErrorField.self, forKey: .errorField)) ?? nil
        }

        /// Its message, whatever its level.
        var text: String? { [message, msg].compactMap { $0 }.first { !$0.isEmpty } }

        /// The error it reports, or nil when it reports none.
        var error: String? {
            let levels = [level, levelname].compactMap { $0?.uppercased() }
            let levelSays = levels.contains { FailureReason.errorLevels.contains($0) }
            let isError = levelSays || messageType == "error" || messageType == "exit_error"
                || errorField?.text != nil
            guard isError else { return nil }
            return [errorField?.text, text].compactMap { $0 }.map(FailureReason.firstLine).first { !$0.isEmpty }
        }
    }

    /// An `error` field: a string, or an object with a `message`, or restic 0.14's Go error (`Op`, `Path`, `Err`:
    /// an errno), shown as Go prints it: `read /proc/self/mem: Input/output error`.
    private struct ErrorField: Decodable {
        var text: String?

        enum CodingKeys: String, CodingKey {
            case message
            case op = "Op"
            case path = "Path"
            case err = "Err"
        }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.text = text.isEmpty ? nil : text
                return
            }
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let message = try? c.decode(String.self, forKey: .message), !message.isEmpty {
                text = message
            } else if let op = try? c.decode(String.self, forKey: .op), let path = try? c.decode(String.self,
                                                                                                 forKey: .path) {
                let errno = (try? c.decode(Int32.self, forKey: .err)).map { String(cString: strerror($0)) }
                text = "\(op) \(path)" + (errno.map { ": " + $0 } ?? "")
            }
        }
    }
}
