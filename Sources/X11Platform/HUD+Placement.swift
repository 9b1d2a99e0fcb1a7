import HUDRender
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

    /// Finds the monitor and work area again (monitors, panels or the choice changed) and moves there.
    func place(keepingMonitor: Bool) {
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
