import HUDScene
internal import CX11
import Glibc

/// The properties that identify the HUD window: `WM_CLASS` and a name for compositor rules (picom's
/// `class_g = 'X11hud'`), `_NET_WM_PID` with `WM_CLIENT_MACHINE` (EWMH requires both together), and the notification
/// type and above state that compositors key shadows and fades on even though no window manager sees the window.
@MainActor package enum WindowIdentity {
    package static let resourceName = "x11hud"
    package static let resourceClass = "X11hud"

    package static func set(on window: UInt, connection c: XConnection) {
        let d = c.display
        resourceName.withCString { name in
            resourceClass.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                      res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(d, window, &hint)
            }
        }
        XStoreName(d, window, resourceName)
        // Sets WM_CLIENT_MACHINE (and WM_LOCALE_NAME) from the host name.
        XSetWMProperties(d, window, nil, nil, nil, 0, nil, nil, nil)
        let utf8 = Array(resourceName.utf8)
        utf8.withUnsafeBufferPointer {
            _ = XChangeProperty(d, window, c.atom("_NET_WM_NAME"), c.atom("UTF8_STRING"), 8, PropModeReplace,
                                $0.baseAddress, Int32(utf8.count))
        }
        // Format-32 property data is an array of C longs, whatever the size of long.
        setLongs([CLong(getpid())], name: "_NET_WM_PID", type: "CARDINAL", on: window, connection: c)
        let types = [c.atom("_NET_WM_WINDOW_TYPE_NOTIFICATION"), c.atom("_NET_WM_WINDOW_TYPE_UTILITY")]
        setLongs(types.map { CLong(bitPattern: $0) }, name: "_NET_WM_WINDOW_TYPE", type: "ATOM", on: window,
                 connection: c)
        setLongs([CLong(bitPattern: c.atom("_NET_WM_STATE_ABOVE"))], name: "_NET_WM_STATE", type: "ATOM", on: window,
                 connection: c)
    }

    package static func setLongs(_ values: [CLong], name: String, type: String, on window: UInt,
                                 connection c: XConnection) {
        values.withUnsafeBytes {
            _ = XChangeProperty(c.display, window, c.atom(name), c.atom(type), 32, PropModeReplace,
                                $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
}
