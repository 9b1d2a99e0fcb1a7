internal import CX11
import FoundationEssentials
import Glibc

/// The connection to one X display, with the extensions the overlay needs. Owns the `Display*`.
@MainActor final class XConnection {
    let display: OpaquePointer
    /// The display name as given or taken from `DISPLAY`, for messages.
    let name: String
    let screen: Int32
    let root: UInt
    let fileDescriptor: Int32
    /// First event code of XFixes (selection notifications), or nil without XFixes ≥ 2.
    private(set) var xfixesEventBase: Int32?
    /// First event code of RandR, or nil without RandR.
    private(set) var randrEventBase: Int32?
    /// SHAPE is there (needed for the rounded window without a compositor and for click-through).
    private(set) var hasShape = false
    private var atoms: [String: UInt] = [:]

    /// Opens `name`, or `$DISPLAY` when nil.
    init(name: String?) throws(HUDError) {
        let resolved = name ?? ProcessInfo.processInfo.environment["DISPLAY"]
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
    func flush() { XFlush(display) }

    /// The atom named `name`, interned once.
    func atom(_ name: String) -> UInt {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }
}
