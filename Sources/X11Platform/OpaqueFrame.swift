/// A frame prepared for a window that no compositor blends: X shows an ARGB window's raw colour bytes then, so
/// every translucent pixel would come out darkened towards black.
///
/// Pixels at least half covered become fully opaque with their colour un-premultiplied (antialiased edges keep
/// their true colour instead of a dark fringe); the rest are cut away by the window's bounding shape, given here as
/// YX-banded rectangles. (The HUD draws such frames at full opacity: a fade cannot be shown without a compositor.)
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
        var shapeSpans: [Span] = []
        var bandStart = 0
        var bandSpans: [ClosedRange<Int>] = []
        var rowSpans: [ClosedRange<Int>] = []
        let base = rows.baseAddress!
        pixels = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                // cairo's rows are 4-byte aligned.
                let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                rowSpans.removeAll(keepingCapacity: true)
                var runStart: Int? = nil
                for x in 0..<width {
                    let v = row[x]
                    let a = v >> 24
                    out[y * width + x] = Self.convert(v)
                    if a >= 128 {
                        if runStart == nil { runStart = x }
                    } else {
                        if let start = runStart {
                            rowSpans.append(start...(x - 1))
                            runStart = nil
                        }
                    }
                }
                if let start = runStart { rowSpans.append(start...(width - 1)) }
                if rowSpans != bandSpans {
                    Self.appendBand(bandSpans, from: bandStart, to: y, into: &shapeSpans)
                    bandSpans = rowSpans
                    bandStart = y
                }
            }
            count = width * height
        }
        Self.appendBand(bandSpans, from: bandStart, to: height, into: &shapeSpans)
        shape = shapeSpans
    }

    /// Converts the pixels in `rect` again from new `rows`; false, changing nothing, when a pixel would cross the
    /// half-covered line (the shape would change).
    mutating func update(rows: UnsafeRawBufferPointer, stride: Int, in rect: Span) -> Bool {
        let base = rows.baseAddress!
        let width = width
        let sameShape = pixels.withUnsafeBufferPointer { sent in
            for y in rect.y..<(rect.y + rect.height) {
                let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in rect.x..<(rect.x + rect.width) where (row[x] >> 24 >= 128) != (sent[y * width + x] != 0) {
                    return false
                }
            }
            return true
        }
        guard sameShape else { return false }
        pixels.withUnsafeMutableBufferPointer { out in
            for y in rect.y..<(rect.y + rect.height) {
                let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in rect.x..<(rect.x + rect.width) { out[y * width + x] = Self.convert(row[x]) }
            }
        }
        return true
    }

    /// One premultiplied pixel as it is sent: opaque with its colour un-premultiplied, or cut away (0).
    private static func convert(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        guard a >= 128 else { return 0 }
        if a == 255 { return v }
        return 0xff00_0000 | unpremultiply(v >> 16 & 0xff, a) << 16 | unpremultiply(v >> 8 & 0xff, a) << 8
            | unpremultiply(v & 0xff, a)
    }

    private static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }

    private static func appendBand(_ spans: [ClosedRange<Int>], from y0: Int, to y1: Int, into shape: inout [Span]) {
        guard y1 > y0 else { return }
        for s in spans { shape.append(Span(x: s.lowerBound, y: y0, width: s.count, height: y1 - y0)) }
    }
}
