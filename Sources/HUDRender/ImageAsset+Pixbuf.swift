internal import CPixbufLoader
import Glibc
import HUDScene

/// Pictures other than PNG and SVG (JPEG above all: photos and avatars in notifications), decoded by gdk-pixbuf
/// at the size they are kept at, so that a photo costs what it is drawn at, not what the camera took.
extension ImageAsset {
    /// Decodes the picture at `source` (named `path` in messages; `kind` is what its first bytes say it is, for
    /// them) to fit a `side`-pixel square (never enlarged). A picture larger than `maxSide` a side is refused
    /// unread, except a JPEG, which is accepted up to four times that: libjpeg decodes it at an eighth of its size
    /// or less when a small one is asked for.
    convenience init(pixbufAt source: String, named path: String, looksLike kind: String?, maxSide: Int,
                     fitting side: Int) throws(ImageLoadError)
    {
        var width: Int32 = 0, height: Int32 = 0
        var format: UnsafePointer<CChar>?
        if let failure = hud_pixbuf_info(source, &width, &height, &format) {
            let reason = String(cString: failure)
            // gdk-pixbuf knows no format for a damaged header: said from the first bytes when they say something.
            guard let kind, reason.hasPrefix("not a picture") else { throw ImageLoadError(path: path, reason: reason) }
            throw ImageLoadError(path: path, reason: "a damaged or truncated \(kind) picture")
        }
        let name = format.map { String(cString: $0) } ?? "picture"
        let limit = name == "jpeg" ? 4 * maxSide : maxSide
        guard width <= limit, height <= limit else {
            throw ImageLoadError(path: path, reason: "\(width)×\(height) pixels is larger than the limit of "
                + "\(limit)×\(limit) for a \(name) picture (scale it down first)")
        }
        let f = min(1, Double(max(1, side)) / Double(max(width, height)))
        let w = max(1, Int((Double(width) * f).rounded())), h = max(1, Int((Double(height) * f).rounded()))
        var pixels: UnsafeMutablePointer<UInt8>?
        if let failure = hud_pixbuf_load(source, Int32(w), Int32(h), &pixels) {
            throw ImageLoadError(path: path, reason: String(cString: failure))
        }
        self.init(path: path, width: w, height: h, stride: w * 4, pixels: UnsafeRawPointer(pixels!),
                  release: { free(pixels) })
    }
}
