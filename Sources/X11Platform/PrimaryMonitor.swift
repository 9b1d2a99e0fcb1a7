internal import CX11

/// The monitor the HUD is centred on, and how often it refreshes.
struct MonitorInfo: Hashable {
    var frame: PixelRect
    /// Frames per second; 60 when the mode does not say (virtual servers such as Xvfb report 0).
    var refreshRate: Double

    static let fallbackRefreshRate = 60.0
}

/// Finds the primary RandR 1.5 monitor (a tiled panel is one monitor over two CRTCs), falling back to the first
/// monitor and then to the whole screen.
@MainActor enum PrimaryMonitor {
    static func find(connection c: XConnection) -> MonitorInfo {
        let whole = PixelRect(x: 0, y: 0, width: Int(XDisplayWidth(c.display, c.screen)),
                              height: Int(XDisplayHeight(c.display, c.screen)))
        guard c.randrEventBase != nil else { return MonitorInfo(frame: whole, refreshRate: MonitorInfo.fallbackRefreshRate) }
        var major: Int32 = 0, minor: Int32 = 0
        XRRQueryVersion(c.display, &major, &minor)
        guard major > 1 || (major == 1 && minor >= 5) else {
            return MonitorInfo(frame: whole, refreshRate: refreshRate(output: nil, connection: c))
        }
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(c.display, c.root, 1, &count), count > 0 else {
            return MonitorInfo(frame: whole, refreshRate: refreshRate(output: nil, connection: c))
        }
        defer { XRRFreeMonitors(monitors) }
        let list = UnsafeBufferPointer(start: monitors, count: Int(count))
        let m = list.first { $0.primary != 0 } ?? list[0]
        let frame = PixelRect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height))
        return MonitorInfo(frame: frame, refreshRate: refreshRate(output: m.noutput > 0 ? m.outputs[0] : nil, connection: c))
    }

    /// `dotClock / (hTotal · vTotal)` of the mode on `output`'s CRTC (or the first active CRTC), as xrandr computes it.
    private static func refreshRate(output: UInt?, connection c: XConnection) -> Double {
        guard let res = XRRGetScreenResourcesCurrent(c.display, c.root) else { return MonitorInfo.fallbackRefreshRate }
        defer { XRRFreeScreenResources(res) }
        var crtc: UInt = 0
        if let output, let info = XRRGetOutputInfo(c.display, res, output) {
            crtc = info.pointee.crtc
            XRRFreeOutputInfo(info)
        }
        if crtc == 0, res.pointee.ncrtc > 0 { crtc = res.pointee.crtcs[0] }
        guard crtc != 0, let crtcInfo = XRRGetCrtcInfo(c.display, res, crtc) else { return MonitorInfo.fallbackRefreshRate }
        let modeID = crtcInfo.pointee.mode
        XRRFreeCrtcInfo(crtcInfo)
        let modes = UnsafeBufferPointer(start: res.pointee.modes, count: Int(res.pointee.nmode))
        guard let mode = modes.first(where: { $0.id == modeID }) else { return MonitorInfo.fallbackRefreshRate }
        var vTotal = Double(mode.vTotal)
        if mode.modeFlags & UInt(RR_DoubleScan) != 0 { vTotal *= 2 }
        if mode.modeFlags & UInt(RR_Interlace) != 0 { vTotal /= 2 }
        let rate = Double(mode.dotClock) / (Double(mode.hTotal) * vTotal)
        return rate.isFinite && rate >= 10 && rate <= 1000 ? rate : MonitorInfo.fallbackRefreshRate
    }
}
