import HUDScene

/// Reads the X resources (`xrdb`) the HUD cares about from the root window's `RESOURCE_MANAGER` text.
package enum XResources {
    /// `Xft.dpi`, the font DPI desktops set for HiDPI screens.
    package static func dpi(in resources: String) -> Double? {
        for line in resources.split(whereSeparator: { $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingWhitespace()
            guard name == "Xft.dpi" || name == "*.dpi" || name == "Xft*dpi" else { continue }
            if let v = Double(line[line.index(after: colon)...].trimmingWhitespace()), v.isFinite, v > 0 { return v }
        }
        return nil
    }

    /// Device pixels per point: `dpi / 96`, never below 1 (a low DPI must not shrink the HUD), at most 8.
    package static func scale(forDPI dpi: Double?) -> Double {
        guard let dpi else { return 1 }
        return min(max(dpi / 96, 1), 8)
    }
}
