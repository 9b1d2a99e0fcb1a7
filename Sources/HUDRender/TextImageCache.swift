import FoundationEssentials
import Glibc
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
    private let directory: URL
    let keepLimit = 4
    let fileLimit = 64
    private var kept = 0
    /// What this run already read (nil: no file), so that a frame looks at the disk once per block.
    private var read: [String: TextImage?] = [:]

    public init(path: String) {
        self.path = path
        directory = URL(fileURLWithPath: path)
    }

    /// `$XDG_CACHE_HOME/x11hud/text`, or `~/.cache/x11hud/text` (the XDG base directory rule: a relative path is
    /// ignored); nil without either, or when `X11HUD_KEEP_TEXT=0` turns keeping off.
    public static func standardPath(environment: [String: String]) -> String? {
        if environment["X11HUD_KEEP_TEXT"] == "0" { return nil }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/x11hud/text" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/x11hud/text"
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
        let image = (try? Data(contentsOf: file(for: key))).flatMap { TextImageFile.decode($0, key: key) }
        read[key] = image
        return image
    }

    /// Keeps `drawn` for `key` unless this run kept its share already or the same image is there.
    func keep(_ drawn: TextImage, for key: String) {
        guard kept < keepLimit, image(for: key) != drawn else { return }
        kept += 1
        read[key] = drawn
        let fm = FileManager.default
        let url = file(for: key)
        let temporary = url.appendingPathExtension("\(getpid())")
        // A cache that cannot be written (read-only home, full disk) only means the next start waits for fonts.
        // The user's own: labels may name their files.
        guard (try? fm.createDirectory(at: directory, withIntermediateDirectories: true,
                                       attributes: [.posixPermissions: 0o700])) != nil,
              fm.createFile(atPath: temporary.path, contents: TextImageFile.encode(drawn, key: key),
                            attributes: [.posixPermissions: 0o600]),
              rename(temporary.path, url.path) == 0
        else { try? fm.removeItem(at: temporary); return }
        prune()
    }

    private func file(for key: String) -> URL {
        // FNV-1a: a name, not a proof; the file holds its key, and a different key is a miss.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return directory.appendingPathComponent(String(hash, radix: 16))
    }

    private func prune() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: path), names.count > fileLimit else { return }
        let dated = names.map { name in
            (name, (try? fm.attributesOfItem(atPath: path + "/" + name))?[.modificationDate] as? Date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - fileLimit) {
            try? fm.removeItem(atPath: path + "/" + name)
        }
    }
}
