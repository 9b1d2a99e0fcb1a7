public import HUDControl
public import HUDLoop
public import HUDScene
public import HUDShow
public import X11Names
import Glibc
import HUDBase
import HUDRender
import X11Display

/// The seam's X11 side: an X display as a `DisplaySession`. Only the named-HUD link is opened at first (a
/// `HUDForwarder`): a client that hands its HUD to another process never makes windows, a frame clock or reads
/// the desktop's settings. The whole `HUDSession` is made on the same connection when first needed.
@MainActor public final class X11DisplaySession: DisplaySession {
    private let forwarder: HUDForwarder
    private var made: HUDSession?
    private var signalsWanted = false
    /// HUDs made by a claim, handed out by `makeHUD` for the same name.
    private var claimed: [String: HUD] = [:]
    private lazy var service = X11NameService(self)

    /// Connects to `display` (nil: `$DISPLAY`).
    /// - Throws: `PlatformFailure` (69) when the display cannot be opened.
    public init(display: String?) throws(PlatformFailure) {
        do { forwarder = try HUDForwarder(display: display) } catch { throw Self.failure(error) }
    }

    /// The whole session, made on first use.
    public var session: HUDSession {
        if let made { return made }
        let session = HUDSession(adopting: forwarder)
        if signalsWanted { session.watchSignals() }
        made = session
        return session
    }

    public var loop: any EventLoop { forwarder.loop }
    public var displayName: String { forwarder.displayName }

    public func names() throws(PlatformFailure) -> any NameService { service }

    public func makeHUD(_ place: HUDPlace) throws(PlatformFailure) -> any HUDPresenter {
        if let name = place.name, let hud = claimed.removeValue(forKey: name) { return hud }
        do {
            if let window = place.window { return try session.makeHUD(over: window, scale: place.scale) }
            return try session.makeHUD(scale: place.scale, monitor: MonitorChoice(place.monitor))
        } catch {
            throw Self.failure(error)
        }
    }

    public func placeWarning(for hud: any HUDPresenter, place: HUDPlace) -> String? {
        guard let hud = hud as? HUD, hud.targetWindow == nil, !hud.monitorChoiceExists else { return nil }
        return "warning: no monitor '\(hud.monitorChoice)' (there are: "
            + "\(session.monitorNames.joined(separator: ", "))); using \(hud.monitorName)"
    }

    /// Everything a style asks for has an X11 form (blur needs a compositor that blurs, as picom does).
    public func unsupported(_ style: HUDStyle) -> [String] { [] }

    public func window(_ choice: WindowChoice) throws(PlatformFailure) -> UInt {
        do { return try forwarder.window(choice) } catch { throw Self.failure(error) }
    }

    public func ended(_ hud: any HUDPresenter, status: Int32) {
        // A name is let go once its HUD has finished; a resident's memory does not grow with the HUDs it drew.
        guard let id = hud.id, let made else { return }
        loop.soon { made.forget(id: id) }
    }

    public func existingHUD(named name: String) -> (any HUDPresenter)? { made?.existingHUD(id: name) }

    public func forget(_ name: String) { made?.forget(id: name) }

    public func usableArea(_ place: HUDPlace) -> Rect {
        session.usableArea(monitor: MonitorChoice(place.monitor), scale: place.scale)
    }

    public func textMeasurer(_ place: HUDPlace) -> any TextMeasuring {
        session.textEngines.engine(scale: place.scale ?? session.desktopScale)
    }

    /// XSETTINGS' `Net/IconThemeName` (what GTK applications use), else GTK 3's settings.ini.
    public func iconTheme() -> String? { session.desktopIconTheme(environment: ProcessEnvironment.variables) }

    /// The active window as `_NET_ACTIVE_WINDOW` names it, on whichever monitor.
    public func activeWindowIsFullscreen(at place: HUDPlace) -> Bool { session.activeWindowIsFullscreen() }

    public func watchActiveWindow(_ body: (@MainActor () -> Void)?) { session.watchActiveWindow(body) }

    public func watchSignals() {
        signalsWanted = true
        made?.watchSignals()
    }

    public func whenLost(saying note: String, _ handler: @escaping @Sendable () -> Never) {
        HUDSession.whenLost(saying: note, handler)
    }

    public func desktopPrefersDark() -> Bool? {
        session.desktopPrefersDarkTheme(environment: ProcessEnvironment.variables)
    }

    public func run() -> Never {
        made?.setNeedsUpdate()
        SystemLoop.main.run()
    }

    // MARK: For the name service

    func claim(_ place: HUDPlace, name: String) throws(PlatformFailure) -> NameClaimResult {
        if let made {
            // A HUD of that name that has ended is let go; one that is still up keeps it.
            made.forget(id: name)
            if made.existingHUD(id: name) != nil {
                throw PlatformFailure(.nameTaken, "a HUD named '\(name)' is up in this process")
            }
        }
        // Another process's HUD is found without making a session of our own.
        if let remote = forwarder.remoteHUD(id: name) { return .taken(remote) }
        let named: NamedHUD
        do {
            named = try session.claim(id: name, scale: place.scale, monitor: MonitorChoice(place.monitor),
                                      over: place.window)
        } catch {
            throw Self.failure(error)
        }
        switch named {
        case .local(let hud):
            claimed[name] = hud
            return .ours
        case .remote(let remote):
            return .taken(remote)
        }
    }

    var link: HUDForwarder { forwarder }

    static func failure(_ error: HUDError) -> PlatformFailure { PlatformFailure(error.exitStatus, error.message) }
}

/// HUDs by name through the X server: a selection per name, the registry on the root window, the resident's
/// selection.
@MainActor final class X11NameService: NameService {
    // Held strongly: a command may keep only the names, and a session lives as long as its process.
    private let display: X11DisplaySession

    init(_ display: X11DisplaySession) { self.display = display }

    func claim(_ place: HUDPlace) throws(PlatformFailure) -> NameClaimResult {
        try display.claim(place, name: place.name ?? "")
    }

    func whenFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        display.session.whenNameFree(name, action)
    }

    func isShown(_ name: String) -> Bool { display.link.showsHUD(id: name) }

    func resident(naming name: String) -> (any DeliveryEndpoint)? { display.link.resident(naming: name) }

    func endpoint(named name: String) -> (any DeliveryEndpoint)? { display.link.remoteHUD(id: name) }

    func endpoints(over window: UInt?) -> [any DeliveryEndpoint] {
        if let window { return display.link.remoteHUDs(over: window) }
        return display.link.remoteHUDs()
    }

    func list(_ done: @escaping @MainActor ([HUDListing]) -> Void) { done(display.session.listedHUDs()) }

    /// The X server ends a name's selection with its process: nothing is left to sweep.
    func sweep() {}

    func serve(_ show: @escaping @MainActor ([String]) -> (any HUDPresenter)?) -> Bool {
        let session = display.session
        return session.serve { served in
            guard let hud = show(served.lines) as? HUD else { return session.refuse(served) }
            session.accept(served, showing: hud)
            hud.show()
            session.updateSoon()
        }
    }
}

extension RemoteHUD: DeliveryEndpoint {}
