import X11Display
import X11Names
internal import CX11
import HUDScene
import Glibc

/// The HUD's override-redirect window: created unmapped on the ARGB visual with its own colormap, identified for
/// compositors and window-manager rules, click-through from the start. Owns the window, its colormap and its GC.
@MainActor final class OverlayWindow {
    let connection: XConnection
    let visual: WindowVisual
    let id: UInt
    private let colormap: UInt
    private let gc: GC
    private(set) var frame: PixelRect
    private(set) var isMapped = false
    /// The window it is a child of: the root, or for a HUD over an application window, that window.
    let parent: UInt
    /// Set once the parent (an application window) was destroyed, and this window with it: nothing is sent about
    /// it any more.
    private(set) var isGone = false
    private var gravity: Int32

    /// With `parent` (an application window), the window is its child: the X server then moves, hides and stacks it
    /// with the parent and destroys it when the parent goes, and `gravity` (an X `*Gravity`) keeps it in place
    /// when the parent is resized.
    init(connection c: XConnection, frame: PixelRect, parent: UInt? = nil, gravity: Int32 = NorthWestGravity)
        throws(HUDError) {
        connection = c
        self.parent = parent ?? c.root
        self.gravity = gravity
        visual = WindowVisual(connection: c)
        self.frame = frame
        colormap = XCreateColormap(c.display, c.root, visual.visual, AllocNone)
        var attributes = XSetWindowAttributes()
        attributes.colormap = colormap
        // A depth differing from the root's needs an explicit border pixel, or XCreateWindow fails with BadMatch.
        attributes.border_pixel = 0
        // No background: the server must not clear the window visibly before each frame arrives.
        attributes.background_pixmap = 0
        attributes.override_redirect = 1
        // Crossings: the pointer resting on a notification holds its timeout (`HUD.hoverChanged`).
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | EnterWindowMask | LeaveWindowMask
        attributes.win_gravity = gravity
        let mask = UInt(CWColormap | CWBorderPixel | CWBackPixmap | CWOverrideRedirect | CWEventMask | CWWinGravity)
        id = XCreateWindow(c.display, self.parent, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)),
                           UInt32(max(1, frame.height)), 0, visual.depth, UInt32(InputOutput), visual.visual, mask,
                           &attributes)
        guard id != 0 else {
            XFreeColormap(c.display, colormap)
            throw HUDError(.serverRefused, "the X server on \(c.name) refused to create the HUD window")
        }
        var values = XGCValues()
        // Every frame is one complete blit; exposure events for the copy would be noise.
        values.graphics_exposures = 0
        gc = XCreateGC(c.display, id, UInt(GCGraphicsExposures), &values)
        WindowIdentity.set(on: id, connection: c)
        if self.parent == c.root {
            XErrorHandlers.own(id, on: c.display)
        } else {
            XErrorHandlers.hostGuest(id, on: c.display, true)
        }
    }

    isolated deinit {
        XErrorHandlers.disown(id, on: connection.display)
        XFreeGC(connection.display, gc)
        if !isGone { XDestroyWindow(connection.display, id) }
        XFreeColormap(connection.display, colormap)
        // A guest window stays known as one: errors about it may still be on their way.
    }

    /// The parent was destroyed, and the window with it.
    func markGone() {
        isGone = true
        isMapped = false
    }

    /// The server moved the window itself (its gravity, when the parent was resized): the next `move` is sent
    /// whatever it asks.
    func forgetFrame() { frame = PixelRect(x: Int.min, y: Int.min, width: 0, height: 0) }

    /// Where the server keeps the window when the parent is resized (an X `*Gravity`).
    /// The X gravity matching a position: the server then keeps a HUD where the layout puts it while the window
    /// it is over is resized, in the same frame, before the HUD hears of it.
    static func gravity(of position: Position) -> Int32 {
        Int32(NorthWestGravity) + Int32(position.horizontal + 1) + 3 * Int32(position.vertical + 1)
    }

    func setGravity(_ gravity: Int32) {
        guard !isGone, gravity != self.gravity else { return }
        self.gravity = gravity
        var attributes = XSetWindowAttributes()
        attributes.win_gravity = gravity
        XChangeWindowAttributes(connection.display, id, UInt(CWWinGravity), &attributes)
    }

    func map() {
        guard !isMapped, !isGone else { return }
        XMapRaised(connection.display, id)
        isMapped = true
    }

    func unmap() {
        guard isMapped, !isGone else { return }
        XUnmapWindow(connection.display, id)
        isMapped = false
    }

    func raise() {
        guard !isGone else { return }
        XRaiseWindow(connection.display, id)
    }

    func move(to newFrame: PixelRect) {
        guard newFrame != frame, !isGone else { return }
        frame = newFrame
        XMoveResizeWindow(connection.display, id, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)),
                          UInt32(max(1, frame.height)))
    }

    /// Puts premultiplied ARGB32 rows on the window in one request. On a little-endian host these bytes are exactly
    /// a depth-32 (or 24 with 32 bits per pixel) ZPixmap; the byte order is stated so Xlib swaps for a server that
    /// differs.
    /// With `region`, only that part (window pixels) is sent.
    func put(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, region: OpaqueFrame.Span? = nil) {
        guard let base = bytes.baseAddress, width > 0, height > 0, !isGone else { return }
        let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
        guard let image = XCreateImage(connection.display, visual.visual, UInt32(visual.depth), ZPixmap, 0, data,
                                       UInt32(width), UInt32(height), 32, Int32(stride))
        else { return }
        image.pointee.byte_order = Int32(1.littleEndian == 1 ? LSBFirst : MSBFirst)
        let r = region ?? OpaqueFrame.Span(x: 0, y: 0, width: width, height: height)
        XPutImage(connection.display, id, gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y), UInt32(r.width),
                  UInt32(r.height))
        // The pixels belong to the caller: detach them so destroying the XImage frees only the header.
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image(image)
    }
}
