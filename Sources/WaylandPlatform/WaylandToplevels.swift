internal import CWayland

/// Every client's windows as the compositor lists them (wlr-foreign-toplevel-management, offered by wlroots
/// compositors: sway, Hyprland, river, labwc, Wayfire), owned here with the manager that lists them: what tells the
/// notification server that the window the user works in is fullscreen. Layer-shell alone does not say.
@MainActor final class WaylandToplevels {
    private let manager: OpaquePointer
    private let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(capacity: 1)
    private(set) var toplevels: [WaylandToplevel] = []
    /// The compositor stopped listing (`finished`): the manager is dead on its side.
    private var finished = false
    /// Runs when a window came, went, or changed its activation, fullscreen state or outputs.
    var changed: (@MainActor () -> Void)?

    init(_ manager: OpaquePointer) {
        self.manager = manager
        listener.initialize(to: zwlr_foreign_toplevel_manager_v1_listener(
            toplevel: { data, _, handle in
                guard let handle else { return }
                withOwner(data) { (me: WaylandToplevels) in me.arrived(handle) }
            },
            finished: { data, _ in
                withOwner(data) { (me: WaylandToplevels) in me.ended() }
            }))
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        toplevels.removeAll()
        if !finished { zwlr_foreign_toplevel_manager_v1_stop(manager) }
        // The protocol has no destructor request: this frees the proxy on our side only.
        zwlr_foreign_toplevel_manager_v1_destroy(manager)
        listener.deallocate()
    }

    private func arrived(_ handle: OpaquePointer) {
        let toplevel = WaylandToplevel(handle)
        toplevel.changed = { [weak self] in self?.changed?() }
        toplevel.closed = { [weak self, weak toplevel] in
            guard let self, let toplevel else { return }
            let counted = toplevel.isActivated || toplevel.isFullscreen
            toplevels.removeAll { $0 === toplevel }
            if counted { changed?() }
        }
        toplevels.append(toplevel)
    }

    private func ended() {
        finished = true
        toplevels.removeAll()
        changed?()
    }

    /// `output` has gone.
    func forget(output: OpaquePointer) {
        for toplevel in toplevels { toplevel.forget(output: output) }
    }
}
