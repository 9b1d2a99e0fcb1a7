import HUDScene
package import CX11

/// Whether a compositing manager runs on the screen, kept current: EWMH says one owns the selection
/// `_NET_WM_CM_S<screen>`, and XFixes reports every change of that owner (a compositor starting, quitting or crashing).
@MainActor package final class CompositorWatch {
    private let connection: XConnection
    private let selection: UInt
    package private(set) var isRunning = false

    package init(connection c: XConnection) {
        connection = c
        selection = c.atom("_NET_WM_CM_S\(c.screen)")
        if c.xfixesEventBase != nil {
            let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                | XFixesSelectionClientCloseNotifyMask)
            XFixesSelectSelectionInput(c.display, c.root, selection, mask)
        }
        // Asked after subscribing, so a compositor starting in between is not missed.
        refresh()
    }

    /// Whether `event` tells of a change of owner of `_NET_WM_CM_Sn`: the compositor may have changed.
    package func isSelectionEvent(_ event: XEvent) -> Bool {
        guard let base = connection.xfixesEventBase, event.type == base + XFixesSelectionNotify else { return false }
        var copy = event
        return withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee.selection == selection }
        }
    }

    /// Re-reads the owner; returns whether the answer changed.
    @discardableResult package func refresh() -> Bool {
        let running = XGetSelectionOwner(connection.display, selection) != 0
        defer { isRunning = running }
        return running != isRunning
    }
}
