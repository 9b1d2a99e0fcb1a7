internal import CCairo
import Glibc
public import HUDScene

/// PNG files decoded with cairo: the image keeps cairo's surface, whose pixels it hands to the model.
extension ImageAsset {
    /// Reads a PNG file of at most `InputLimits.imageMaxSide` pixels a side, or an SVG file (`.svg`, see
    /// `init(svgAt:)`).
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

    convenience init(contentsOf path: String, maxSide: Int) throws(ImageLoadError) {
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
        let (width, height) = try Self.checkHeader(fd: fd, path: path, maxSide: maxSide)
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw ImageLoadError(path: path, reason: String(cString: strerror(errno)))
        }
        TextStack.requireLibraries()
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

    /// The width and height from the PNG signature and IHDR chunk that every PNG starts with, refused when the
    /// file is not a PNG or the image is larger than `maxSide` a side.
    private static func checkHeader(fd: Int32, path: String, maxSide: Int) throws(ImageLoadError) -> (Int, Int) {
        var header = [UInt8](repeating: 0, count: 24)
        let complete = header.withUnsafeMutableBytes { readFully(fd, into: $0.baseAddress!, count: 24) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard complete, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            throw ImageLoadError(path: path, reason: "not a PNG image" + kindHint(header))
        }
        func be32(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else { throw ImageLoadError(path: path, reason: "the image is empty") }
        guard width <= maxSide, height <= maxSide else {
            throw ImageLoadError(path: path, reason: "\(width)×\(height) pixels is larger than the limit of "
                + "\(maxSide)×\(maxSide) (it is shown at 37 points; scale it down first)")
        }
        return (width, height)
    }

    /// What the file seems to be instead, from its first bytes, for the message.
    private static func kindHint(_ b: [UInt8]) -> String {
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return " (it looks like a JPEG; only PNG is read)" }
        if b.starts(with: Array("GIF8".utf8)) { return " (it looks like a GIF; only PNG is read)" }
        if b.starts(with: Array("<svg".utf8)) || b.starts(with: Array("<?xml".utf8)) {
            return " (it looks like SVG or XML; only PNG is read)"
        }
        return ""
    }

    /// Reads exactly `count` bytes, retrying short reads and interruptions; false at end of file or on an error.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = read(fd, buffer + done, count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
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
