import X11Display
import X11Names
internal import CX11

/// An invisible input-only window over a whole monitor, kept just below the HUD's window, that takes the pointer's
/// clicks so they do not reach the desktop while a modal job runs (ProgressHUD's `interaction: false`).
///
/// It grabs nothing: the keyboard keeps working, and the blocking ends when the window is unmapped (the HUD hides)
/// or destroyed with the connection (the process dies).
@MainActor final class InputBlocker {
    private let connection: XConnection
    let id: UInt
    private var frame: PixelRect
    private(set) var isMapped = false
    /// Set once its parent (the application window of a HUD over a window) was destroyed, and it with it.
    private var isGone = false

    /// With `parent` (the application window of a HUD over a window) it covers that window only, as its child.
    init?(connection c: XConnection, frame: PixelRect, parent: UInt? = nil) {
        connection = c
        self.frame = frame
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        // Selected, and then ignored, so that the clicks are delivered here rather than propagating to the root
        // (where a window manager may act on them).
        attributes.event_mask = ButtonPressMask | ButtonReleaseMask
        let mask = UInt(CWOverrideRedirect | CWEventMask)
        id = XCreateWindow(c.display, parent ?? c.root, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)),
                           UInt32(max(1, frame.height)), 0, 0, UInt32(InputOnly), nil, mask, &attributes)
        guard id != 0 else { return nil }
        WindowIdentity.set(on: id, connection: c)
        if parent != nil { XErrorHandlers.hostGuest(id, on: c.display, true) }
    }

    isolated deinit { if !isGone { XDestroyWindow(connection.display, id) } }

    /// The parent was destroyed, and this window with it.
    func markGone() {
        isGone = true
        isMapped = false
    }

    /// Covers `newFrame` and sits right below `window`. Sends nothing when it already does, since it is called every
    /// frame (and each restack would come back as an event).
    func cover(_ newFrame: PixelRect, below window: UInt) {
        guard !isGone else { return }
        var changed = !isMapped
        if newFrame != frame {
            frame = newFrame
            changed = true
            XMoveResizeWindow(connection.display, id, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)),
                              UInt32(max(1, frame.height)))
        }
        if !isMapped {
            XMapWindow(connection.display, id)
            isMapped = true
        }
        if changed { restack(below: window) }
    }

    /// Keeps it right below `window`.
    func restack(below window: UInt) {
        guard isMapped else { return }
        var changes = XWindowChanges()
        changes.sibling = window
        changes.stack_mode = Below
        XConfigureWindow(connection.display, id, UInt32(CWSibling | CWStackMode), &changes)
    }

    func unmap() {
        guard isMapped, !isGone else { return }
        XUnmapWindow(connection.display, id)
        isMapped = false
    }
}
