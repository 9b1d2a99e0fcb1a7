/// A frame prepared for a window that no compositor blends: X shows an ARGB window's raw colour bytes then, so
/// every translucent pixel would come out darkened towards black.
///
/// Pixels at least half covered become fully opaque with their colour un-premultiplied (antialiased edges keep
/// their true colour instead of a dark fringe); the rest are cut away by the window's bounding shape, given here as
/// YX-banded rectangles. During a fade the bezel therefore pops in and out at half opacity rather than fading from black.
struct OpaqueFrame {
    struct Span: Hashable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    private(set) var pixels: [UInt32]
    private(set) var shape: [Span] = []
    let width: Int
    let height: Int

    /// `rows` are premultiplied ARGB32 in host byte order, `stride` bytes apart.
    init(rows: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
        var bandStart = 0
        var bandSpans: [ClosedRange<Int>] = []
        var rowSpans: [ClosedRange<Int>] = []
        for y in 0..<height {
            rowSpans.removeAll(keepingCapacity: true)
            var runStart: Int? = nil
            for x in 0..<width {
                let v = rows.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                let a = v >> 24
                if a >= 128 {
                    pixels[y * width + x] = 0xff00_0000 | Self.unpremultiply(v >> 16 & 0xff, a) << 16
                        | Self.unpremultiply(v >> 8 & 0xff, a) << 8 | Self.unpremultiply(v & 0xff, a)
                    if runStart == nil { runStart = x }
                } else if let start = runStart {
                    rowSpans.append(start...(x - 1))
                    runStart = nil
                }
            }
            if let start = runStart { rowSpans.append(start...(width - 1)) }
            if rowSpans != bandSpans {
                appendBand(bandSpans, from: bandStart, to: y)
                bandSpans = rowSpans
                bandStart = y
            }
        }
        appendBand(bandSpans, from: bandStart, to: height)
    }

    private static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }

    private mutating func appendBand(_ spans: [ClosedRange<Int>], from y0: Int, to y1: Int) {
        guard y1 > y0 else { return }
        for s in spans { shape.append(Span(x: s.lowerBound, y: y0, width: s.count, height: y1 - y0)) }
    }
}
