import HUDBase
import HUDScene
package import X11Display
internal import CX11
import Glibc

/// What every process learns of the HUDs on the display, without a daemon and with no file to clean up: the root
/// window lists the HUD windows in the order they appeared (`_X11HUD_HUDS`), and each window describes itself in a
/// property (`_X11HUD_STATE`, JSON). The server destroys a dead process's window, and with it the description, so a
/// killed HUD never lingers: readers skip list entries whose window has no description any more.
@MainActor package enum HUDRegistry {
    package static let listName = "_X11HUD_HUDS"
    package static let stateName = "_X11HUD_STATE"

    /// One HUD as other processes see it.
    package struct State: Codable, Hashable {
        package var id: String?
        package var pid: Int32
        package var monitor: String
        /// Where on the monitor it rests (`center`, `top-right`, …): HUDs with the same monitor and position stack.
        package var position: String
        /// The laid-out bezel in root pixels, before any stacking shift.
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
        package var mode: String
        package var label: String
        /// The spinner's style, while the mode is the spinner.
        package var spinner: String?
        /// On screen, so it takes a place in its stack (until its hide has finished).
        package var up: Bool
        /// A notification bubble: a stack holding one puts its newest HUD nearest its edge (nil from an x11hud
        /// older than bubbles).
        package var newestFirst: Bool?
        /// Stands at the far end of its stack (`HUDStyle.stacksLast`); nil for false.
        package var last: Bool?
        /// Stands at the near end of its stack (`HUDStyle.stacksFirst`); nil for false.
        package var first: Bool?
        /// The progress shown, a fraction; nil when the mode shows none (the spinner, an icon, text).
        package var progress: Double?
        /// The details label as shown (`--details auto`'s figures included). Optional: a HUD of an older x11hud
        /// publishes none, and its entry must still read.
        package var details: String?
        /// How its job ended (`JobOutcome`), nil while it runs: optional, as an older x11hud writes none.
        package var outcome: String?

        /// Whether `other` differs only in what no stack depends on (the progress and details that a job changes
        /// many times a second): then the other HUD processes need not be told to restack.
        package func differsOnlyInFigures(from other: State?) -> Bool {
            guard var other else { return false }
            other.progress = progress
            other.details = details
            return other == self
        }

        package init(
            id: String? = nil,
            pid: Int32,
            monitor: String,
            position: String,
            x: Int,
            y: Int,
            width: Int,
            height: Int,
            mode: String,
            label: String,
            spinner: String? = nil,
            up: Bool,
            newestFirst: Bool? = nil,
            last: Bool? = nil,
            first: Bool? = nil,
            progress: Double? = nil,
            details: String? = nil,
            outcome: String? = nil
        ) {
            self.id = id
            self.pid = pid
            self.monitor = monitor
            self.position = position
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.mode = mode
            self.label = label
            self.spinner = spinner
            self.up = up
            self.newestFirst = newestFirst
            self.last = last
            self.first = first
            self.progress = progress
            self.details = details
            self.outcome = outcome
        }
    }

    package struct Entry: Hashable {
        package var window: UInt
        package var state: State

        package init(window: UInt, state: State) {
            self.window = window
            self.state = state
        }
    }

    /// The HUDs listed on the display, oldest first, each with its description; dead windows are skipped.
    package static func entries(connection c: XConnection) -> [Entry] {
        windows(connection: c).compactMap { w in
            guard let bytes = XErrorHandlers.quietly(connection: c, {
                Property.bytes(c, window: w, name: stateName, limit: Property.chunk)
            }),
                  let state = try? JSONReader.decode(State.self, from: bytes)
            else { return nil }
            return Entry(window: w, state: state)
        }
    }

    /// Describes `window` (nil: removes the description) and, unless `touch` is false, lets every HUD process know
    /// the list changed.
    package static func publish(_ state: State?, window: UInt, connection c: XConnection, touch: Bool = true) {
        if let state {
            let bytes = state.json
            XChangeProperty(c.display, window, c.atom(stateName), c.atom("UTF8_STRING"), 8, PropModeReplace, bytes,
                            Int32(bytes.count))
        } else {
            XDeleteProperty(c.display, window, c.atom(stateName))
        }
        if touch { self.touch(connection: c) }
    }

    /// The most entries read or kept: the newest ones. Real HUDs are a handful at a time; a list any client can
    /// forge (262,144 entries) must cost every reader, and every grab, a bounded amount of work.
    package static let maxEntries = 256

    /// Adds `window` at the end of the list (an append is atomic on the server, so two HUDs starting together are
    /// both listed). A list that is not a list of windows (another client set it to a string) or that has grown
    /// past `maxEntries` is first replaced by its newest windows, in a grab of two requests.
    package static func add(window: UInt, connection c: XConnection) {
        if let (format, length) = shape(connection: c), format != 32 || length > maxEntries {
            XGrabServer(c.display)
            replace(with: newest(connection: c), connection: c)
            XUngrabServer(c.display)
        }
        var id = CLong(bitPattern: window)
        _ = XErrorHandlers.quietly(connection: c, sync: true) {
            XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeAppend,
                            withUnsafeBytes(of: &id) { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
        }
    }

    /// Removes `window` and every entry that is not a live HUD from the list. Which entries live is found first,
    /// outside any grab (at most `maxEntries` reads); the grab then holds just one read and one write of the list,
    /// so an append by another process cannot be lost in between and no grab lasts longer than that.
    package static func remove(window: UInt, connection c: XConnection) {
        let live = Set(entries(connection: c).map(\.window))
        let checked = Set(windows(connection: c))
        XGrabServer(c.display)
        // Entries appended since the check are kept: they are new HUDs whose description may not be set yet.
        let kept = newest(connection: c).filter { $0 != window && (live.contains($0) || !checked.contains($0)) }
        replace(with: kept, connection: c)
        XUngrabServer(c.display)
        XFlush(c.display)
    }

    private static func replace(with windows: [UInt], connection c: XConnection) {
        var ids = windows.map { CLong(bitPattern: $0) }
        _ = ids.withUnsafeMutableBytes {
            XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeReplace,
                            $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(windows.count))
        }
    }

    /// An empty append: the list is unchanged, but every HUD process watching the root window hears of it. (A list
    /// of another type refuses it; the next `add` repairs the list.)
    private static func touch(connection c: XConnection) {
        _ = XErrorHandlers.quietly(connection: c) {
            XChangeProperty(c.display, c.root, c.atom(listName), UInt(XA_WINDOW), 32, PropModeAppend, nil, 0)
        }
    }

    /// The list's format and length in items, without its content (nil: there is none).
    private static func shape(connection c: XConnection) -> (format: Int32, length: Int)? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(c.display, c.root, c.atom(listName), 0, 0, 0, UInt(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success else { return nil }
        if let data { XFree(data) }
        guard type != 0 else { return nil }
        return (format, format == 32 && type == UInt(XA_WINDOW) ? Int(after) / 4 : Int.max)
    }

    /// The newest `maxEntries` windows of the list, in one read (none when it is not a list of windows).
    private static func newest(connection c: XConnection) -> [UInt] {
        guard let (format, length) = shape(connection: c), format == 32, length != Int.max else { return [] }
        return Property.longs(c, window: c.root, name: listName, offset: max(0, length - maxEntries)) ?? []
    }

    /// The distinct windows among the newest entries, oldest first, each at its last entry: a HUD killed without
    /// leaving the list keeps its entry, and the X server gives a later client the same window ids, so an earlier
    /// entry of an id may be a dead HUD's, not the place the live one took.
    private static func windows(connection c: XConnection) -> [UInt] {
        var seen = Set<UInt>()
        return newest(connection: c).reversed().filter { seen.insert($0).inserted }.reversed()
    }
}
