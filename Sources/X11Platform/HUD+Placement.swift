import X11Display
import X11Names
internal import CX11
import HUDRender
import HUDControl
import HUDScene

extension HUD {
    /// The window the HUD is over changed size: lay out in the new area. (Its moves need nothing: the HUD's
    /// window is its child.)
    func targetResized(width: Int, height: Int) {
        guard targetWindow != nil, width != monitor.frame.width || height != monitor.frame.height else { return }
        let own = PixelRect(x: 0, y: 0, width: width, height: height)
        monitor.frame = own
        monitor.usable = own
        scene.area = Self.area(of: monitor, scale: scene.scale)
        // The server has moved the window by its gravity already.
        window.forgetFrame()
        laidOutBezel = nil
        setNeedsUpdate()
    }

    /// The window the HUD is over was destroyed, and the HUD's windows with it: the HUD ends at once.
    func targetDestroyed() {
        guard targetWindow != nil, !targetClosed else { return }
        targetClosed = true
        window.markGone()
        blocker?.markGone()
        dim = nil
        presented = nil
        if !controller.finished { finish() }
    }

    /// Finds the monitor and work area again (monitors, panels or the choice changed) and moves there.
    func place(keepingMonitor: Bool) {
        if let targetWindow {
            // Monitors or panels changed: only the refresh rate can have, and the size a missed event would say.
            guard !targetClosed, let found = MonitorInfo.locate(over: targetWindow, connection: connection) else {
                return
            }
            monitor.refreshRate = found.refreshRate
            targetResized(width: found.frame.width, height: found.frame.height)
            return
        }
        let kept = keepingMonitor ? monitor.name : nil
        let found = MonitorInfo.locate(monitorChoice, keeping: kept, connection: connection)
        guard found != monitor else { return }
        monitor = found
        scene.area = Self.area(of: found, scale: scene.scale)
        // A new place is moved to at once; only a change of content glides the bezel.
        laidOutBezel = nil
        setNeedsUpdate()
    }

    /// Uses `fixedScale`, else the desktop's; everything (fonts, lines, radii, the button's click region) follows.
    func applyScale() {
        let scale = fixedScale ?? session.desktopScale
        guard scale != scene.scale, scale > 0, scale.isFinite else { return }
        renderer = session.textEngines.renderer(scale: scale)
        scene.scale = scale
        scene.area = Self.area(of: monitor, scale: scale)
        laidOutBezel = nil
        setNeedsUpdate()
    }
}
