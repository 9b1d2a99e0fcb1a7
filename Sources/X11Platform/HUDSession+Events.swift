import HUDControl
import X11Display
import X11Names
internal import CX11
import HUDScene

extension HUDSession {
    /// Selects the root-window events the HUDs react to: other windows appearing or restacking (to stay on top),
    /// monitor and work-area changes (to stay in place), and the list of HUD windows (to stack).
    func watchRoot() {
        // Property changes: the X resources (Xft.dpi), the work area (panels) and the HUD list.
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
        case DestroyNotify where XErrorHandlers.isOwn(event.xdestroywindow.window, on: connection.display):
            // Another client destroyed one of our HUD windows (seen through the root's SubstructureNotify; our own
            // OverlayWindow disowns its window before destroying it).
            XErrorHandlers.exitOnWindowLoss()
        case Expose:
            if event.xexpose.count == 0 { hud(window: event.xexpose.window)?.blit() }
        case CreateNotify:
            raiseAbove(event.xcreatewindow.window, overrideRedirect: event.xcreatewindow.override_redirect)
        case MapNotify:
            raiseAbove(event.xmap.window, overrideRedirect: event.xmap.override_redirect)
            dimsFollow(event.xmap.window)
        case UnmapNotify:
            dimsFollow(event.xunmap.window)
        case ConfigureNotify:
            targetConfigured(event.xconfigure)
            raiseAbove(event.xconfigure.window, overrideRedirect: event.xconfigure.override_redirect)
            if event.xconfigure.override_redirect == 0 { dimsFollow(event.xconfigure.window, restack: true) }
        case PropertyNotify where event.xproperty.window == connection.root:
            let atom = event.xproperty.atom
            if atom == UInt(XA_RESOURCE_MANAGER) {
                resourcesChanged()
            } else if atom == connection.atom("_NET_WORKAREA") || atom == connection.atom("_NET_CURRENT_DESKTOP") {
                desktopChanged()
            } else if atom == connection.atom(HUDRegistry.listName) {
                restack()
            } else if activeWindowWatch.changed != nil, atom == connection.atom("_NET_ACTIVE_WINDOW") {
                activeWindowChanged()
            }
        case PropertyNotify:
            propertyChanged(event.xproperty)
        case ButtonPress, ButtonRelease:
            // A click another client made up (XSendEvent) must not press Cancel: only the server's own events count.
            guard event.xbutton.send_event == 0 else { return }
            for hud in huds { hud.handleButton(event.xbutton, pressed: event.type == ButtonPress) }
        case EnterNotify, LeaveNotify:
            // Only the pointer's own crossings, not ones another client made up.
            guard event.xcrossing.send_event == 0 else { return }
            hud(window: event.xcrossing.window)?.pointerCrossed(inside: event.type == EnterNotify)
        case ClientMessage:
            receive(event.xclient)
        case SelectionClear:
            let atom = event.xselectionclear.selection
            namedHUDs.first { $0.ownsName && links.selection(for: $0.id ?? "") == atom }?.lostName()
        case DestroyNotify:
            endpoint.windowDestroyed(event.xdestroywindow.window)
            targetGone(event.xdestroywindow.window)
            servedClientGone(event.xdestroywindow.window)
        default:
            if compositor.isSelectionEvent(event) {
                // Translucent ↔ opaque and shaped: redraw at once, so no black rectangle is ever left up.
                if compositor.refresh() {
                    for hud in huds { hud.compositorChanged() }
                    setNeedsUpdate()
                }
            } else if let base = connection.xfixesEventBase, event.type == base + XFixesSelectionNotify {
                nameReleased()
            } else if let base = connection.randrEventBase,
                      event.type == base + RRScreenChangeNotify || event.type == base + RRNotify {
                XRRUpdateConfiguration(&event)
                desktopChanged()
            }
        }
    }

    // MARK: HUDs over windows

    /// Listens to a window HUDs go over: its size, and its end. Its children too, so the HUD's window is raised again
    /// when the application maps or restacks windows of its own (see `raiseAbove`).
    func watchTarget(_ target: UInt) {
        _ = XErrorHandlers.quietly(connection: connection) {
            XSelectInput(connection.display, target, StructureNotifyMask | SubstructureNotifyMask)
        }
    }

    /// The HUDs of this process over `target` (up or not, named or not).
    func huds(over target: UInt) -> [HUD] {
        var found = huds.filter { $0.targetWindow == target }
        for hud in namedHUDs where hud.targetWindow == target && !found.contains(where: { $0 === hud }) {
            found.append(hud)
        }
        return found
    }

    private func targetConfigured(_ e: XConfigureEvent) {
        guard e.event == e.window else { return }
        for hud in huds(over: e.window) { hud.targetResized(width: Int(e.width), height: Int(e.height)) }
    }

    /// The dim layers over `window` (a target, or its frame) follow it; with `restack`, every other one is put back
    /// right above its frame, since a window restacked right above that frame would otherwise be dimmed too.
    private func dimsFollow(_ window: UInt, restack: Bool = false) {
        for hud in huds + namedHUDs {
            guard let dim = hud.dim else { continue }
            if window == hud.targetWindow || window == dim.topLevel {
                dim.follow()
                // Shown again (mapped, back from another workspace) by the next frame, even of a static HUD.
                hud.setNeedsUpdate()
            } else if restack {
                dim.restack()
            }
        }
    }

    /// A window was destroyed: HUDs over it end. (The HUD's own window, its child, is reported first.)
    private func targetGone(_ window: UInt) {
        for hud in huds + namedHUDs where hud.targetWindow != nil {
            if hud.targetWindow == window || hud.window.id == window { hud.targetDestroyed() }
        }
    }

    /// The HUD of this process whose window is `window`.
    func hud(window: UInt) -> HUD? {
        huds.first { $0.window.id == window } ?? namedHUDs.first { $0.window.id == window }
    }

    /// A window a window manager manages (or will) was created, mapped or restacked: no window manager keeps an
    /// override-redirect window on top, so raise the HUDs again while they are up. Other override-redirect windows
    /// (menus, other HUDs) are left alone, so two overlays never fight.
    private func raiseAbove(_ other: UInt, overrideRedirect: Int32) {
        guard overrideRedirect == 0 else { return }
        for hud in huds where hud.window.isMapped && hud.window.id != other && hud.blocker?.id != other {
            hud.window.raise()
            hud.blocker?.restack(below: hud.window.id)
        }
    }
}
