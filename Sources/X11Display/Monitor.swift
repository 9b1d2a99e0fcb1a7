package import HUDScene

/// A monitor as RandR (or Xinerama, or the bare screen) describes it, in root-window pixels.
package struct Monitor: Hashable {
    package var name: String
    package var frame: PixelRect
    package var primary: Bool
    /// The first RandR output, for the refresh rate.
    package var output: UInt?

    package init(name: String, frame: PixelRect, primary: Bool, output: UInt? = nil) {
        self.name = name
        self.frame = frame
        self.primary = primary
        self.output = output
    }
}

extension MonitorChoice {
    /// The monitor this choice means among `monitors`, falling back to the primary (then the first) when the named
    /// or numbered one does not exist, or when the pointer or focus cannot be placed.
    package func pick(from monitors: [Monitor], pointer: (x: Int, y: Int)?, focus: PixelRect?) -> Monitor? {
        let primary = monitors.first { $0.primary } ?? monitors.first
        switch self {
        case .primary:
            return primary
        case .pointer:
            guard let pointer else { return primary }
            return monitors.first { $0.frame.contains(x: pointer.x, y: pointer.y) } ?? primary
        case .focus:
            guard let focus else { return MonitorChoice.pointer.pick(from: monitors, pointer: pointer, focus: nil) }
            let best = monitors.max { $0.frame.overlap(with: focus) < $1.frame.overlap(with: focus) }
            if let best, best.frame.overlap(with: focus) > 0 { return best }
            return MonitorChoice.pointer.pick(from: monitors, pointer: pointer, focus: nil)
        case .named(let name):
            return monitors.first { $0.name == name } ?? monitors.first { $0.name.lowercased() == name.lowercased() }
                ?? primary
        case .index(let i):
            return monitors.indices.contains(i) ? monitors[i] : primary
        }
    }

    /// Whether `pick` finds this very monitor rather than falling back.
    package func matches(any monitors: [Monitor]) -> Bool {
        switch self {
        case .named(let name): return monitors.contains { $0.name.lowercased() == name.lowercased() }
        case .index(let i): return monitors.indices.contains(i)
        default: return true
        }
    }
}

extension PixelRect {
    package func contains(x px: Int, y py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }

    /// The shared part, or nil when they do not overlap.
    package func intersection(_ o: PixelRect) -> PixelRect? {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    package func overlap(with o: PixelRect) -> Int { intersection(o).map { $0.width * $0.height } ?? 0 }
}

/// The part of `monitor` that panels leave free: `_NET_WORKAREA` (one box over all monitors, minus struts) clipped to
/// the monitor. The whole monitor when there is no work area or it leaves less than a quarter of the monitor, which
/// happens when a window manager publishes the box of another monitor only.
package func usableArea(of monitor: PixelRect, workArea: PixelRect?) -> PixelRect {
    guard let workArea, let clipped = monitor.intersection(workArea),
          clipped.width * clipped.height * 4 >= monitor.width * monitor.height else { return monitor }
    return clipped
}
