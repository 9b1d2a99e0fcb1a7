/// A decoded image for `.custom` mode: premultiplied ARGB32 pixels (cairo's image format), immutable once made.
///
/// Decoding a file is the renderer's business (`HUDRender` reads PNG files); the model keeps the pixels, their size
/// and where they came from, so that content, layout and snapshots need no image library.
public final class ImageAsset: Hashable, @unchecked Sendable {
    // @unchecked: the pixels are written once, before init, and only read afterwards.
    /// The file it was read from.
    public let path: String
    /// Natural size in pixels.
    public let pixelSize: Size
    /// Bytes from one row to the next.
    public let stride: Int
    private let pixels: UnsafeRawPointer
    private let release: () -> Void

    /// Takes `pixels` (`height` rows of `stride` bytes), which stay valid until `release` is called when the asset
    /// goes away.
    package init(path: String, width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer,
                 release: @escaping () -> Void) {
        self.path = path
        self.pixelSize = Size(width: Double(width), height: Double(height))
        self.stride = stride
        self.pixels = pixels
        self.release = release
    }

    deinit { release() }

    /// The rows of premultiplied ARGB32 pixels.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: stride * Int(pixelSize.height)))
    }

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

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
