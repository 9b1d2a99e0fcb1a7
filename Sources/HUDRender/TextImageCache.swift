import Glibc
import HUDLoop
import HUDScene

/// Text blocks as Pango drew them in earlier runs, one small file each under a directory (`$XDG_CACHE_HOME/x11hud/
/// text`): what lets a HUD whose label was seen before lay out and draw it while fontconfig is still reading its
/// configuration (`TextEngine`). Pango draws the block again as soon as the fonts are ready, and a kept image that
/// differs from that drawing is replaced, so a stale file is seen for a frame or two at most, never longer.
///
/// Only the first few blocks of each run are kept (`keepLimit`): what a cold start draws first, not every
/// "12 MB of 400 MB" of a transfer; the directory holds at most `fileLimit` files, the oldest removed first.
public final class TextImageCache: @unchecked Sendable {
    /// Set by `TextStack.loadInBackground(keptTexts:)`, read by every `TextEngine` (on the main thread).
    nonisolated(unsafe) static var shared: TextImageCache?

    /// The directory's path.
    public let path: String
    /// Whose files are read: any other user's in the directory (put there, or left by a run as root) is a miss.
    private let owner: uid_t
    let keepLimit = 4
    let fileLimit = 64
    /// The largest file read or written. A label of the default text width (296 points) is 594 pixels wide at
    /// scale 2, and two lines of the largest font (512 points) about 2,400 pixels tall: 5.7 MB of pixels. Larger
    /// blocks (a wider bubble, scale 3 and up; the encoding allows 4096 × 4096, 64 MiB) are not kept: reading tens
    /// of megabytes would cost a start what waiting for the fonts does.
    static let sizeLimit = 8 << 20
    private var kept = 0
    /// What this run already read (nil: no file), so that a frame looks at the disk once per block.
    private var read: [String: TextImage?] = [:]
    /// Writes leave the main thread, one at a time for the whole process (a file is replaced by the newest image).
    private static let writes = BackgroundQueue("x11hud kept texts")
    /// Runs on the writing thread before each write (tests: holding a write back).
    var beforeWrite: (@Sendable () -> Void)?

    public convenience init(path: String) {
        self.init(path: path, owner: geteuid())
    }

    init(path: String, owner: uid_t) {
        self.path = path
        self.owner = owner
    }

    /// `$XDG_CACHE_HOME/x11hud/text`, or `~/.cache/x11hud/text` (the XDG base directory rule: a relative path is
    /// ignored); nil without either, when `X11HUD_KEEP_TEXT=0` turns keeping off, or when the directory is another
    /// user's than `euid`: the nearest that exists of it, the directories above it up to the cache directory, and
    /// `$HOME`. `sudo x11hud` keeps the invoking user's HOME with root's euid, and would read files that user can
    /// write and leave root's files in their home.
    public static func standardPath(environment: [String: String]) -> String? {
        standardPath(environment: environment, euid: geteuid(), owner: PrivateFile.owner(of:))
    }

    /// `standardPath(environment:)` for the effective user `euid`, with `owner` the owner of an existing path.
    static func standardPath(environment: [String: String], euid: uid_t, owner: (String) -> uid_t?) -> String? {
        if environment["X11HUD_KEEP_TEXT"] == "0" { return nil }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = xdg
        } else if let home {
            cache = home + "/.cache"
        } else {
            return nil
        }
        for candidate in [cache + "/x11hud/text", cache + "/x11hud", cache] + (home.map { [$0] } ?? []) {
            if let found = owner(candidate) { return found == euid ? cache + "/x11hud/text" : nil }
        }
        return cache + "/x11hud/text"
    }

    /// What identifies a drawing: the block and the scale (the colour is checked when drawing, not when measuring).
    /// The leading number changes when the same block comes to be drawn otherwise (2: lines limited across
    /// paragraphs), so that no earlier run's image stands in for it.
    static func key(_ block: TextBlock, scale: Double) -> String {
        "2|\(scale)|\(block.font.description)|\(block.maxWidth)|\(block.maxLines ?? -1)|\(block.maxHeight ?? -1)|"
            + "\(block.markup)|\(block.leading)|\(block.text)"
    }

    func image(for key: String) -> TextImage? {
        if let known = read[key] { return known }
        let bytes = PrivateFile.read(file(for: key), owner: owner, limit: Self.sizeLimit)
        let image = bytes.flatMap { TextImageFile.decode($0, key: key) }
        read[key] = image
        return image
    }

    /// Keeps `drawn` for `key` unless this run kept its share already or the same image is there. Called while
    /// drawing: the file is written on another thread, and this run knows the image at once.
    func keep(_ drawn: TextImage, for key: String) {
        guard kept < keepLimit, image(for: key) != drawn else { return }
        kept += 1
        read[key] = drawn
        let directory = path, file = file(for: key), fileLimit = fileLimit, beforeWrite = beforeWrite
        Self.writes.async {
            beforeWrite?()
            let data = TextImageFile.encode(drawn, key: key)
            // A cache that cannot be written (read-only home, full disk) only means the next start waits for fonts.
            guard data.count <= Self.sizeLimit, PrivateFile.makeDirectory(directory),
                  PrivateFile.replace(file, with: data)
            else { return }
            PrivateFile.prune(directory, keeping: fileLimit)
        }
    }

    /// Waits up to `seconds` for the files `keep` handed to the writing thread; whether they are written. At the
    /// exit: a HUD shown for a moment still leaves its label for the next start.
    @discardableResult public static func finishWrites(within seconds: Double) -> Bool {
        writes.wait(seconds: seconds)
    }

    /// Where `key`'s image is kept.
    func file(for key: String) -> String {
        // FNV-1a: a name, not a proof; the file holds its key, and a different key is a miss.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return path + "/" + String(hash, radix: 16)
    }
}
