internal import CWayland
import Glibc

/// The connection to the compositor and the globals an overlay needs, owned here and released in `deinit`:
/// wl_compositor, wl_shm, zwlr_layer_shell_v1, the seat, the outputs and, where the compositor lists windows, their
/// list (`WaylandToplevels`). Everything happens on the main thread.
@MainActor final class WaylandConnection {
    let display: OpaquePointer
    /// The socket's name (`WAYLAND_DISPLAY`, or as given), for messages.
    let name: String
    /// Buffers of HUDs gone, for the next HUD of their size.
    let buffers = ShmBufferPool()
    private let registry: OpaquePointer
    private let registryListener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    /// wp_fractional_scale_manager_v1 and wp_viewporter, both or neither: where the compositor asks for a scale
    /// such as 1.5, a buffer drawn at it is shown at its size in surface units.
    private(set) var fractionalScale: (manager: OpaquePointer, viewporter: OpaquePointer)?
    private var fractionalManager: OpaquePointer?
    private var viewporter: OpaquePointer?
    private(set) var seat: WaylandSeat?
    private(set) var outputs: [WaylandOutput] = []
    /// Runs when an output comes, goes or changes its scale.
    var outputsChanged: (@MainActor () -> Void)?
    /// The windows, nil when the compositor offers no zwlr_foreign_toplevel_manager_v1 (version 2 or later: the
    /// first to say fullscreen).
    private(set) var toplevels: WaylandToplevels?
    /// Runs when a window came, went or changed what `toplevels` tells.
    var toplevelsChanged: (@MainActor () -> Void)?
    /// The window list's global, bound only by `watchToplevels()`: a HUD has no use for every window's title and
    /// state (nor for the events of a desktop with many windows at its start), the notification server has.
    private var toplevelGlobal: (id: UInt32, version: UInt32)?

    /// Connects to `name` (nil: `WAYLAND_DISPLAY`) and learns its globals and outputs (two round trips).
    /// - Throws: `WaylandError` `.displayUnavailable` when no compositor answers, `.unsupported` when it offers no
    ///   layer-shell (GNOME's Mutter, for one), shared memory or compositor.
    init(name given: String?) throws(WaylandError) {
        let shown = given ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        guard let display = wl_display_connect(given) else {
            throw WaylandError(.displayUnavailable, "cannot connect to the Wayland compositor at '\(shown)'")
        }
        self.display = display
        name = shown
        guard let registry = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            throw WaylandError(.displayUnavailable, "the Wayland compositor at '\(shown)' gave no registry")
        }
        self.registry = registry
        registryListener.initialize(to: wl_registry_listener(
            global: { data, _, id, interface, version in
                guard let interface else { return }
                withOwner(data) { (me: WaylandConnection) in me.announced(id, String(cString: interface), version) }
            },
            global_remove: { data, _, id in
                withOwner(data) { (me: WaylandConnection) in me.removed(id) }
            }))
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        // The globals, then what each output and the seat say about themselves, and the windows.
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        guard compositor != nil, shm != nil else {
            throw WaylandError(.unsupported, "the Wayland compositor at '\(shown)' offers no wl_compositor or wl_shm")
        }
        guard layerShell != nil else {
            throw WaylandError(.unsupported, "the Wayland compositor at '\(shown)' has no layer-shell "
                + "(zwlr_layer_shell_v1) for overlays")
        }
    }

    isolated deinit {
        // Before the display they belong to goes.
        buffers.removeAll()
        toplevels = nil
        outputs.removeAll()
        seat = nil
        if let layerShell { zwlr_layer_shell_v1_destroy(layerShell) }
        if let fractionalManager { wp_fractional_scale_manager_v1_destroy(fractionalManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
        registryListener.deallocate()
    }

    private func announced(_ id: UInt32, _ interface: String, _ version: UInt32) {
        func bind(_ type: UnsafePointer<wl_interface>, _ wanted: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, id, type, min(version, wanted)).map(OpaquePointer.init)
        }
        switch interface {
        case "wl_compositor" where compositor == nil: compositor = bind(hud_wl_compositor_interface(), 4)
        case "wl_shm" where shm == nil: shm = bind(hud_wl_shm_interface(), 1)
        case "zwlr_layer_shell_v1" where layerShell == nil: layerShell = bind(hud_layer_shell_interface(), 2)
        case "wl_seat" where seat == nil:
            if let proxy = bind(hud_wl_seat_interface(), 5) { seat = WaylandSeat(proxy) }
        case "wp_fractional_scale_manager_v1" where fractionalManager == nil:
            fractionalManager = bind(hud_fractional_scale_manager_interface(), 1)
            pairFractionalScale()
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(hud_viewporter_interface(), 1)
            pairFractionalScale()
        case "zwlr_foreign_toplevel_manager_v1" where version >= 2 && toplevelGlobal == nil:
            toplevelGlobal = (id, version)
        case "wl_output":
            guard let proxy = bind(hud_wl_output_interface(), 4) else { return }
            let output = WaylandOutput(proxy, global: id, version: min(version, 4))
            output.changed = { [weak self] in self?.outputsChanged?() }
            outputs.append(output)
        default: break
        }
    }

    private func pairFractionalScale() {
        if let fractionalManager, let viewporter { fractionalScale = (fractionalManager, viewporter) }
    }

    /// Whether the compositor lists windows (`watchToplevels()` can bind the list).
    var offersToplevels: Bool { toplevelGlobal != nil }

    /// Binds the window list and waits one round trip for the windows there are (after the outputs: a window's
    /// `output_enter` names outputs this client must know already).
    func watchToplevels() {
        guard toplevels == nil, let (id, version) = toplevelGlobal,
              let proxy = wl_registry_bind(registry, id, hud_toplevel_manager_interface(), min(version, 3))
        else { return }
        let list = WaylandToplevels(OpaquePointer(proxy))
        list.changed = { [weak self] in self?.toplevelsChanged?() }
        toplevels = list
        wl_display_roundtrip(display)
    }

    private func removed(_ id: UInt32) {
        guard let gone = outputs.first(where: { $0.global == id }) else { return }
        toplevels?.forget(output: gone.proxy)
        outputs.removeAll { $0.global == id }
        outputsChanged?()
    }

    /// The output a `wl_surface.enter` names.
    func output(_ proxy: OpaquePointer) -> WaylandOutput? { outputs.first { $0.proxy == proxy } }

    var descriptor: Int32 { wl_display_get_fd(display) }

    /// Reads what the compositor sent and runs its events. Returns false when the connection is lost (the
    /// compositor went away, or it ended the connection for a protocol error).
    func dispatch() -> Bool {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { return false }
        }
        if wl_display_read_events(display) < 0 { return false }
        if wl_display_dispatch_pending(display) < 0 { return false }
        return flush()
    }

    /// Sends the requests made so far. Returns false when the connection is lost.
    @discardableResult func flush() -> Bool {
        if wl_display_flush(display) < 0, errno != EAGAIN { return false }
        return wl_display_get_error(display) == 0
    }

    /// Sends the requests and waits until the compositor has handled them (and sent what they caused).
    @discardableResult func roundtrip() -> Bool { wl_display_roundtrip(display) >= 0 }
}
