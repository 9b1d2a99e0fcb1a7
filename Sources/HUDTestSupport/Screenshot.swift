import Foundation
public import HUDScene

/// The whole root window as the user sees it, taken with ImageMagick's `import` as a binary PPM (no PNG decoder,
/// no cairo: the screen is opaque, 8 bits a channel).
public struct Screenshot: Equatable, Sendable {
    public let width: Int
    public let height: Int
    private let pixels: [UInt8]

    /// Takes a screenshot of `display`.
    public init(display: String) throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("x11hud-test-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Tools.run("import", ["-window", "root", "-depth", "8", "ppm:\(path)"], display: display)
        guard r.status == 0 else { throw TestFailure("import failed: \(r.stderr)") }
        try self.init(ppmFile: path)
    }

    /// Reads a binary PPM (what `import` and `grim -t ppm` write).
    public init(ppmFile path: String) throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // "P6", width, height, maximum value, each after white space, then one byte of white space and the pixels.
        var fields: [Int] = [], i = 2, field = ""
        guard data.starts(with: Array("P6".utf8)) else { throw TestFailure("\(path) is no binary PPM") }
        while fields.count < 3, i < data.count {
            let c = data[i]
            if c == UInt8(ascii: "#") {
                while i < data.count, data[i] != UInt8(ascii: "\n") { i += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                field.append(Character(UnicodeScalar(c)))
            } else if !field.isEmpty {
                fields.append(Int(field)!)
                field = ""
            }
            i += 1
        }
        guard fields.count == 3, fields[2] == 255, data.count - i == fields[0] * fields[1] * 3 else {
            throw TestFailure("\(path) is not an 8-bit RGB PPM: \(fields)")
        }
        width = fields[0]
        height = fields[1]
        pixels = Array(data[i...])
    }

    /// The colour at (x, y), opaque; transparent black outside the screen.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let o = (y * width + x) * 3
        return RGBA(red: Double(pixels[o]) / 255, green: Double(pixels[o + 1]) / 255, blue: Double(pixels[o + 2]) / 255)
    }
}

/// A screenshot of the whole root window, as the user sees it.
public func screenshot(display: String) throws -> Screenshot { try Screenshot(display: display) }

extension RGBA {
    /// Within `tolerance` per channel (0...1) of `other`, ignoring alpha.
    public func isClose(to other: RGBA, tolerance: Double = 0.04) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance
    }
    public var isBlack: Bool { red < 0.03 && green < 0.03 && blue < 0.03 }
}
