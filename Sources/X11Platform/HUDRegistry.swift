internal import CX11
import FoundationEssentials
import Glibc

/// What every process learns of the HUDs on the display, without a daemon and with no file to clean up: the root
/// window lists the HUD windows in the order they appeared (`_X11HUD_HUDS`), and each window describes itself in a
/// property (`_X11HUD_STATE`, JSON). The server destroys a dead process's window, and with it the description, so a
/// killed HUD never lingers: readers skip list entries whose window has no description any more.
@MainActor enum HUDRegistry {
    static let listName = "_X11HUD_HUDS"
    static let stateName = "_X11HUD_STATE"

    /// One HUD as other processes see it.
    struct State: Codable, Hashable {
        var id: String?
        var pid: Int32
        var monitor: String
        /// Where on the monitor it rests (`center`, `top-right`, …): HUDs with the same monitor and position stack.
        var position: String
        /// The laid-out bezel in root pixels, before any stacking shift.
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var mode: String
        var label: String
        /// The spinner's style, while the mode is the spinner.
        var spinner: String?
        /// On screen, so it takes a place in its stack (until its hide has finished).
        var up: Bool
    }

    struct Entry: Hashable {
        var window: UInt
        var state: State
    }

    /// The HUDs listed on the display, oldest first, each with its description; dead windows are skipped.
    static func entries(connection c: XConnection) -> [Entry] {
        windows(connection: c).compactMap { w in
            guard let bytes = XErrorHandlers.quietly(connection: c, { Property.bytes(c, window: w, name: stateName) }),
                  let state = try? JSONDecoder().decode(State.self, from: Data(bytes))
            else { return nil }
            return Entry(window: w, state: state)
        }
    }

    /// Describes `window` (nil: removes the description) and lets every HUD process know the list changed.
    static func publish(_ state: State?, window: UInt, connection c: XConnection) {
        if let state, let json = try? JSONEncoder().encode(state) {
            let bytes = [UInt8](json)
            XChangeProperty(c.display, window, c.atom(stateName), c.atom("UTF8_STRING"), 8, PropModeReplace, bytes,
                            Int32(bytes.count))
        } else {
            XDeleteProperty(c.display, window, c.atom(stateName))
        }
        touch(connection: c)
    }

    /// Adds `window` at the end of the list (an append is atomic on the server, so two HUDs starting together are
    /// both listed).
    static func add(window: UInt, connection c: XConnection) {
        var id = CLong(bitPattern: window)
        XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeAppend,
                        withUnsafeBytes(of: &id) { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
    }

    /// Removes `window` and every dead entry from the list. The read and the write happen under a server grab of a
    /// single round trip, so an append by another process cannot be lost in between.
    static func remove(window: UInt, connection c: XConnection) {
        XGrabServer(c.display)
        let alive = entries(connection: c).map(\.window).filter { $0 != window }
        var ids = alive.map { CLong(bitPattern: $0) }
        _ = ids.withUnsafeMutableBytes {
            XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeReplace,
                            $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(alive.count))
        }
        XUngrabServer(c.display)
        XFlush(c.display)
    }

    /// An empty append: the list is unchanged, but every HUD process watching the root window hears of it.
    private static func touch(connection c: XConnection) {
        XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeAppend, nil, 0)
    }

    private static func windows(connection c: XConnection) -> [UInt] {
        var seen = Set<UInt>()
        return (Property.longs(c, window: c.root, name: listName) ?? []).filter { seen.insert($0).inserted }
    }
}
