import HUDBase
internal import CCairo
public import HUDScene
import Glibc

/// A block of premultiplied ARGB32 pixels (cairo's image format, which is also a depth-32 X image on a
/// little-endian machine) that the renderer draws into.
public final class Canvas {
    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// The largest side accepted, to keep a typo in `--size` from allocating gigabytes.
    public static let maxSide = InputLimits.maxSide

    public init(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
            throw CanvasError(reason: "a canvas of \(width)×\(height) pixels is outside 1...\(Self.maxSide)")
        }
        TextStack.requireCairo()
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
    ///
    /// The PNG goes to a temporary file in the same directory, renamed over `path` once complete, as careful tools
    /// do: a reader never sees half a file, a failure leaves what was there, and a symlink at `path` is replaced,
    /// never written through.
    public func writePNG(to path: String) throws(CanvasError) {
        func failure(_ what: String) -> CanvasError { CanvasError(reason: "cannot write '\(path)': \(what)") }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw failure("it names a directory") }
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false
        defer { if !written { unlink(temporary) } }
        // mkstemp makes the file 0600; a PNG is made as any new file is, 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        var sink = fd
        let status = withUnsafeMutablePointer(to: &sink) { pointer in
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                let fd = closure!.assumingMemoryBound(to: Int32.self).pointee
                var done = 0
                while done < Int(length) {
                    let n = write(fd, data! + done, Int(length) - done)
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return CAIRO_STATUS_WRITE_ERROR }
                    done += n
                }
                return CAIRO_STATUS_SUCCESS
            }, pointer)
        }
        let closed = close(fd) == 0
        guard status == CAIRO_STATUS_SUCCESS, closed else {
            throw failure(status == CAIRO_STATUS_SUCCESS ? String(cString: strerror(errno))
                          : String(cString: cairo_status_to_string(status)))
        }
        guard rename(temporary, path) == 0 else { throw failure(String(cString: strerror(errno))) }
        written = true
    }

    /// Reads a PNG file into a new canvas (for comparing frames in tests and tools).
    public static func readPNG(from path: String) throws(CanvasError) -> Canvas {
        let image: ImageAsset
        do { image = try ImageAsset(contentsOf: path, maxSide: maxSide) } catch {
            throw CanvasError(reason: error.description)
        }
        let canvas = try Canvas(width: Int(image.pixelSize.width), height: Int(image.pixelSize.height))
        let cr = cairo_create(canvas.surface)
        image.withSurface { surface in
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
        cairo_destroy(cr)
        return canvas
    }
}

/// A canvas could not be made or saved.
public struct CanvasError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
