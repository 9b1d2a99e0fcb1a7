import X11Display
import X11Names
internal import CX11
import HUDScene

/// The dim layer of a HUD over an application window: MBProgressHUD's background view, over that window only.
///
/// The HUD's own window is a child of the application's, which the X server copies without blending, so the dim is
/// a top-level window of its own: translucent through the compositor, over the application window's rectangle,
/// stacked right above the application's top-level window (its window manager's frame) so that every window above
/// the application covers the dim as well, with the HUD's shape cut out of it. The server paints it from a
/// background pixel: no pixels are sent, even while it fades. Pointer input goes through it.
@MainActor final class WindowDim {
    private let connection: XConnection
    private let window: OverlayWindow
    private var shape: WindowShape
    private let target: UInt
    /// The target's top-level window (a frame, or the target itself without a window manager): the dim's sibling.
    let topLevel: UInt
    /// Whether the target is viewable (mapped, and so is its frame): the dim shows only then.
    private var targetViewable = true
    private var pixel: UInt?
    /// The HUD window's place and shape last cut out, to cut again only when they change.
    private var hole: (frame: PixelRect, shape: [OpaqueFrame.Span]?)?

    /// Nil when the target has gone or the server refuses the window.
    init?(connection c: XConnection, target: UInt) {
        guard let top = TargetWindows.topLevel(of: target, connection: c),
              let frame = TargetWindows.geometry(of: target, connection: c),
              let window = try? OverlayWindow(connection: c, frame: frame)
        else { return nil }
        connection = c
        self.target = target
        topLevel = top
        self.window = window
        shape = WindowShape(connection: c, window: window.id)
        shape.setInput(nil)
    }

    /// Shows `color` at `opacity` (the HUD's fade) with the HUD's window, at `frame` in the target's coordinates
    /// and clipped to `spans` (nil: its whole rectangle), left clear.
    func show(_ color: RGBA, opacity: Double, hud: OverlayWindow, frame: PixelRect, spans: [OpaqueFrame.Span]?) {
        let a = min(max(color.alpha * opacity, 0), 1)
        guard a > 0, targetViewable else {
            hide()
            return
        }
        // A depth-32 pixel is premultiplied ARGB, as the compositor reads it.
        func channel(_ v: Double) -> UInt { UInt((min(max(v, 0), 1) * a * 255).rounded()) }
        let p = UInt((a * 255).rounded()) << 24 | channel(color.red) << 16 | channel(color.green) << 8
            | channel(color.blue)
        if p != pixel {
            pixel = p
            XSetWindowBackground(connection.display, window.id, p)
            XClearWindow(connection.display, window.id)
        }
        if hole?.frame != frame || hole?.shape != spans {
            hole = (frame, spans)
            cutHole(hud: hud.id, at: frame)
        }
        if !window.isMapped {
            window.map()
            restack()
        }
    }

    func hide() { window.unmap() }

    /// The target or its frame moved, was resized, restacked, mapped or unmapped: follow it.
    func follow() {
        targetViewable = XErrorHandlers.quietly(connection: connection) { () -> Bool in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(connection.display, target, &attributes) != 0
                && attributes.map_state == IsViewable
        }
        guard targetViewable, let frame = TargetWindows.geometry(of: target, connection: connection) else {
            hide()
            return
        }
        // A new size needs the whole rectangle shaped again before the HUD is cut out of it.
        if frame.width != window.frame.width || frame.height != window.frame.height { hole = nil }
        window.move(to: frame)
        restack()
    }

    /// Right above the target's top-level window.
    func restack() {
        guard window.isMapped else { return }
        XErrorHandlers.quietly(connection: connection) {
            var changes = XWindowChanges()
            changes.sibling = topLevel
            changes.stack_mode = Above
            XConfigureWindow(connection.display, window.id, UInt32(CWSibling | CWStackMode), &changes)
        }
    }

    /// The whole rectangle, less the HUD window's bounding shape where that window is.
    private func cutHole(hud: UInt, at frame: PixelRect) {
        guard connection.hasShape else { return }
        var all = XRectangle(x: 0, y: 0, width: UInt16(clamping: window.frame.width),
                             height: UInt16(clamping: window.frame.height))
        XShapeCombineRectangles(connection.display, window.id, ShapeBounding, 0, 0, &all, 1, ShapeSet, YXBanded)
        XShapeCombineShape(connection.display, window.id, ShapeBounding, Int32(frame.x), Int32(frame.y), hud,
                           ShapeBounding, ShapeSubtract)
    }
}
