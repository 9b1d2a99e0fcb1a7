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
    /// checked against the data before a byte is read; the pixels are copied into premultiplied ARGB32.
    public convenience init(
        rows data: [UInt8], width: Int, height: Int, rowstride: Int, channels: Int, bitsPerSample: Int = 8,
        name: String, maxSide: Int = InputLimits.imageMaxSide
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
        let stride = width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 4)
        let words = pixels.bindMemory(to: UInt32.self, capacity: width * height)
        data.withUnsafeBufferPointer { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * rowstride + x * channels
                    let a = channels == 4 ? UInt32(bytes[i + 3]) : 255
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    words[y * width + x] = a << 24 | premultiplied(bytes[i]) << 16
                        | premultiplied(bytes[i + 1]) << 8 | premultiplied(bytes[i + 2])
                }
            }
        }
        self.init(path: name, width: width, height: height, stride: stride, pixels: UnsafeRawPointer(pixels),
                  release: { pixels.deallocate() })
    }
}
