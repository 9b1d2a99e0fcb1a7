import HUDBase
internal import CCairo
import Glibc
public import HUDScene

/// PNG files decoded with cairo: the image keeps cairo's surface, whose pixels it hands to the model.
extension ImageAsset {
    /// Reads a PNG file of at most `InputLimits.imageMaxSide` pixels a side, an SVG file (`.svg`, see
    /// `init(svgAt:)`), or another picture gdk-pixbuf reads (JPEG, GIF, BMP…, see `init(pixbufAt:…)`), decoded at
    /// most `svgSide` pixels a side as an SVG is drawn.
    ///
    /// The header is checked before anything is decoded, so a huge image costs a read of 24 bytes, not gigabytes;
    /// the file is read through one descriptor, so what was checked is what is decoded.
    public convenience init(contentsOf path: String) throws(ImageLoadError) {
        if path.lowercased().hasSuffix(".svg") {
            try self.init(svgAt: path)
        } else {
            try self.init(contentsOf: path, maxSide: InputLimits.imageMaxSide)
        }
    }

    /// `init(contentsOf:)` scaled down to fit a `side`-pixel square: what a notification keeps of its picture. A
    /// JPEG is decoded at that size, not at its own.
    public static func reading(_ path: String, fitting side: Int) throws(ImageLoadError) -> ImageAsset {
        if path.lowercased().hasSuffix(".svg") { return try ImageAsset(svgAt: path).scaled(fitting: side) }
        return try ImageAsset(contentsOf: path, maxSide: InputLimits.imageMaxSide, fitting: side).scaled(fitting: side)
    }

    /// A PNG decoded whole (`fitting` left for the caller), or another picture decoded by gdk-pixbuf to fit
    /// `fitting` (or `svgSide`).
    convenience init(contentsOf path: String, maxSide: Int, fitting side: Int? = nil) throws(ImageLoadError) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; a FIFO is refused below anyway.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file"
                : errno == EACCES ? "the file is not readable" : String(cString: strerror(errno))
            throw ImageLoadError(path: path, reason: reason)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImageLoadError(path: path, reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ImageLoadError(path: path, reason: "it is a directory, not a PNG file")
        default: throw ImageLoadError(path: path, reason: "it is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, 0)  // back to blocking reads for the decoder
        let (width, height): (Int, Int)
        switch try Self.checkHeader(fd: fd, path: path, maxSide: maxSide) {
        case .png(let w, let h): (width, height) = (w, h)
        case .other(let kind):
            // Not a PNG: gdk-pixbuf reads the very file checked, through this descriptor.
            try self.init(pixbufAt: "/proc/self/fd/\(fd)", named: path, looksLike: kind, maxSide: maxSide,
                          fitting: side ?? Self.svgSide)
            return
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw ImageLoadError(path: path, reason: String(cString: strerror(errno)))
        }
        TextStack.requireCairo()
        var source = fd
        let decoded = withUnsafeMutablePointer(to: &source) { pointer in
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let fd = closure!.assumingMemoryBound(to: Int32.self).pointee
                return ImageAsset.readFully(fd, into: data!, count: Int(length))
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, pointer)
        }
        guard let surface = decoded else { throw ImageLoadError(path: path, reason: "out of memory") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_NO_MEMORY
                ? "out of memory decoding \(width)×\(height) pixels" : "a damaged or truncated PNG image"
            throw ImageLoadError(path: path, reason: reason)
        }
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        guard w > 0, h > 0 else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: "the image is empty")
        }
        cairo_surface_flush(surface)
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        // The surface holds the pixels and goes with the asset.
        self.init(path: path, width: Int(w), height: Int(h), stride: Int(cairo_image_surface_get_stride(surface)),
                  pixels: pixels, release: { cairo_surface_destroy(surface) })
    }

    /// What a file's first bytes say it is.
    private enum Header {
        /// A PNG of this width and height.
        case png(Int, Int)
        /// Something else, perhaps a `kind` of picture (`JPEG`) by its first bytes.
        case other(kind: String?)
    }

    /// The width and height from the PNG signature and IHDR chunk that every PNG starts with; refused when the file
    /// starts as a PNG but is cut short, or the image is larger than `maxSide` a side.
    private static func checkHeader(fd: Int32, path: String, maxSide: Int) throws(ImageLoadError) -> Header {
        var header = [UInt8](repeating: 0, count: 24)
        let count = header.withUnsafeMutableBytes { readAll(fd, into: $0.baseAddress!, count: 24) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count >= 8, Array(header[0..<8]) == signature else {
            if header.starts(with: [0xFF, 0xD8, 0xFF]) { return .other(kind: "JPEG") }
            if header.starts(with: Array("GIF8".utf8)) { return .other(kind: "GIF") }
            return .other(kind: nil)
        }
        guard count == 24, Array(header[12..<16]) == Array("IHDR".utf8) else {
            throw ImageLoadError(path: path, reason: "a damaged or truncated PNG image")
        }
        func be32(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else { throw ImageLoadError(path: path, reason: "the image is empty") }
        guard width <= maxSide, height <= maxSide else {
            throw ImageLoadError(path: path, reason: "\(width)×\(height) pixels is larger than the limit of "
                + "\(maxSide)×\(maxSide) (it is shown at 37 points; scale it down first)")
        }
        return .png(width, height)
    }

    /// Reads exactly `count` bytes, retrying short reads and interruptions; false at end of file or on an error.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        readAll(fd, into: buffer, count: count) == count
    }

    /// Reads up to `count` bytes, retrying short reads and interruptions; how many it read before the end of the
    /// file or an error.
    private static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            let n = read(fd, buffer + done, count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return done
    }

    /// The pixels as a cairo surface for `body` to paint from, valid only during the call.
    func withSurface<R>(_ body: (OpaquePointer) -> R) -> R {
        withUnsafeBytes { bytes in
            let data = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(pixelSize.width),
                                                              Int32(pixelSize.height), Int32(stride))!
            defer { cairo_surface_destroy(surface) }
            return body(surface)
        }
    }
}
