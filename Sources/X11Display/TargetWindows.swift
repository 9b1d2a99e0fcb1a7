package import HUDScene
internal import CX11

/// Finds the application window a `WindowChoice` means and reads its geometry.
@MainActor package enum TargetWindows {
    /// The client window (the one with `WM_STATE`) that `choice` means: given a frame, the client inside it; given
    /// a window inside a client (xterm's `$WINDOWID` may be its VT100 widget), that client. Without a window manager
    /// (no `WM_STATE` anywhere), the top-level window. Nil when there is no such window (or it is the root).
    package static func resolve(_ choice: WindowChoice, connection c: XConnection) -> UInt? {
        let start: UInt
        switch choice {
        case .id(let id): start = id
        case .active:
            guard let active = Property.longs(c, window: c.root, name: "_NET_ACTIVE_WINDOW")?.first, active != 0
            else { return nil }
            start = active
        case .pointer:
            var root: UInt = 0, child: UInt = 0
            var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
            var mask: UInt32 = 0
            guard XQueryPointer(c.display, c.root, &root, &child, &rx, &ry, &wx, &wy, &mask) != 0, child != 0
            else { return nil }
            start = child
        }
        return XErrorHandlers.quietly(connection: c) { () -> UInt? in
            var attributes = XWindowAttributes()
            guard start != c.root, XGetWindowAttributes(c.display, start, &attributes) != 0 else { return nil }
            let path = ancestors(of: start, connection: c)
            // The window itself or the nearest ancestor a window manager manages.
            if let client = path.first(where: { hasWMState($0, c) }) { return client }
            // A frame (or a window without a manager): a managed window inside it.
            if let client = clientBelow(start, connection: c, depth: 3) { return client }
            return path.last ?? start
        }
    }

    /// The child of the root that holds `window`: its window manager's frame, or the window itself without one.
    package static func topLevel(of window: UInt, connection c: XConnection) -> UInt? {
        XErrorHandlers.quietly(connection: c) { ancestors(of: window, connection: c).last }
    }

    /// `window` and its ancestors up to (not including) the root, nearest first.
    private static func ancestors(of window: UInt, connection c: XConnection) -> [UInt] {
        var path: [UInt] = []
        var w = window
        while w != 0, w != c.root, path.count < 32 {
            path.append(w)
            var root: UInt = 0, parent: UInt = 0
            var children: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            guard XQueryTree(c.display, w, &root, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            w = parent
        }
        return path
    }

    /// The first window with `WM_STATE` among `window`'s descendants, breadth first, `depth` levels down.
    private static func clientBelow(_ window: UInt, connection c: XConnection, depth: Int) -> UInt? {
        var level = [window]
        for _ in 0..<depth {
            var next: [UInt] = []
            for w in level {
                var root: UInt = 0, parent: UInt = 0
                var children: UnsafeMutablePointer<UInt>?
                var count: UInt32 = 0
                guard XQueryTree(c.display, w, &root, &parent, &children, &count) != 0, let children else { continue }
                next += Array(UnsafeBufferPointer(start: children, count: Int(count)))
                XFree(children)
            }
            if let client = next.first(where: { hasWMState($0, c) }) { return client }
            level = next
        }
        return nil
    }

    private static func hasWMState(_ window: UInt, _ c: XConnection) -> Bool {
        Property.longs(c, window: window, name: "WM_STATE") != nil
    }

    /// The window's size and where it is on the root, or nil when it has gone.
    package static func geometry(of window: UInt, connection c: XConnection) -> PixelRect? {
        XErrorHandlers.quietly(connection: c) { () -> PixelRect? in
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(c.display, window, &attributes) != 0 else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            var child: UInt = 0
            XTranslateCoordinates(c.display, window, c.root, 0, 0, &x, &y, &child)
            return PixelRect(x: Int(x), y: Int(y), width: Int(attributes.width), height: Int(attributes.height))
        }
    }
}
