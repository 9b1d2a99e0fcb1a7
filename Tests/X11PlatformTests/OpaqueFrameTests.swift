import Testing
@testable import X11Platform

/// The no-compositor frame: opaque un-premultiplied pixels where at least half covered, a banded shape of them.
struct OpaqueFrameTests {
    @Test func keepsHalfCoveredPixelsOpaqueWithTheirTrueColourAndShapesToThem() {
        // Premultiplied ARGB32: half-covered red at 64 is red 128; a pixel just under half is dropped.
        let row: [UInt32] = [0, 0x8040_0000, 0xff10_2030, 0x7f7f_7f7f]
        let rows = row + row + [0, 0, 0, 0] + [0xffff_ffff, 0, 0, 0xffff_ffff]
        let frame = rows.withUnsafeBytes { OpaqueFrame(rows: $0, width: 4, height: 4, stride: 16) }
        #expect(frame.pixels[1] == 0xff80_0000)
        #expect(frame.pixels[2] == 0xff10_2030)
        #expect(frame.pixels[3] == 0)
        #expect(frame.shape == [
            .init(x: 1, y: 0, width: 2, height: 2),
            .init(x: 0, y: 3, width: 1, height: 1),
            .init(x: 3, y: 3, width: 1, height: 1),
        ])
    }

    @Test func anEmptyFrameHasAnEmptyShape() {
        let rows = [UInt32](repeating: 0x10ff_ffff, count: 6)
        let frame = rows.withUnsafeBytes { OpaqueFrame(rows: $0, width: 3, height: 2, stride: 12) }
        #expect(frame.shape.isEmpty)
        #expect(frame.pixels.allSatisfy { $0 == 0 })
    }
}
