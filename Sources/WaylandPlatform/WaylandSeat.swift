internal import CWayland

/// The seat's pointer: where it is over which of our surfaces, and its buttons, handed to `handler`.
@MainActor final class WaylandSeat {
    enum PointerEvent: @unchecked Sendable {
        /// Came onto `surface` (a wl_surface) at surface-local `x`, `y`.
        case entered(surface: OpaquePointer, x: Double, y: Double)
        case left(surface: OpaquePointer)
        case moved(x: Double, y: Double)
        /// A button (Linux input codes: BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112) pressed or let go.
        case button(code: UInt32, pressed: Bool)
    }

    private let proxy: OpaquePointer
    private var pointer: OpaquePointer?
    private let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    private let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    var handler: (@MainActor (PointerEvent) -> Void)?

    init(_ proxy: OpaquePointer) {
        self.proxy = proxy
        seatListener.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in
                withOwner(data) { (me: WaylandSeat) in
                    me.hasPointer(capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0)
                }
            },
            name: { _, _, _ in }))
        pointerListener.initialize(to: wl_pointer_listener(
            enter: { data, _, _, surface, x, y in
                guard let surface else { return }
                let (x, y) = (wl_fixed_to_double(x), wl_fixed_to_double(y))
                WaylandSeat.send(data, .entered(surface: surface, x: x, y: y))
            },
            leave: { data, _, _, surface in
                guard let surface else { return }
                WaylandSeat.send(data, .left(surface: surface))
            },
            motion: { data, _, _, x, y in
                WaylandSeat.send(data, .moved(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            button: { data, _, _, _, button, state in
                let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
                WaylandSeat.send(data, .button(code: button, pressed: pressed))
            },
            axis: { _, _, _, _, _ in },
            frame: { _, _ in },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
        wl_seat_add_listener(proxy, seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private nonisolated static func send(_ data: UnsafeMutableRawPointer?, _ event: PointerEvent) {
        withOwner(data) { (me: WaylandSeat) in me.handler?(event) }
    }

    private func hasPointer(_ has: Bool) {
        if has, pointer == nil, let made = wl_seat_get_pointer(proxy) {
            pointer = made
            wl_pointer_add_listener(made, pointerListener, Unmanaged.passUnretained(self).toOpaque())
        } else if !has, let pointer {
            wl_pointer_release(pointer)
            self.pointer = nil
        }
    }

    isolated deinit {
        if let pointer { wl_pointer_release(pointer) }
        wl_seat_release(proxy)
        seatListener.deallocate()
        pointerListener.deallocate()
    }
}
