import HUDScene

/// The file format of a kept `TextImage`: a magic line, the key it was drawn for, the metrics as text, then the
/// raw pixels. Anything that does not read back exactly (another version, a cut-off file, another key) is a miss.
enum TextImageFile {
    static let magic = "x11hud-text-image 1"

    static func encode(_ image: TextImage, key: String) -> [UInt8] {
        let l = image.logical, c = image.color
        let fields: [String] = [
            "\(l.x)", "\(l.y)", "\(l.width)", "\(l.height)", "\(image.unknownGlyphs)", image.ellipsized ? "1" : "0",
            "\(image.lines)", "\(c.red)", "\(c.green)", "\(c.blue)", "\(c.alpha)", "\(image.phaseX)",
            "\(image.phaseY)", "\(image.offsetX)", "\(image.offsetY)", "\(image.width)", "\(image.height)",
        ]
        var data = Array("\(magic)\n\(key.utf8.count)\n".utf8)
        data += key.utf8
        data += ("\n" + fields.joined(separator: " ") + "\n").utf8
        data += image.pixels
        return data
    }

    static func decode(_ file: some Collection<UInt8>, key: String) -> TextImage? {
        let bytes = Array(file)
        var at = 0
        func line() -> String? {
            guard let end = bytes[at...].firstIndex(of: 10) else { return nil }
            defer { at = end + 1 }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }
        guard line() == magic, let count = line().flatMap(Int.init), count >= 0, at + count < bytes.count,
              String(decoding: bytes[at..<at + count], as: UTF8.self) == key
        else { return nil }
        at += count
        guard bytes[at] == 10 else { return nil }
        at += 1
        guard let fields = line()?.split(separator: " "), fields.count == 17 else { return nil }
        let d = fields.compactMap { Double($0) }
        guard d.count == 17, let width = Int(fields[15]), let height = Int(fields[16]), width > 0, height > 0,
              width <= 4096, height <= 4096, bytes.count - at == width * height * 4,
              let offsetX = Int(fields[13]), let offsetY = Int(fields[14]), let unknown = Int(fields[4]),
              let lines = Int(fields[6])
        else { return nil }
        return TextImage(logical: Rect(x: d[0], y: d[1], width: d[2], height: d[3]), unknownGlyphs: unknown,
                         ellipsized: fields[5] == "1", lines: lines,
                         color: RGBA(red: d[7], green: d[8], blue: d[9], alpha: d[10]), phaseX: d[11],
                         phaseY: d[12], offsetX: offsetX, offsetY: offsetY, width: width, height: height,
                         pixels: Array(bytes[at...]))
    }
}
