internal import CWayland

/// One window of any client, as the compositor describes it (a `zwlr_foreign_toplevel_handle_v1`): whether it is
/// the active one, whether it is fullscreen, and the outputs it is on. What a handle's events say takes effect
/// together at its `done`, as the protocol asks, so a window going fullscreen on another output is never seen half
/// moved.
@MainActor final class WaylandToplevel {
    let proxy: OpaquePointer
    private let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(capacity: 1)
    /// As of the last `done`.
    private(set) var isActivated = false
    private(set) var isFullscreen = false
    /// The wl_outputs it is on, as of the last `done` (compared, never used: an output may since have gone).
    private(set) var outputs: [OpaquePointer] = []
    private var pending: (activated: Bool, fullscreen: Bool, outputs: [OpaquePointer]) = (false, false, [])
    /// Runs after a `done` that changed what it says.
    var changed: (@MainActor () -> Void)?
    /// Runs when the window has gone (`closed`); the handle is destroyed when this object goes.
    var closed: (@MainActor () -> Void)?

    init(_ proxy: OpaquePointer) {
        self.proxy = proxy
        listener.initialize(to: zwlr_foreign_toplevel_handle_v1_listener(
            title: { _, _, _ in },
            app_id: { _, _, _ in },
            output_enter: { data, _, output in
                guard let output else { return }
                withOwner(data) { (me: WaylandToplevel) in
                    if !me.pending.outputs.contains(output) { me.pending.outputs.append(output) }
                }
            },
            output_leave: { data, _, output in
                guard let output else { return }
                withOwner(data) { (me: WaylandToplevel) in me.pending.outputs.removeAll { $0 == output } }
            },
            state: { data, _, array in
                let states = WaylandToplevel.states(array)
                withOwner(data) { (me: WaylandToplevel) in
                    me.pending.activated = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue)
                    me.pending.fullscreen = states.contains(
                        ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN.rawValue)
                }
            },
            done: { data, _ in
                withOwner(data) { (me: WaylandToplevel) in me.done() }
            },
            closed: { data, _ in
                withOwner(data) { (me: WaylandToplevel) in me.closed?() }
            },
            parent: { _, _, _ in }))
        zwlr_foreign_toplevel_handle_v1_add_listener(proxy, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        zwlr_foreign_toplevel_handle_v1_destroy(proxy)
        listener.deallocate()
    }

    /// The values of a `state` event's array of uint32.
    private nonisolated static func states(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
    }

    private func done() {
        let before = (isActivated, isFullscreen, outputs)
        (isActivated, isFullscreen, outputs) = pending
        if before != (isActivated, isFullscreen, outputs) { changed?() }
    }

    /// `output` has gone: it no longer counts as one this window is on.
    func forget(output: OpaquePointer) {
        outputs.removeAll { $0 == output }
        pending.outputs.removeAll { $0 == output }
    }
}
