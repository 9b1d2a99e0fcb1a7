import X11Display
import X11Names
import HUDScene

/// Where a HUD's window goes and which part of it takes clicks: pure functions of the scene and its snapshot.
enum WindowGeometry {
    /// The window covers the bezel at its largest zoom (plus a pixel of antialiasing), or the whole monitor (panels
    /// too, as MBProgressHUD's background view covers the screen) when a dim background is asked for and a
    /// compositor can show it. Returns the window in root pixels and the scene point at its top-left pixel.
    static func window(of scene: HUDScene, layout: HUDLayout, on monitor: PixelRect, opaque: Bool)
        -> (PixelRect, Point) {
        let covered: Rect
        if !opaque, scene.style.backgroundColor.alpha > 0 {
            covered = Rect(x: 0, y: 0, width: Double(monitor.width) / scene.scale,
                           height: Double(monitor.height) / scene.scale)
        } else {
            covered = scene.bezelCover(layout: layout)
        }
        let px = covered.scaled(by: scene.scale)
        let frame = PixelRect(x: monitor.x + Int(px.x), y: monitor.y + Int(px.y),
                              width: max(1, Int(px.width)), height: max(1, Int(px.height)))
        return (frame, Point(x: px.x / scene.scale, y: px.y / scene.scale))
    }

    /// The part of the window that takes clicks while the HUD is (being) shown, in window pixels: the bezel when
    /// `bezel` (a bezel action is set), else the buttons (the box round them all), else nothing.
    static func clickable(_ snapshot: HUDSnapshot, origin: Point, bezel: Bool, shown: Bool) -> OpaqueFrame.Span? {
        guard shown, let area = snapshot.clickable(bezel: bezel) else { return nil }
        let r = Rect(x: area.minX - origin.x, y: area.minY - origin.y, width: area.width, height: area.height)
            .scaled(by: snapshot.scale)
        return OpaqueFrame.Span(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
    }
}
