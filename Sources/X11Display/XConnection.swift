import HUDBase
import HUDScene
internal import CX11
import Glibc

/// The connection to one X display, with the extensions the overlay needs. Owns the `Display*`.
@MainActor package final class XConnection {
    package let display: OpaquePointer
    /// The display name as given or taken from `DISPLAY`, for messages.
    package let name: String
    package let screen: Int32
    package let root: UInt
    package let fileDescriptor: Int32
    /// First event code of XFixes (selection notifications), or nil without XFixes ≥ 2.
    package private(set) var xfixesEventBase: Int32?
    /// First event code of RandR, or nil without RandR.
    package private(set) var randrEventBase: Int32?
    /// SHAPE is there (needed for the rounded window without a compositor and for click-through).
    package private(set) var hasShape = false
    private var atoms: [String: UInt] = [:]

    /// Opens `name`, or `$DISPLAY` when nil, and interns the atoms a HUD needs with `atoms`, the caller's own
    /// (the named-HUD protocol's), in the same round trip.
    package init(name: String?, atoms extra: [String] = []) throws(HUDError) {
        // getenv, not ProcessInfo's environment: that copies the whole environment into a dictionary, 0.36 M
        // instructions before the map.
        let resolved = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let resolved, !resolved.isEmpty else {
            throw HUDError(.displayUnavailable, "cannot open a display: DISPLAY is not set and no --display was given")
        }
        // A host program started with stderr closed must not get its X connection on descriptor 2.
        StandardDescriptors.openMissing()
        // Xlib may be called from Dispatch's threads in a host program; this must come before any other Xlib call.
        XInitThreads()
        let display: OpaquePointer
        switch DisplayOpener.open(resolved) {
        case .opened(let opened): display = opened
        case .failed: throw HUDError(.displayUnavailable, "cannot open display \"\(resolved)\"")
        case .timedOut:
            throw HUDError(.displayUnavailable,
                           "cannot open display \"\(resolved)\": the X server did not answer within "
                           + "\(Int(DisplayOpener.timeout)) seconds")
        }
        self.display = display
        self.name = resolved
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        fileDescriptor = XConnectionNumber(display)
        XErrorHandlers.install(displayName: resolved)
        queryExtensions()
        intern(Self.knownAtomNames(screen: screen) + extra)
    }

    isolated deinit { XCloseDisplay(display) }

    private func queryExtensions() {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        if XFixesQueryExtension(display, &event, &error) != 0 {
            major = 5
            minor = 0
            XFixesQueryVersion(display, &major, &minor)
            if major >= 2 { xfixesEventBase = event }
        }
        if XRRQueryExtension(display, &event, &error) != 0 { randrEventBase = event }
        hasShape = XShapeQueryExtension(display, &event, &error) != 0
    }

    /// Sends what is buffered without waiting for the server.
    package func flush() { XFlush(display) }

    /// The atoms a HUD uses before its window is mapped, asked for in one round trip rather than one each
    /// (issue 12: a dozen round trips less between the start and the map).
    package static func knownAtomNames(screen: Int32) -> [String] {
        ["UTF8_STRING", "CARDINAL", "ATOM", "_NET_WORKAREA", "_NET_CURRENT_DESKTOP", "_NET_WM_CM_S\(screen)",
         "_XSETTINGS_S\(screen)", "_XSETTINGS_SETTINGS", "_NET_WM_NAME", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE",
         "_NET_WM_WINDOW_TYPE_NOTIFICATION", "_NET_WM_WINDOW_TYPE_UTILITY", "_NET_WM_STATE", "_NET_WM_STATE_ABOVE"]
    }

    /// Interns `names` with one request and its reply, into the cache `atom(_:)` reads.
    package func intern(_ names: [String]) {
        let missing = names.filter { atoms[$0] == nil }
        guard !missing.isEmpty else { return }
        var cNames = missing.map { strdup($0) }
        defer { for p in cNames { free(p) } }
        var result = [Atom](repeating: 0, count: missing.count)
        // Status 0 means some name could not be interned (only with only_if_exists); those atoms are 0 and are
        // left for `atom(_:)` to ask again.
        _ = XInternAtoms(display, &cNames, Int32(missing.count), 0, &result)
        for (name, atom) in zip(missing, result) where atom != 0 { atoms[name] = UInt(atom) }
    }

    /// The atom named `name`, interned once.
    package func atom(_ name: String) -> UInt {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }
}
