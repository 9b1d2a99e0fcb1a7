import HUDRender
import HUDScene

/// The picture a notification's HUD shows as its custom view: the first of `Notification.pictures` that can be
/// shown. Names are looked up as yad's `--image` is (x11hud's own icons for the dialog names, then PNG or SVG icons of
/// the desktop's icon theme, what it inherits, hicolor and unthemed icons); what cannot be shown is a warning, and
/// the notification is shown without it. Pictures are kept at most `heldSide` pixels a side, scaled down when read.
enum NotificationPicture {
    /// The size icons are asked for: a bubble's picture (`HUDStyle.Bubble.iconSize`), a common icon size.
    static let iconSize = 48
    /// The largest side a picture is kept at: an icon's 48 points twice over (HiDPI), so that a waiting or shown
    /// notification holds what it is drawn at, not the 4096² image it was sent (64 MiB decoded).
    static let heldSide = 2 * iconSize

    /// `theme` is asked only when a name is looked up: a notification without an icon reads no settings file.
    static func resolve(_ n: Notification, icons: IconLookup, theme: @autoclosure () -> String?)
        -> (CustomIndicator?, warnings: [String])
    {
        var warnings: [String] = []
        for picture in n.pictures {
            do {
                switch picture {
                case .pixels(let image): return (.image(try ImageAsset(image, fitting: heldSide)), warnings)
                case .named(let name):
                    if let found = try named(name, icons: icons, theme: theme()) { return (found, warnings) }
                    warnings.append("no icon or image file '\(name)'")
                }
            } catch {
                warnings.append(error.description)
            }
        }
        return (nil, warnings)
    }

    private static func named(_ name: String, icons: IconLookup, theme: String?) throws(ImageLoadError)
        -> CustomIndicator?
    {
        let path = name.hasPrefix("file://") ? fileURIPath(name) : name
        switch icons.find(path, size: iconSize, theme: theme) {
        case .icon(let icon): return .icon(icon)
        case .file(let file): return .image(try ImageAsset.reading(file, fitting: heldSide))
        case nil: return nil
        }
    }

    /// `file:///home/me/a%20b.png` → `/home/me/a b.png` (a host other than none or localhost is not ours).
    static func fileURIPath(_ uri: String) -> String {
        var rest = uri.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let b = utf8.first {
            if b == UInt8(ascii: "%"), utf8.count >= 3,
               let v = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(b)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
