internal import CX11
package import HUDScene

/// Where a HUD is laid out: a monitor (its frame and work area), or the window a HUD is over, seen as a monitor.
@MainActor extension MonitorInfo {
    /// The name a window's area goes by (in `x11hud list` and the registry, where a client finds the HUDs over
    /// a window).
    package nonisolated static func area(over window: UInt) -> String { "window " + WindowChoice.hex(window) }

    /// The monitor `choice` means now. With `keeping`, a monitor of that name is kept if it still exists, so a
    /// monitor change does not make a pointer-placed HUD jump to wherever the pointer has gone since.
    package static func locate(_ choice: MonitorChoice, keeping name: String?,
                               connection c: XConnection) -> MonitorInfo {
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
    package static func locate(over target: UInt, connection c: XConnection) -> MonitorInfo? {
        guard let g = TargetWindows.geometry(of: target, connection: c) else { return nil }
        let monitors = Monitors.list(connection: c)
        let m = MonitorChoice.focus.pick(from: monitors, pointer: nil, focus: g) ?? monitors[0]
        let own = PixelRect(x: 0, y: 0, width: g.width, height: g.height)
        return MonitorInfo(name: area(over: target), frame: own, usable: own,
                           refreshRate: Monitors.refreshRate(output: m.output, connection: c))
    }
}
