import HUDBase
import HUDScene

/// A value from the XSETTINGS protocol (freedesktop.org XSETTINGS specification, version 0.5).
package enum XSettingValue: Hashable {
    case integer(Int32)
    case string(String)
    case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
}

/// Decodes the `_XSETTINGS_SETTINGS` property that a settings manager (gnome-settings-daemon, xsettingsd,
/// xfsettingsd) publishes: a byte-order byte, a serial, a count, then typed, 4-byte-padded records.
package enum XSettings {
    package static func parse(_ bytes: [UInt8]) -> [String: XSettingValue] {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte() else { return [:] }
        reader.bigEndian = order == 1  // MSBFirst
        reader.skip(3)
        guard reader.card32() != nil, let count = reader.card32() else { return [:] }
        var settings: [String: XSettingValue] = [:]
        for _ in 0..<min(count, 10_000) {
            guard let type = reader.byte() else { break }
            reader.skip(1)
            guard let nameLength = reader.card16(), let name = reader.string(Int(nameLength)) else { break }
            reader.pad(Int(nameLength))
            guard reader.card32() != nil else { break }  // last-change serial
            switch type {
            case 0:
                guard let v = reader.card32() else { return settings }
                settings[name] = .integer(Int32(bitPattern: v))
            case 1:
                guard let length = reader.card32(), let s = reader.string(Int(length)) else { return settings }
                reader.pad(Int(length))
                settings[name] = .string(s)
            case 2:
                guard let r = reader.card16(), let g = reader.card16(), let b = reader.card16(), let a = reader.card16()
                else { return settings }
                settings[name] = .color(red: r, green: g, blue: b, alpha: a)
            default:
                return settings  // an unknown type has an unknown length: stop rather than misread
            }
        }
        return settings
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }
        mutating func skip(_ n: Int) { offset += n }
        mutating func pad(_ length: Int) { offset += (4 - length % 4) % 4 }
        mutating func card16() -> UInt16? {
            guard offset + 2 <= bytes.count else { return nil }
            defer { offset += 2 }
            let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        mutating func card32() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            let v = bytes[offset..<offset + 4].map(UInt32.init)
            return bigEndian ? v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3] : v[3] << 24 | v[2] << 16 | v[1] << 8 | v[0]
        }
        mutating func string(_ length: Int) -> String? {
            guard length >= 0, offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
    }
}

/// Whether the desktop asks for dark windows, from what it publishes, most specific first:
/// `GTK_THEME` (`Adwaita:dark`), the XSETTINGS `Net/ThemeName`, and GTK 3's `settings.ini`
/// (`gtk-application-prefer-dark-theme`, `gtk-theme-name`). nil when none of them says.
public enum DesktopTheme {
    package static func prefersDark(gtkThemeVariable: String?, xsettings: [String: XSettingValue],
                            gtkSettings: GTKSettingsFile?) -> Bool? {
        if let v = gtkThemeVariable, !v.isEmpty { return v.lowercased().contains("dark") }
        if case .string(let name)? = xsettings["Net/ThemeName"], !name.isEmpty {
            return name.lowercased().contains("dark")
        }
        if gtkSettings?.prefersDarkTheme == true { return true }
        return gtkSettings?.themeName.map { $0.lowercased().contains("dark") }
    }
}
