import X11Display
import X11Names
public import HUDScene

extension HUDSession {
    /// The usable part of the monitor `monitor` chooses now, in points at `scale` (nil: the screen's), as a HUD
    /// made there would lay out in: what a column of notifications measures its room by.
    public func usableArea(monitor: MonitorChoice = .pointer, scale: Double? = nil) -> Rect {
        let found = MonitorInfo.locate(monitor, keeping: nil, connection: connection)
        return HUD.area(of: found, scale: scale ?? desktopScale)
    }
}
