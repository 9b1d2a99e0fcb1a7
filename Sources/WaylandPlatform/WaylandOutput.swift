internal import CWayland

/// One wl_output: its name (`HEADLESS-1`, `DP-2`), its scale and its mode, as the compositor last said them.
@MainActor final class WaylandOutput {
    let proxy: OpaquePointer
    /// The registry's name for the global, to see it removed.
    let global: UInt32
    private let version: UInt32
    private let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
    private(set) var name = ""
    /// Buffer pixels per surface unit the compositor draws this output at (integer, wl_output.scale).
    private(set) var scale = 1
    /// The current mode in pixels, and its refresh rate in Hz.
    private(set) var pixelWidth = 0
    private(set) var pixelHeight = 0
    private(set) var refreshRate = 60.0
    var changed: (@MainActor () -> Void)?

    init(_ proxy: OpaquePointer, global: UInt32, version: UInt32) {
        self.proxy = proxy
        self.global = global
        self.version = version
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, width, height, refresh in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                withOwner(data) { (me: WaylandOutput) in
                    me.pixelWidth = Int(width)
                    me.pixelHeight = Int(height)
                    if refresh > 0 { me.refreshRate = Double(refresh) / 1000 }
                }
            },
            done: { data, _ in
                withOwner(data) { (me: WaylandOutput) in me.changed?() }
            },
            scale: { data, _, factor in
                withOwner(data) { (me: WaylandOutput) in me.scale = max(1, Int(factor)) }
            },
            name: { data, _, name in
                guard let name else { return }
                withOwner(data) { (me: WaylandOutput) in me.name = String(cString: name) }
            },
            description: { _, _, _ in }))
        wl_output_add_listener(proxy, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
        listener.deallocate()
    }
}
