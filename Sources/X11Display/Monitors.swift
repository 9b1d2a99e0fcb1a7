import HUDScene
internal import CX11

/// The monitor the HUD is placed on: its frame, the part panels leave free, and how often it refreshes.
package struct MonitorInfo: Hashable {
    package var name: String
    package var frame: PixelRect
    /// The frame less panels and docks (`_NET_WORKAREA` clipped to the monitor).
    package var usable: PixelRect
    /// Frames per second; 60 when the mode does not say (virtual servers such as Xvfb report 0).
    package var refreshRate: Double

    package static let fallbackRefreshRate = 60.0

    package init(name: String, frame: PixelRect, usable: PixelRect, refreshRate: Double) {
        self.name = name
        self.frame = frame
        self.usable = usable
        self.refreshRate = refreshRate
    }
}

/// Lists monitors with RandR 1.5 (a tiled panel is one monitor over two CRTCs), falling back to Xinerama and then to
/// the whole screen, and finds where the pointer and the focused window are.
@MainActor package enum Monitors {
    package static func list(connection c: XConnection) -> [Monitor] {
        if let randr = randrMonitors(c), !randr.isEmpty { return randr }
        if let xinerama = xineramaScreens(c), !xinerama.isEmpty { return xinerama }
        let whole = PixelRect(x: 0, y: 0, width: Int(XDisplayWidth(c.display, c.screen)),
                              height: Int(XDisplayHeight(c.display, c.screen)))
        return [Monitor(name: "screen", frame: whole, primary: true, output: nil)]
    }

    private static func randrMonitors(_ c: XConnection) -> [Monitor]? {
        guard c.randrEventBase != nil else { return nil }
        var major: Int32 = 0, minor: Int32 = 0
        XRRQueryVersion(c.display, &major, &minor)
        guard major > 1 || (major == 1 && minor >= 5) else { return nil }
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(c.display, c.root, 1, &count), count > 0 else { return nil }
        defer { XRRFreeMonitors(monitors) }
        return UnsafeBufferPointer(start: monitors, count: Int(count)).map { m in
            var name = ""
            if let cName = XGetAtomName(c.display, m.name) {
                name = String(cString: cName)
                XFree(cName)
            }
            let frame = PixelRect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height))
            return Monitor(name: name, frame: frame,
                           primary: m.primary != 0, output: m.noutput > 0 ? m.outputs[0] : nil)
        }
    }

    private static func xineramaScreens(_ c: XConnection) -> [Monitor]? {
        var event: Int32 = 0, error: Int32 = 0
        guard XineramaQueryExtension(c.display, &event, &error) != 0, XineramaIsActive(c.display) != 0 else {
            return nil
        }
        var count: Int32 = 0
        guard let screens = XineramaQueryScreens(c.display, &count), count > 0 else { return nil }
        defer { XFree(screens) }
        return UnsafeBufferPointer(start: screens, count: Int(count)).enumerated().map { i, s in
            Monitor(name: String(i),
                    frame: PixelRect(x: Int(s.x_org), y: Int(s.y_org), width: Int(s.width), height: Int(s.height)),
                    primary: i == 0, output: nil)
        }
    }

    /// The pointer on the root window, or nil when it is on another screen.
    package static func pointer(connection c: XConnection) -> (x: Int, y: Int)? {
        var root: UInt = 0, child: UInt = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(c.display, c.root, &root, &child, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return (Int(rx), Int(ry))
    }

    /// The focused window's frame on the root, or nil when nothing (or the root) has the focus.
    package static func focusedWindow(connection c: XConnection) -> PixelRect? {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(c.display, &focus, &revert)
        // 0 is None, 1 is PointerRoot: no window of its own.
        guard focus > 1, focus != c.root else { return nil }
        // The focus may vanish before its geometry is read: nil then, quietly.
        return TargetWindows.geometry(of: focus, connection: c)
    }

    /// `dotClock / (hTotal · vTotal)` of the mode on `output`'s CRTC (or the first active CRTC), as xrandr computes it.
    package static func refreshRate(output: UInt?, connection c: XConnection) -> Double {
        guard c.randrEventBase != nil, let res = XRRGetScreenResourcesCurrent(c.display, c.root) else {
            return MonitorInfo.fallbackRefreshRate
        }
        defer { XRRFreeScreenResources(res) }
        var crtc: UInt = 0
        if let output, let info = XRRGetOutputInfo(c.display, res, output) {
            crtc = info.pointee.crtc
            XRRFreeOutputInfo(info)
        }
        if crtc == 0, res.pointee.ncrtc > 0 { crtc = res.pointee.crtcs[0] }
        guard crtc != 0, let crtcInfo = XRRGetCrtcInfo(c.display, res, crtc) else {
            return MonitorInfo.fallbackRefreshRate
        }
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
