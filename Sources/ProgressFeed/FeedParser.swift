import Glibc
import HUDBase
import HUDScene

/// Reads one line of the progress protocol:
///
/// - `45`, `45.5`, `45%`: progress in percent, as `zenity --progress` reads it;
/// - `#TEXT`: the label (zenity);
/// - `{"progress":0.45,"label":"Copying"}`: a JSON object, any subset of the keys of `JSONKey.all` (read by
///   `JSONLine`), progress as a fraction;
/// - the progress line of a tool x11hud knows (rsync, curl, pv, wget, dd, ffmpeg, restic, borg, rclone,
///   duplicity, apt, dpkg, xz, tar; see `ProgressFormats`): its percentage, byte counts and files, unless
///   `scanPercentages` is off; with a `total`, bytes or media time against it where the tool prints no percentage
///   (dd, pv without `-s`, ffmpeg, borg create, tar's checkpoints); the terminal's escape sequences a line holds
///   are taken away first;
/// - the JSON messages of restic `--json`, borg `--log-json` and rclone `--use-json-log` (`ToolJSON`); a JSON
///   object with none of x11hud's keys that no tool x11hud knows wrote is passed over quietly;
/// - any other line is not progress and is passed over quietly. Warnings are kept for lines that try to be
///   protocol and fail: a `{` line that is not valid JSON, a number out of range or not finite.
///
/// With `zenityRules` set, lines are read as `zenity --progress` or `yad --progress` read them instead.
public struct FeedParser: Sendable {
    public var scanPercentages: Bool
    /// Read lines as zenity or yad does, instead of x11hud's own protocol.
    public var zenityRules: ZenityLineRules?
    /// What the job adds up to when its lines do not say (`--total`).
    public var total: TransferTotal?

    public init(scanPercentages: Bool = true, zenityRules: ZenityLineRules? = nil, total: TransferTotal? = nil) {
        self.scanPercentages = scanPercentages
        self.zenityRules = zenityRules
        self.total = total
    }

    public func parse(_ line: UnsafeRawBufferPointer) -> FeedEvent {
        if let zenityRules { return zenityRules.parse(line) }
        let bytes = Self.trimmed(line)
        guard let first = bytes.first else { return .nothing }
        // A number first: a flood is numbers, and a number holds no escape sequence to look for.
        if let percent = Self.plainNumber(bytes) { return Self.progress(percent: percent) }
        if let text = TerminalEscapes.stripped(bytes) { return text.withUnsafeBytes { parse($0) } }
        // curl's `-#` bar ("######   45.6%") also starts with '#': a frame of it is progress however many '#'.
        if first == UInt8(ascii: "#"), let percent = Self.hashBar(bytes) { return Self.progress(percent: percent) }
        if first == UInt8(ascii: "#") {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
            return .update(FeedUpdate(label: text.trimmingWhitespace()))
        }
        if first == UInt8(ascii: "{") { return withTotal(Self.json(bytes)) }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes), as: UTF8.self)
        // Forms the fast path leaves to Double: "nan", "inf", "1e2", "-5", "+7".
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        if let value = Double(number) { return Self.progress(percent: value) }
        if scanPercentages, let scan = ProgressFormats.scan(Substring(text)) { return progress(scan) }
        return .nothing
    }

    /// A tool's line as an update: its percentage, else its bytes or media time against the total.
    func progress(_ scan: ProgressFormats.Scan) -> FeedEvent {
        var update = FeedUpdate(bytesDone: scan.bytesDone, bytesTotal: scan.bytesTotal ?? total?.bytes,
                                error: scan.error)
        if let all = scan.filesTotal { update.details = ProgressFormats.files(scan.filesDone ?? 0, of: all) }
        if let details = scan.details { update.details = details }
        if let percent = scan.percent {
            update.progress = percent / 100
        } else if let seconds = scan.mediaSeconds {
            guard let duration = total?.seconds else { return .nothing }
            update.progress = min(seconds / duration, 1)
        } else if let done = scan.bytesDone, let all = update.bytesTotal {
            update.progress = min(Double(done) / Double(all), 1)
        }
        return update == FeedUpdate() ? .nothing : .update(update)
    }

    /// A JSON line that gives bytes and no progress: the fraction from the bytes, against `total_bytes` or --total.
    func withTotal(_ event: FeedEvent) -> FeedEvent {
        func filled(_ u: FeedUpdate) -> FeedUpdate {
            guard u.progress == nil, let done = u.bytesDone, let all = u.bytesTotal ?? total?.bytes, all > 0 else {
                return u
            }
            var u = u
            u.progress = min(Double(done) / Double(all), 1)
            return u
        }
        switch event {
        case .update(let u): return .update(filled(u))
        case .partial(let u, let w): return .partial(filled(u), warning: w)
        default: return event
        }
    }

    /// The figures of a tool's progress line that has not been ended yet (`LineSplitter.withUnfinishedLine`): only
    /// the shapes `ProgressFormats` knows, which a cut-off line does not match, never a number, `#`, JSON or a
    /// warning, which could be half a line. Parsing the line again once it ends gives the same update.
    public func parseUnfinished(_ line: UnsafeRawBufferPointer) -> FeedUpdate? {
        guard zenityRules == nil, scanPercentages else { return nil }
        let bytes = Self.trimmed(line)
        if let text = TerminalEscapes.stripped(bytes) { return text.withUnsafeBytes { parseUnfinished($0) } }
        guard let first = bytes.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "#") else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes), as: UTF8.self)
        guard let scan = ProgressFormats.scan(Substring(text)), !scan.endsOnItsFigure,
              case .update(let update) = progress(scan) else {
            return nil
        }
        return update
    }

    /// A percentage in 0...100 as a fraction; out-of-range values are clamped, non-finite ones ignored.
    static func progress(percent: Double) -> FeedEvent {
        guard percent.isFinite else { return .warning("ignored progress '\(percent)': not a finite number") }
        let clamped = min(max(percent, 0), 100)
        let update = FeedUpdate(progress: clamped / 100)
        if clamped != percent {
            let warning = "progress \(Self.format(percent)) is outside 0…100; using \(Self.format(clamped))"
            return .partial(update, warning: warning)
        }
        return .update(update)
    }

    // MARK: Numbers

    /// `123`, `12.5`, `45%`: parsed straight from the bytes, the path a flood of numbers takes.
    static func plainNumber(_ b: Slice<UnsafeRawBufferPointer>) -> Double? {
        var end = b.endIndex
        if b[end - 1] == UInt8(ascii: "%") { end -= 1 }
        guard end > b.startIndex, end - b.startIndex <= 24 else { return nil }
        let number = leadingDecimal(b[b.startIndex..<end])
        return number.digits > 0 && number.end == end ? number.value : nil
    }

    /// The decimal number `bytes` start with (digits, at most one `.`; with `commas`, `,` between digits is
    /// skipped, as in rsync's `1,234,567`), how many digits it has, and where it stops.
    @inline(__always)
    static func leadingDecimal<C: Collection<UInt8>>(_ bytes: C, commas: Bool = false)
        -> (value: Double, digits: Int, end: C.Index) {
        var value = 0.0, scale = 1.0, seenDot = false, digits = 0
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c >= 0x30 && c <= 0x39 {
                digits += 1
                if seenDot {
                    scale /= 10
                    value += Double(c - 0x30) * scale
                } else {
                    value = value * 10 + Double(c - 0x30)
                }
            } else if c == UInt8(ascii: "."), !seenDot, digits > 0 || !commas {
                seenDot = true
            } else if !commas || c != UInt8(ascii: ",") || digits == 0 {
                break
            }
            i = bytes.index(after: i)
        }
        return (value, digits, i)
    }

    /// curl's `-#` frame: '#'s, blanks, then a percentage and nothing else. curl pads the bar to its width and
    /// prints the percentage as `%5.1f%%`, so between 1.4 % and 2.8 % a frame has a single '#' followed by some 70
    /// blanks: one '#' is a frame when the bar is that of a meter (`minimumSingleHashWidth` columns or more before
    /// the figure, one decimal), so that a zenity label such as `# 45%` stays a label.
    static func hashBar(_ b: Slice<UnsafeRawBufferPointer>) -> Double? {
        var i = b.startIndex
        while i < b.endIndex, b[i] == UInt8(ascii: "#") { i += 1 }
        let hashes = i - b.startIndex
        guard hashes >= 1, b.last == UInt8(ascii: "%") else { return nil }
        while i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        guard i < b.endIndex else { return nil }
        if hashes == 1 {
            let figure = b[i..<(b.endIndex - 1)]
            guard i - b.startIndex >= minimumSingleHashWidth, figure.count >= 3,
                figure[figure.endIndex - 2] == UInt8(ascii: ".")
            else { return nil }
        }
        return plainNumber(b[i..<b.endIndex])
    }

    /// The columns a one-'#' curl frame has before its figure: curl's bar is at least 20 wide (its narrowest
    /// terminal), where a label is a word or two.
    static let minimumSingleHashWidth = 16

    // MARK: JSON

    static func json(_ bytes: Slice<UnsafeRawBufferPointer>) -> FeedEvent {
        guard let value = try? JSONReader.parse(bytes), let object = try? JSONReader.decode(JSONLine.self, from: value)
        else {
            return .warning("ignored malformed JSON \(quote(String(decoding: bytes, as: UTF8.self)))")
        }
        if let tool = object.tool { return tool.read(value).map { .update($0) } ?? .nothing }
        if object.problems.isEmpty { return .update(object.update) }
        // None of x11hud's keys and no tool's shape: another program's JSON, passed over as any other line.
        if object.ownKeys == 0 { return .nothing }
        if object.update == FeedUpdate() { return .warning("ignored JSON: " + object.problems.joined(separator: "; ")) }
        return .partial(object.update, warning: object.problems.joined(separator: "; "))
    }

    // MARK: Text

    static func trimmed(_ line: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer> {
        var s = line.startIndex, e = line.endIndex
        func space(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C || c == 0x00 }
        while s < e, space(line[s]) { s += 1 }
        while e > s, space(line[e - 1]) { e -= 1 }
        return line[s..<e]
    }

    /// A short, printable excerpt of the input for a warning: binary garbage must not reach the terminal.
    static func quote(_ text: String) -> String {
        var excerpt = ""
        excerpt.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(40))
        return "'" + TerminalText.clean(excerpt) + (text.unicodeScalars.count > 40 ? "…'" : "'")
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
