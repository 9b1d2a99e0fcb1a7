internal import CWayland

/// A wl_surface with the layer-shell role on the overlay layer, owned here and destroyed in `deinit`: placed by
/// anchors and margins on its output, never taking the keyboard, taking the pointer only inside its input region.
@MainActor final class LayerSurface {
    /// Where the surface is: over the whole usable area of its output (what the first configure measures), or a
    /// rectangle from that area's top-left corner, in surface units.
    enum Placement: Equatable {
        case wholeArea
        case rect(x: Int, y: Int, width: Int, height: Int)
    }

    let surface: OpaquePointer
    private let layer: OpaquePointer
    private let compositor: OpaquePointer
    private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    private let layerListener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
    private let callbackListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    private var frameCallback: OpaquePointer?
    private(set) var placement: Placement?
    /// The size of the last configure, in surface units (the usable area while placed over the whole of it).
    private(set) var configuredSize: (width: Int, height: Int)?
    /// The outputs the surface is on, as `wl_surface.enter` said.
    private(set) var outputs: [OpaquePointer] = []
    /// Whether a frame callback is outstanding: the compositor has not yet shown the last commit.
    var waitingForFrame: Bool { frameCallback != nil }
    var configured: (@MainActor (Int, Int) -> Void)?
    var closed: (@MainActor () -> Void)?
    var frameDone: (@MainActor () -> Void)?
    var outputsChanged: (@MainActor () -> Void)?
    /// The scale the compositor asks this surface to be drawn at (`wp_fractional_scale_v1.preferred_scale`, such as
    /// 1.5), where it says one; nil: the outputs' integer scale applies.
    private(set) var preferredScale: Double?
    var preferredScaleChanged: (@MainActor () -> Void)?
    private var fractional: (scale: OpaquePointer, viewport: OpaquePointer)?
    private let fractionalListener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)

    init(connection: WaylandConnection, shell: OpaquePointer, compositor: OpaquePointer, output: OpaquePointer?,
         namespace: String) {
        self.compositor = compositor
        surface = wl_compositor_create_surface(compositor)
        layer = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output,
                                                      ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, namespace)
        let me = Unmanaged.passUnretained(self).toOpaque()
        surfaceListener.initialize(to: wl_surface_listener(
            enter: { data, _, output in withOwner(data) { (me: LayerSurface) in me.entered(output, true) } },
            leave: { data, _, output in withOwner(data) { (me: LayerSurface) in me.entered(output, false) } }))
        wl_surface_add_listener(surface, surfaceListener, me)
        layerListener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, layer, serial, width, height in
                zwlr_layer_surface_v1_ack_configure(layer, serial)
                withOwner(data) { (me: LayerSurface) in
                    me.configuredSize = (Int(width), Int(height))
                    me.configured?(Int(width), Int(height))
                }
            },
            closed: { data, _ in withOwner(data) { (me: LayerSurface) in me.closed?() } }))
        zwlr_layer_surface_v1_add_listener(layer, layerListener, me)
        callbackListener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            wl_callback_destroy(callback)
            withOwner(data) { (me: LayerSurface) in
                me.frameCallback = nil
                me.frameDone?()
            }
        }))
        if let (manager, viewporter) = connection.fractionalScale,
           let scale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface),
           let viewport = wp_viewporter_get_viewport(viewporter, surface) {
            fractional = (scale, viewport)
            fractionalListener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                withOwner(data) { (me: LayerSurface) in
                    // In 120ths, as the protocol gives it.
                    let preferred = Double(scale) / 120
                    guard preferred != me.preferredScale else { return }
                    me.preferredScale = preferred
                    me.preferredScaleChanged?()
                }
            }))
            wp_fractional_scale_v1_add_listener(scale, fractionalListener, me)
        }
        zwlr_layer_surface_v1_set_keyboard_interactivity(layer, 0)
        // No click input until a region is set: a HUD lets clicks through everywhere but its buttons.
        setInputRegion(nil)
    }

    private func entered(_ output: OpaquePointer?, _ entering: Bool) {
        guard let output else { return }
        outputs.removeAll { $0 == output }
        if entering { outputs.append(output) }
        outputsChanged?()
    }

    /// Places the surface (applied with the next commit; the compositor answers with a configure).
    func place(_ new: Placement) {
        guard new != placement else { return }
        placement = new
        let top = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue, left = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue
        switch new {
        case .wholeArea:
            let all = top | left | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
            zwlr_layer_surface_v1_set_anchor(layer, all)
            zwlr_layer_surface_v1_set_size(layer, 0, 0)
            zwlr_layer_surface_v1_set_margin(layer, 0, 0, 0, 0)
        case .rect(let x, let y, let width, let height):
            zwlr_layer_surface_v1_set_anchor(layer, top | left)
            zwlr_layer_surface_v1_set_size(layer, UInt32(width), UInt32(height))
            zwlr_layer_surface_v1_set_margin(layer, Int32(y), 0, 0, Int32(x))
        }
        // 0: kept clear of panels' exclusive zones, as an X HUD keeps to the work area.
        zwlr_layer_surface_v1_set_exclusive_zone(layer, 0)
    }

    /// The part of the surface that takes the pointer, in surface units; nil: none.
    func setInputRegion(_ rect: (x: Int, y: Int, width: Int, height: Int)?) {
        let region = wl_compositor_create_region(compositor)
        if let rect { wl_region_add(region, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    /// Puts `buffer` on screen with the next frame, asking to be told when the compositor shows it: at `scale`
    /// buffer pixels per surface unit, or, with `size` (surface units), stretched to that size by the viewport (a
    /// buffer drawn at a fractional scale).
    func present(_ buffer: ShmBuffer, scale: Int, size: (width: Int, height: Int)? = nil) {
        if let viewport = fractional?.viewport {
            if let size {
                wl_surface_set_buffer_scale(surface, 1)
                wp_viewport_set_destination(viewport, Int32(size.width), Int32(size.height))
            } else {
                wp_viewport_set_destination(viewport, -1, -1)
                wl_surface_set_buffer_scale(surface, Int32(scale))
            }
        } else {
            wl_surface_set_buffer_scale(surface, Int32(scale))
        }
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
        buffer.attached()
        commitFrame()
    }

    /// Moves the surface to `placement` with the next frame, keeping the buffer it shows: a HUD sliding in its
    /// stack is the same pixels somewhere else, not a frame to draw again.
    func move(to new: Placement) {
        place(new)
        commitFrame()
    }

    /// Commits, asking to be told when the compositor shows the result, so that the next frame waits for it.
    private func commitFrame() {
        if frameCallback == nil, let callback = wl_surface_frame(surface) {
            frameCallback = callback
            wl_callback_add_listener(callback, callbackListener, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_surface_commit(surface)
    }

    /// Commits what was set without a new buffer (the first commit, which asks for a configure).
    func commit() { wl_surface_commit(surface) }

    isolated deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let fractional {
            wp_viewport_destroy(fractional.viewport)
            wp_fractional_scale_v1_destroy(fractional.scale)
        }
        zwlr_layer_surface_v1_destroy(layer)
        wl_surface_destroy(surface)
        surfaceListener.deallocate()
        layerListener.deallocate()
        callbackListener.deallocate()
        fractionalListener.deallocate()
    }
}
