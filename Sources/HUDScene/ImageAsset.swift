internal import CCairo
import Glibc

/// A decoded PNG image for `.custom` mode. Immutable once loaded.
public final class ImageAsset: Hashable, @unchecked Sendable {
    // @unchecked: the cairo surface is written once, in init, and only read (as a paint source) afterwards;
    // cairo's reference counting is atomic.
    let surface: OpaquePointer
    /// The file it was read from.
    public let path: String
    /// Natural size in pixels.
    public let pixelSize: Size

    /// Reads a PNG file.
    public init(contentsOf path: String) throws(ImageLoadError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            throw ImageLoadError(path: path, reason: "no such file")
        }
        guard access(path, R_OK) == 0 else {
            throw ImageLoadError(path: path, reason: "the file is not readable")
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw ImageLoadError(path: path, reason: "out of memory")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: status == CAIRO_STATUS_NO_MEMORY ? "out of memory" : "not a PNG image")
        }
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        guard w > 0, h > 0 else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: "the image is empty")
        }
        self.surface = surface
        self.path = path
        self.pixelSize = Size(width: Double(w), height: Double(h))
    }

    deinit { cairo_surface_destroy(surface) }

    /// The size it is shown at: scaled, keeping its aspect, to fit a `box`-point square (MBProgressHUD's custom
    /// views are "approximately 37 by 37").
    public func displaySize(fitting box: Double = 37) -> Size {
        let f = box / max(pixelSize.width, pixelSize.height)
        return Size(width: (pixelSize.width * f).rounded(), height: (pixelSize.height * f).rounded())
    }

    public static func == (a: ImageAsset, b: ImageAsset) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An image file could not be used.
public struct ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot use image '\(path)': \(reason)" }
}
