public import HUDBase
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

extension ImageAsset {
    /// Raw pixels as a program hands them over (a notification's `image-data`): `height` rows of `rowstride` bytes,
    /// each pixel `channels` bytes of 8-bit red, green, blue and, with 4 channels, straight alpha. Every field is
    /// checked against the data before a byte is read; the pixels are copied into premultiplied ARGB32, scaled down
    /// to fit a `fitting`-pixel square when they are larger (so that a 4096² image never exists at full size here).
    public convenience init(
        rows data: [UInt8], width: Int, height: Int, rowstride: Int, channels: Int, bitsPerSample: Int = 8,
        name: String, maxSide: Int = InputLimits.imageMaxSide, fitting side: Int? = nil
    ) throws(ImageLoadError) {
        func refuse(_ reason: String) -> ImageLoadError { ImageLoadError(path: name, reason: reason) }
        guard width > 0, height > 0 else { throw refuse("its size is \(width)×\(height)") }
        guard width <= maxSide, height <= maxSide else {
            throw refuse("\(width)×\(height) pixels is larger than \(maxSide) a side")
        }
        guard bitsPerSample == 8 else { throw refuse("\(bitsPerSample) bits per sample (8 are supported)") }
        guard channels == 3 || channels == 4 else { throw refuse("\(channels) channels (3 or 4 are supported)") }
        guard rowstride >= width * channels else { throw refuse("a row of \(rowstride) bytes is too short") }
        // The last row need not be padded to the full stride (GdkPixbuf does not pad it).
        guard data.count >= rowstride * (height - 1) + width * channels else {
            throw refuse("\(data.count) bytes of pixels are fewer than its size needs")
        }
        let (pixels, w, h) = data.withUnsafeBufferPointer { bytes in
            Self.sample(width: width, height: height, fitting: side) { x, y in
                let i = y * rowstride + x * channels
                let a = channels == 4 ? UInt32(bytes[i + 3]) : 255
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                return a << 24 | premultiplied(bytes[i]) << 16 | premultiplied(bytes[i + 1]) << 8
                    | premultiplied(bytes[i + 2])
            }
        }
        self.init(path: name, width: w, height: h, stride: w * 4, pixels: UnsafeRawPointer(pixels),
                  release: { pixels.deallocate() })
    }

    /// This image, or a copy scaled down to fit a `side`-pixel square when it is larger: what a program keeps of a
    /// picture it draws at most that large.
    public func scaled(fitting side: Int) -> ImageAsset {
        let width = Int(pixelSize.width), height = Int(pixelSize.height)
        guard max(width, height) > side else { return self }
        let (pixels, w, h) = withUnsafeBytes { bytes in
            Self.sample(width: width, height: height, fitting: side) { x, y in
                bytes.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        return ImageAsset(path: path, width: w, height: h, stride: w * 4, pixels: UnsafeRawPointer(pixels),
                          release: { pixels.deallocate() })
    }

    /// Premultiplied ARGB32 pixels of a `width`×`height` image whose pixel at (x, y) is `pixel(x, y)`, scaled down
    /// (keeping its aspect) to fit a `side`-pixel square when it is larger: each pixel the mean of up to 4×4 samples
    /// spread over the source pixels it covers, so that the cost is the size made, not the size read.
    private static func sample(width: Int, height: Int, fitting side: Int?, _ pixel: (Int, Int) -> UInt32)
        -> (UnsafeMutableRawPointer, width: Int, height: Int)
    {
        var w = width, h = height
        if let side, max(width, height) > side {
            let f = Double(max(1, side)) / Double(max(width, height))
            w = max(1, Int((Double(width) * f).rounded()))
            h = max(1, Int((Double(height) * f).rounded()))
        }
        // Samples a side: one where the size is kept, up to 4 where each pixel covers several.
        let n = min(4, max(1, (max(width, height) + max(w, h) - 1) / max(w, h)))
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: w * h * 4, alignment: 4)
        let words = pixels.bindMemory(to: UInt32.self, capacity: w * h)
        for y in 0..<h {
            for x in 0..<w {
                guard n > 1 else {
                    words[y * w + x] = pixel(x, y)
                    continue
                }
                var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                for j in 0..<n {
                    let sy = ((y * n + j) * 2 + 1) * height / (2 * n * h)
                    for i in 0..<n {
                        let p = pixel(((x * n + i) * 2 + 1) * width / (2 * n * w), sy)
                        sums.0 += p >> 24
                        sums.1 += p >> 16 & 0xFF
                        sums.2 += p >> 8 & 0xFF
                        sums.3 += p & 0xFF
                    }
                }
                let count = UInt32(n * n), half = UInt32(n * n / 2)
                // Shifts bind tighter than division in Swift.
                words[y * w + x] = ((sums.0 + half) / count) << 24 | ((sums.1 + half) / count) << 16
                    | ((sums.2 + half) / count) << 8 | (sums.3 + half) / count
            }
        }
        return (pixels, w, h)
    }
}
