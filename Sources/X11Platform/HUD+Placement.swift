internal import CX11
import HUDRender
import HUDControl
import HUDScene

extension HUD {
    /// The monitor `choice` means now. With `keeping`, a monitor of that name is kept if it still exists, so a
    /// monitor change does not make a pointer-placed HUD jump to wherever the pointer has gone since.
    static func locate(_ choice: MonitorChoice, keeping name: String?, connection c: XConnection) -> MonitorInfo {
        let monitors = Monitors.list(connection: c)
        let kept = name.flatMap { n in monitors.first { $0.name == n } }
        let focus = choice == .focus && kept == nil ? Monitors.focusedWindow(connection: c) : nil
        let pointer = kept == nil ? Monitors.pointer(connection: c) : nil
        let m = kept ?? choice.pick(from: monitors, pointer: pointer, focus: focus) ?? monitors[0]
        return MonitorInfo(name: m.name, frame: m.frame,
                           usable: usableArea(of: m.frame, workArea: RootProperties.workArea(connection: c)),
                           refreshRate: Monitors.refreshRate(output: m.output, connection: c))
    }

    /// The area of `target` (a client window) as the one place that lays HUDs out sees a monitor: the window's own
    /// rectangle, in its own coordinates (the HUD's window is its child), refreshed at the rate of the monitor that
    /// holds most of it. Nil when the window has gone.
    static func locate(over target: UInt, connection c: XConnection) -> MonitorInfo? {
        guard let g = TargetWindows.geometry(of: target, connection: c) else { return nil }
        let monitors = Monitors.list(connection: c)
        let m = MonitorChoice.focus.pick(from: monitors, pointer: nil, focus: g) ?? monitors[0]
        let own = PixelRect(x: 0, y: 0, width: g.width, height: g.height)
        return MonitorInfo(name: "window " + WindowChoice.hex(target), frame: own, usable: own,
                           refreshRate: Monitors.refreshRate(output: m.output, connection: c))
    }

    /// The X gravity matching a position: the server then keeps the HUD where the layout puts it while the window
    /// it is over is resized, in the same frame, before the HUD hears of it.
    static func gravity(of position: Position) -> Int32 {
        Int32(NorthWestGravity) + Int32(position.horizontal + 1) + 3 * Int32(position.vertical + 1)
    }

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
            guard !targetClosed, let found = Self.locate(over: targetWindow, connection: connection) else { return }
            monitor.refreshRate = found.refreshRate
            targetResized(width: found.frame.width, height: found.frame.height)
            return
        }
        let found = Self.locate(monitorChoice, keeping: keepingMonitor ? monitor.name : nil, connection: connection)
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
        renderer = HUDRenderer(scale: scale)
        scene.scale = scale
        scene.area = Self.area(of: monitor, scale: scale)
        laidOutBezel = nil
        setNeedsUpdate()
    }
}
