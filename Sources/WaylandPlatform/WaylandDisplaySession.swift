public import HUDControl
public import HUDLoop
public import HUDScene
public import HUDShow
public import SocketNames
import Glibc
import HUDBase
import HUDRender
import ProgressFeed

/// The seam's Wayland side: a compositor with layer-shell as a `DisplaySession`. Names travel through sockets in the
/// user's private runtime directory (`SocketNames`), made when first asked for; every HUD of the process has one,
/// its name's or an unnamed one, so that `list`, `hide` and other processes' `--id` reach it, and the HUDs stack
/// with other processes' in their corner.
@MainActor public final class WaylandDisplaySession: DisplaySession {
    public let session: WaylandSession
    private let prefersDark: @MainActor () -> Bool?
    private let theme: @MainActor () -> String?
    private let environment: [String: String]
    private var directory: NameDirectory?
    private lazy var service = WaylandNameService(self)
    /// Names claimed and not yet given a HUD.
    private var claimed: [String: NameOwner] = [:]
    /// Each HUD's socket, and the resident's link to its client, until the HUD ends.
    private var owners: [ObjectIdentifier: NameOwner] = [:]
    private var links: [ObjectIdentifier: ServedLink] = [:]
    private var unnamed = 0
    private var stacks = false

    /// Connects to `display` (nil: `WAYLAND_DISPLAY`). `prefersDark` says whether the desktop asks for dark
    /// windows, `iconTheme` which icon theme it uses (GTK's settings: there is no XSETTINGS here).
    /// - Throws: `PlatformFailure` (69) when there is no compositor or it lacks layer-shell.
    public init(display: String? = nil, environment: [String: String], prefersDark: @escaping @MainActor () -> Bool?,
                iconTheme: @escaping @MainActor () -> String?) throws(PlatformFailure) {
        do { session = try WaylandSession(display: display) } catch {
            throw PlatformFailure(error.exitStatus, error.message)
        }
        self.environment = environment
        self.prefersDark = prefersDark
        theme = iconTheme
    }

    /// Whether a resident's socket is there for the compositor `display` names (it may be a dead one's), without
    /// connecting or making any folder: what a command line can ask before it connects.
    public nonisolated static func hasResident(display: String) -> Bool { NameDirectory.hasResident(display: display) }

    /// Whether a HUD's socket is there for the name `id` on the compositor `display` names (it may be a dead one's),
    /// as `hasResident`.
    public nonisolated static func hasHUD(named id: String, display: String) -> Bool {
        NameDirectory.hasSocket(for: id, display: display)
    }

    public var loop: any EventLoop { session.loop }
    public var displayName: String { session.displayName }

    public func names() throws(PlatformFailure) -> any NameService {
        _ = try nameDirectory()
        return service
    }

    /// The user's name directory for this compositor; the HUDs stack with other processes' from then on.
    func nameDirectory() throws(PlatformFailure) -> NameDirectory {
        if let directory { return directory }
        do {
            let made = try NameDirectory(display: session.displayName, environment: environment)
            directory = made
            return made
        } catch {
            throw PlatformFailure(.displayUnavailable, error.message)
        }
    }

    public func makeHUD(_ place: HUDPlace) throws(PlatformFailure) -> any HUDPresenter {
        let output = self.output(place.monitor)
        // A named HUD is the session's by that name too: a notification replaced in place finds it.
        let live = place.name.map { session.hud(id: $0, scale: place.scale, output: output) }
            ?? session.makeHUD(scale: place.scale, output: output)
        var owner = place.name.flatMap { claimed.removeValue(forKey: $0) }
        if let directory = try? nameDirectory() {
            if !stacks {
                stacks = true
                stackWithNeighbours(in: directory)
            }
            if owner == nil {
                // A HUD without a name still has a socket: `hide --all` and `list` reach it.
                unnamed += 1
                owner = try? NameClaim.anonymous(in: directory, loop: loop, serial: unnamed)
            }
        }
        if let owner {
            if !owner.id.isEmpty { live.controller.id = owner.id }
            let session = self.session
            Self.answer(owner, for: live) { [weak live] in
                live?.placedOutput ?? output ?? session.outputNames.first ?? ""
            }
            owners[ObjectIdentifier(live)] = owner
        }
        return live
    }

    public func placeWarning(for hud: any HUDPresenter, place: HUDPlace) -> String? {
        guard let hud = hud as? WaylandHUD, !hud.outputExists else { return nil }
        return "warning: no output '\(place.monitor)' (there are: "
            + "\(session.outputNames.joined(separator: ", "))); using the compositor's choice"
    }

    public func unsupported(_ style: HUDStyle) -> [String] {
        style.bezelStyle == .blur
            ? ["warning: --bezel-style blur: Wayland has no protocol for blur behind a surface yet; drawn solid"] : []
    }

    public func window(_ choice: WindowChoice) throws(PlatformFailure) -> UInt {
        throw PlatformFailure(.usage, "--over-window names an X window: it needs X11 (XWayland; --backend x11)")
    }

    public func ended(_ hud: any HUDPresenter, status: Int32) {
        let key = ObjectIdentifier(hud)
        owners.removeValue(forKey: key)?.end(status: status)
        links.removeValue(forKey: key)?.end(status: status)
        if let id = hud.id { session.forget(id: id) }
    }

    public func existingHUD(named name: String) -> (any HUDPresenter)? { session.existingHUD(id: name) }

    public func forget(_ name: String) {
        let hud = session.existingHUD(id: name)
        session.forget(id: name)
        // Let go: its socket goes with it.
        if let hud, session.existingHUD(id: name) == nil {
            owners.removeValue(forKey: ObjectIdentifier(hud))?.end(status: ExitStatus.done.code)
        }
    }

    public func usableArea(_ place: HUDPlace) -> Rect {
        session.area(output: output(place.monitor), scale: place.scale)
    }

    public func textMeasurer(_ place: HUDPlace) -> any TextMeasuring {
        session.textEngines.engine(scale: place.scale ?? session.defaultScale)
    }

    /// Read once: GTK's settings file, not a file read for each notification.
    public func iconTheme() -> String? { iconThemeName }
    private lazy var iconThemeName: String? = theme()

    /// Where the compositor lists windows (`zwlr_foreign_toplevel_manager_v1`); never elsewhere.
    public func activeWindowIsFullscreen(at place: HUDPlace) -> Bool {
        session.activeWindowIsFullscreen(output: output(place.monitor))
    }

    public func watchActiveWindow(_ body: (@MainActor () -> Void)?) { session.watchActiveWindow(body) }

    public func watchSignals() { session.watchSignals() }

    public func whenLost(saying note: String, _ handler: @escaping @Sendable () -> Never) {
        session.whenLost(saying: note) { handler() }
    }

    public func desktopPrefersDark() -> Bool? { prefersDark() }

    public func run() -> Never { session.run() }

    /// The output `monitor` (`--monitor`, config `monitor`) names by name or index; nil leaves the choice to the
    /// compositor (sway: the focused output; where the pointer is, Wayland does not tell a client not under it).
    public func output(_ monitor: String) -> String? {
        switch MonitorChoice(monitor) {
        case .named(let name): return name
        case .index(let index):
            let names = session.outputNames
            return names.indices.contains(index) ? names[index] : "\(index)"
        case .pointer, .primary, .focus: return nil
        }
    }

    // MARK: Names

    func claim(_ name: String) throws(PlatformFailure) -> NameClaimResult {
        let directory = try nameDirectory()
        let claimed: NameClaim
        do { claimed = try NameClaim.claim(name, in: directory, loop: loop) } catch {
            throw PlatformFailure(.internalError, "--id: \(error.message)")
        }
        switch claimed {
        case .ours(let owner):
            self.claimed[name] = owner
            return .ours
        case .taken(let client):
            return .taken(client)
        }
    }

    func serve(_ show: @escaping @MainActor ([String]) -> (any HUDPresenter)?) throws(PlatformFailure) -> Bool {
        let directory = try nameDirectory()
        directory.sweepOnce()
        let owner: NameOwner?
        do { owner = try NameClaim.resident(in: directory, loop: loop) } catch {
            throw PlatformFailure(.internalError, "serve: \(error.message)")
        }
        guard let owner else { return false }
        if !stacks {
            stacks = true
            stackWithNeighbours(in: directory)
        }
        residentOwner = owner
        owner.onOpen = { [unowned self] request, link in
            guard let hud = show(request.lines) else { return false }
            link.onRequest = { [unowned hud] in Self.apply($0, to: hud) }
            // A client that goes away takes its HUD with it.
            link.onClosed = { [weak hud] in hud?.hide() }
            links[ObjectIdentifier(hud)] = link
            hud.show()
            return true
        }
        return true
    }

    private var residentOwner: NameOwner?

    /// Lets other processes reach `live` through `owner`'s socket: `--id` updates and `hide` change it, `list`
    /// describes it (on the output `output` says when asked: where it is then).
    public static func answer(_ owner: NameOwner, for live: any HUDPresenter,
                              on output: @escaping @MainActor () -> String) {
        owner.onRequest = { [unowned live] request in apply(request, to: live) }
        owner.describe = { [unowned live] in
            let listing = HUDListing(live.controller, pid: getpid(), monitor: output())
            return JSONWriter.text(listing) ?? "{}"
        }
    }

    /// Another process's request to a HUD this process shows: as an X11 HUD applies one.
    static func apply(_ request: NameRequest, to live: any HUDPresenter) {
        if request.autoDetails { live.controller.writeTransferDetails() }
        if !request.lines.isEmpty { live.controller.post(request.update, show: true) }
        if request.hide {
            var hide = FeedInbox()
            hide.hideAfter = 0
            live.controller.post(hide)
        }
    }

    /// Stacks this process's HUDs with other processes' at the same place (`StackPlaces`, through the sockets in
    /// `names`): where they are is asked now and whenever one says it changed, and this process tells them when its
    /// own change.
    public func stackWithNeighbours(in names: NameDirectory) {
        let session = self.session
        StackPlaces.local = { [weak session] in session?.places ?? [] }
        let refresh: @MainActor () -> Void = { [weak session] in
            guard let session else { return }
            StackPlaces.gather(in: names, loop: session.loop) { [weak session] in session?.neighbours = $0 }
        }
        StackPlaces.onChange = refresh
        session.onPlacesChanged = { [loop] in StackPlaces.announce(in: names, loop: loop) }
        refresh()
    }
}

/// HUDs by name through sockets in the user's runtime directory.
@MainActor final class WaylandNameService: NameService {
    // Held strongly: a command may keep only the names, and a session lives as long as its process.
    private let display: WaylandDisplaySession

    init(_ display: WaylandDisplaySession) { self.display = display }

    private var directory: NameDirectory? { try? display.nameDirectory() }

    func claim(_ place: HUDPlace) throws(PlatformFailure) -> NameClaimResult { try display.claim(place.name ?? "") }

    func whenFree(_ name: String, _ action: @escaping @MainActor () -> Void) {
        guard let directory else { return action() }
        NameClaim.whenFree(name, in: directory, loop: display.loop, action)
    }

    func isShown(_ name: String) -> Bool { endpoint(named: name) != nil }

    /// The name travels in the request (`serve`'s handler claims it): the socket is the resident's.
    func resident(naming name: String) -> (any DeliveryEndpoint)? {
        directory.flatMap { NameClaim.residentClient(in: $0, loop: display.loop) }
    }

    func endpoint(named name: String) -> (any DeliveryEndpoint)? {
        directory.flatMap { NameClaim.client(for: name, in: $0, loop: display.loop) }
    }

    func endpoints(over window: UInt?) -> [any DeliveryEndpoint] {
        guard window == nil, let directory else { return [] }
        directory.sweepOnce()
        return NameClaim.clients(in: directory, loop: display.loop)
    }

    /// Each HUD is asked through its socket; one that does not answer within a second is left out.
    func list(_ done: @escaping @MainActor ([HUDListing]) -> Void) {
        directory?.sweepOnce()
        let clients = directory.map { NameClaim.clients(in: $0, loop: display.loop) } ?? []
        var listed: [HUDListing] = [], waiting = clients.count, finished = false
        let finish: @MainActor () -> Void = {
            guard !finished else { return }
            finished = true
            // The connections are kept until every HUD has answered: one let go closes its socket.
            withExtendedLifetime(clients) {}
            // Oldest first, as on X11: the lowest process id has run longest, more often than not.
            done(listed.sorted { $0.pid < $1.pid })
        }
        if clients.isEmpty { return finish() }
        for client in clients {
            client.onListing = { text in
                if let listing = try? JSONReader.decode(HUDListing.self, from: text.utf8) {
                    listed.append(listing)
                }
            }
            let answered: @MainActor () -> Void = {
                waiting -= 1
                if waiting == 0 { finish() }
            }
            client.onAcknowledged = answered
            client.onVanished = answered
            client.describe()
        }
        display.loop.schedule(after: 1) { finish() }
    }

    func serve(_ show: @escaping @MainActor ([String]) -> (any HUDPresenter)?) throws(PlatformFailure) -> Bool {
        try display.serve(show)
    }

    func sweep() { directory?.sweepOnce() }
}
