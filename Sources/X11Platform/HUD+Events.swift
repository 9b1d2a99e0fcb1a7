internal import CX11
import HUDScene

extension HUD {
    /// Selects the root-window events the HUD reacts to: other windows appearing or restacking (to stay on top)
    /// and monitor changes (to stay centred).
    func watchRoot() {
        // Property changes: the X resources (Xft.dpi) and the work area (panels).
        XSelectInput(connection.display, connection.root, SubstructureNotifyMask | PropertyChangeMask)
        if connection.randrEventBase != nil {
            // Screen size, CRTC and output changes: hotplug, a mode or a rotation. (RandR 1.5 monitor-only edits such
            // as `xrandr --setmonitor` send no event on Xorg 21; they are seen at the next one of these.)
            XRRSelectInput(connection.display, connection.root,
                           Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        }
    }

    func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            if event.xexpose.window == window.id, event.xexpose.count == 0 { blit() }
        case CreateNotify:
            raiseAbove(event.xcreatewindow.window, overrideRedirect: event.xcreatewindow.override_redirect)
        case MapNotify:
            raiseAbove(event.xmap.window, overrideRedirect: event.xmap.override_redirect)
        case ConfigureNotify:
            raiseAbove(event.xconfigure.window, overrideRedirect: event.xconfigure.override_redirect)
        case PropertyNotify where event.xproperty.window == connection.root:
            let atom = event.xproperty.atom
            if atom == UInt(XA_RESOURCE_MANAGER) {
                resourcesChanged()
            } else if atom == connection.atom("_NET_WORKAREA") || atom == connection.atom("_NET_CURRENT_DESKTOP") {
                place(keepingMonitor: true)
            }
        case ButtonPress:
            guard event.xbutton.window == window.id, event.xbutton.button == UInt32(Button1),
                  hitsButton(x: Int(event.xbutton.x), y: Int(event.xbutton.y)) else { return }
            buttonPressed = true
            setNeedsUpdate()
        case ButtonRelease:
            guard event.xbutton.button == UInt32(Button1) else { return }
            let x = Int(event.xbutton.x), y = Int(event.xbutton.y)
            if buttonPressed {
                buttonPressed = false
                setNeedsUpdate()
                if hitsButton(x: x, y: y) { buttonAction?() }
            } else if bezelAction != nil, event.xbutton.window == window.id, hitsBezel(x: x, y: y) {
                bezelAction?()
            }
        default:
            if compositor.isSelectionEvent(event.type) {
                // Translucent ↔ opaque and shaped: redraw at once, so no black rectangle is ever left up.
                if compositor.refresh() { presented = nil; setNeedsUpdate() }
            } else if let base = connection.randrEventBase,
                      event.type == base + RRScreenChangeNotify || event.type == base + RRNotify {
                XRRUpdateConfiguration(&event)
                place(keepingMonitor: true)
            }
        }
    }

    /// A window a window manager manages (or will) was created, mapped or restacked: no window manager keeps an
    /// override-redirect window on top, so raise it again while it is up. Other override-redirect windows (menus,
    /// other HUDs) are left alone, so two overlays never fight.
    private func raiseAbove(_ other: UInt, overrideRedirect: Int32) {
        guard other != window.id, other != blocker?.id, overrideRedirect == 0, window.isMapped else { return }
        window.raise()
        blocker?.restack(below: window.id)
    }
}
