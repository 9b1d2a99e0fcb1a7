internal import CCairo

/// A block of premultiplied ARGB32 pixels (cairo's image format, which is also a depth-32 X image on a
/// little-endian machine) that the renderer draws into.
public final class Canvas {
    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// The largest side accepted, to keep a typo in `--size` from allocating gigabytes.
    public static let maxSide = 16384

    public init(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
            throw CanvasError(reason: "a canvas of \(width)×\(height) pixels is outside 1...\(Self.maxSide)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw CanvasError(reason: "cairo could not allocate \(width)×\(height) pixels") }
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The raw premultiplied ARGB32 rows, for blitting.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// The colour of one pixel with alpha un-premultiplied, or clear outside the canvas.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let v = withUnsafeBytes { $0.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        let a = Double(v >> 24 & 0xff) / 255
        guard a > 0 else { return .clear }
        func c(_ shift: UInt32) -> Double { min(1, Double(v >> shift & 0xff) / 255 / a) }
        return RGBA(red: c(16), green: c(8), blue: c(0), alpha: a)
    }

    /// Fills every pixel with transparent black.
    public func clear() {
        let cr = cairo_create(surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    /// Writes the pixels as a PNG file with an alpha channel.
    public func writePNG(to path: String) throws(CanvasError) {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError(reason: "cannot write '\(path)': \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Reads a PNG file into a new canvas (for comparing frames in tests and tools).
    public static func readPNG(from path: String) throws(CanvasError) -> Canvas {
        let image: ImageAsset
        do { image = try ImageAsset(contentsOf: path) } catch { throw CanvasError(reason: error.description) }
        let canvas = try Canvas(width: Int(image.pixelSize.width), height: Int(image.pixelSize.height))
        let cr = cairo_create(canvas.surface)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return canvas
    }
}

/// A canvas could not be made or saved.
public struct CanvasError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
