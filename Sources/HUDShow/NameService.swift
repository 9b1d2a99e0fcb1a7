public import HUDControl

/// HUDs by name across the processes of one user on one display: what `--id`, `--queue`, `list`, `hide` and the
/// resident (`x11hud serve`) need, whether the names travel through the X server or through sockets.
@MainActor public protocol NameService: AnyObject {
    /// Takes `place`'s name for a HUD of this process, or finds the process that shows it. Two processes asking at
    /// the same instant get one HUD between them.
    func claim(_ place: HUDPlace) throws(PlatformFailure) -> NameClaimResult
    /// Calls `action` once no process holds `name` (at once if none does): `--queue` waits so.
    func whenFree(_ name: String, _ action: @escaping @MainActor () -> Void)
    /// Whether another process shows a HUD named `name`.
    func isShown(_ name: String) -> Bool
    /// The resident of this display, as the HUD it is asked to show, named `name`; nil when no resident runs.
    func resident(naming name: String) -> (any DeliveryEndpoint)?
    /// The HUD named `name` of any process, to hide or update it.
    func endpoint(named name: String) -> (any DeliveryEndpoint)?
    /// Every HUD of other processes (over `window` only, when given), to hide them.
    func endpoints(over window: UInt?) -> [any DeliveryEndpoint]
    /// Removes what processes killed by SIGKILL left (once per process; nothing where the names need no files).
    /// For long-lived processes and those that reach every HUD anyway, never a HUD's start.
    func sweep()
    /// Every HUD on the display, oldest first, given to `done` once each has answered (or a second has passed).
    func list(_ done: @escaping @MainActor ([HUDListing]) -> Void)
    /// Makes this process the resident: each client's request (the lines it sent) goes to `show`, which makes and
    /// returns a HUD for it, not yet shown, or nil (the client then shows its own). False when another resident runs.
    /// - Throws: `PlatformFailure` when the resident's place cannot be made.
    func serve(_ show: @escaping @MainActor (_ request: [String]) -> (any HUDPresenter)?)
        throws(PlatformFailure) -> Bool
}

/// What a claim found.
@MainActor public enum NameClaimResult {
    /// The name is this process's: its HUD is made with `DisplaySession.makeHUD`.
    case ours
    /// Another process shows a HUD by that name.
    case taken(any DeliveryEndpoint)
}
