public import HUDBase
public import HUDBus
public import HUDControl
public import HUDLoop
import Glibc
import HUDScene

/// x11hud on the accessibility bus: registered with the AT-SPI registry as an application whose children are the
/// HUDs on screen, each a notification (an alert when it dims and blocks the screen) named by its label, described
/// by its details, with a progress bar (`Value`) in the modes that show progress and a push button (`Action`) for
/// its button and each of a notification's actions. It follows the HUDs' controllers (`HUDWatcher`), so it is the
/// same on X11 and Wayland, and it says only what changed: a HUD appearing, its label changing (its end: `Saved`,
/// `Failed: …`), its value as the screen reader's progress-bar setting wants it, never a word a percent.
///
/// Written over HUDBus as AccessKit's Unix adapter writes it over zbus: no ATK, no GLib, and nothing loaded unless
/// assistive technology is on (`start`).
@MainActor public final class AccessibilityBridge: HUDWatcher {
    /// The bridge of this process, once started.
    public private(set) static var shared: AccessibilityBridge?

    let bus: BusConnection
    let owner: String
    private let loop: any EventLoop
    let root: AccessibleNode
    private var exposed: [ObjectIdentifier: ExposedHUD] = [:]
    private var paths = 0
    private var announcer: AccessibleNode?
    private var cache: BusObject?

    /// One HUD's node, its controls and what it said last.
    final class ExposedHUD {
        let node: AccessibleNode
        var said: SpokenHUD
        var visible: Bool
        var controls: [AccessibleNode] = []

        init(node: AccessibleNode, said: SpokenHUD, visible: Bool) {
            self.node = node
            self.said = said
            self.visible = visible
        }
    }

    /// Why the bridge is not running.
    public enum Outcome: Equatable, Sendable {
        /// Started: every HUD made from now on is exposed.
        case started
        /// No assistive technology is on: nothing was opened, or only the session bus to ask.
        case off(String)
    }

    /// Starts the bridge when assistive technology is on, and only then: the environment is read first
    /// (`AccessibilityGate`: no accessibility bus, nothing opened at all), then the session bus's `org.a11y.Status`
    /// (`session`, when the program has it open already) is asked whether a screen reader or another assistive
    /// technology listens.
    /// - Throws: `BusError` when assistive technology is on but the accessibility bus or the registry cannot be
    ///   reached, or when the launcher is there but does not answer the question: a warning for the caller to
    ///   print; the HUDs show all the same. A session bus that cannot be reached is no assistive technology.
    ///
    /// Decided once a process: a later call (each HUD a library session makes) answers the same at no cost.
    @discardableResult
    public static func start(loop: any EventLoop = SystemLoop.main, session: BusConnection? = nil,
                             environment: [String: String] = ProcessEnvironment.variables) throws(BusError) -> Outcome {
        if let decided { return decided }
        let outcome: Outcome
        do {
            outcome = try decide(loop: loop, session: session, environment: environment)
        } catch {
            decided = .off(error.description)
            AccessibilityTrace.note("not started: \(error)")
            throw error
        }
        decided = outcome
        switch outcome {
        case .started: AccessibilityTrace.note("started")
        case .off(let why): AccessibilityTrace.note("off: \(why)")
        }
        return outcome
    }

    /// Whether the program lets the bridge start (`--no-accessibility`, `accessibility = false` say no).
    public static var isWanted = true
    private static var decided: Outcome?

    private static func decide(loop: any EventLoop, session: BusConnection?,
                               environment: [String: String]) throws(BusError) -> Outcome {
        guard isWanted else { return .off("turned off") }
        let address: String
        switch AccessibilityGate.verdict(environment: environment, exists: FileSystem.exists) {
        case .off(let why): return .off(why)
        case .bus(let given): address = given
        case .ask:
            // Asked over the bus's socket first, so that the usual no maps no libsystemd; a program that has the
            // bus open already asks through it.
            let probed = session == nil ? AccessibilityStatusProbe.ask(environment: environment) : .unknown
            AccessibilityTrace.note("the socket probe of org.a11y.Status: \(probed)")
            if probed == .off { return .off(saysOff) }
            if probed == .noLauncher { return .off("no accessibility bus launcher runs on the session bus") }
            // A session bus that cannot be reached (a stale launcher's directory) has no assistive technology
            // behind it: off, without a word. One reached whose launcher does not answer is a warning (thrown).
            let asked: BusConnection
            if let session { asked = session } else {
                do { asked = try BusConnection(loop: loop) } catch { return .off("the session bus: \(error)") }
            }
            guard let found = try busAddress(asking: asked, knownOn: probed == .on) else { return .off(saysOff) }
            address = found
        }
        AccessibilityTrace.note("connecting to the accessibility bus \(address)")
        let bus = try BusConnection(address: address, loop: loop)
        let bridge = try AccessibilityBridge(bus: bus, loop: loop)
        shared = bridge
        HUDController.watcherOfNew = bridge
        return .started
    }

    private static let saysOff = "org.a11y.Status says it is off"

    /// The accessibility bus's address when `org.a11y.Status` says assistive technology is on (`knownOn`: the
    /// probe heard it say so already), else nil.
    private static func busAddress(asking session: BusConnection, knownOn: Bool) throws(BusError) -> String? {
        if !knownOn {
            guard let status = try ask(session, "org.freedesktop.DBus.Properties", "GetAll", "org.a11y.Status"),
                  AccessibilityGate.isOn(try status.readVariantDictionary().compactMapValues(\.bool))
            else { return nil }
        }
        guard let address = try ask(session, "org.a11y.Bus", "GetAddress", nil) else { return nil }
        return try address.readString()
    }

    /// `member`'s reply from org.a11y.Bus, nil for an error reply that says there is no such thing (no launcher on
    /// the session bus: no assistive technology).
    /// - Throws: `BusError` when the launcher is there but gives no answer in time: a screen reader may be
    ///   listening, and the user is told that it will not hear the HUDs (it was silence, which nobody could tell
    ///   from "off").
    private static func ask(_ session: BusConnection, _ interface: String, _ member: String,
                            _ argument: String?) throws(BusError) -> BusMessage? {
        do throws(BusCallError) {
            return try session.call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: interface,
                                    member: member, timeout: 5) { m throws(BusError) in
                if let argument { try m.append(argument) }
            }
        } catch {
            switch error {
            case .failed(let e): throw e
            case .reply(let r) where AccessibilityGate.meansNoLauncher(r.name): return nil
            case .reply(let r):
                throw BusError("the accessibility launcher did not answer \(member) (\(r.name))", code: ETIMEDOUT)
            }
        }
    }

    init(bus: BusConnection, loop: any EventLoop) throws(BusError) {
        self.bus = bus
        self.loop = loop
        guard let owner = bus.uniqueName else { throw BusError("no unique name on the accessibility bus", code: 107) }
        self.owner = owner
        root = AccessibleNode(path: AccessibleNode.rootPath, role: .application, name: "x11hud")
        root.desktop = (name: "org.a11y.atspi.Registry", path: AccessibleNode.rootPath)
        try root.export(on: bus, owner: owner)
        // libatspi asks a new application for its whole tree at once; an empty cache sends it to ask each object.
        let items = "((so)(so)(so)iiassusau)"
        let emptyCache: @MainActor (BusMessage, BusMessage) throws(BusErrorReply) -> Void = {
            _, reply throws(BusErrorReply) in try BusErrorReply.answering { try reply.appendContainer("a", items) {} }
        }
        cache = try bus.export(path: "/org/a11y/atspi/cache", interface: "org.a11y.atspi.Cache",
                               members: [.method("GetItems", "", returns: "a" + items)], handler: emptyCache)
        do {
            AccessibilityTrace.note("\(owner) asks the registry to embed it")
            let reply = try bus.call(destination: "org.a11y.atspi.Registry", path: AccessibleNode.rootPath,
                                     interface: "org.a11y.atspi.Socket", member: "Embed", timeout: 5,
                                     autoStart: true) { m throws(BusError) in
                try m.appendReference(owner, AccessibleNode.rootPath)
            }
            AccessibilityTrace.note("embedded by \(reply.sender ?? "?")")
        } catch {
            switch error {
            case .failed(let e): throw e
            case .reply(let r): throw BusError("the registry refused Embed (\(r.name): \(r.message))", code: 71)
            }
        }
    }

    // MARK: HUDWatcher

    public func updated(_ hud: HUDController, visible: Bool) {
        let now = SpokenHUD(hud)
        guard let exposed = exposed[ObjectIdentifier(hud)] else {
            if visible { expose(hud, now) }
            return
        }
        guard exposed.said != now || exposed.visible != visible else { return }
        update(exposed, hud, now, visible: visible)
    }

    public func announced(_ hud: HUDController, _ text: String) {
        announce(text)
    }

    public func finished(_ hud: HUDController) {
        if hud.wasCancelled { announce("Cancelled") }
        guard let exposed = exposed.removeValue(forKey: ObjectIdentifier(hud)) else { return }
        AccessibilityTrace.note("removed \(exposed.node.path)")
        remove(exposed.node, from: root)
    }

    /// Speaks `text` as a notification of its own (what `HUDController.announce` asks, and a cancel).
    public func announce(_ text: String) {
        if let announcer { remove(announcer, from: root) }
        let node = AccessibleNode(path: nextPath(), role: .notification, name: text)
        announcer = node
        add(node, to: root)
        AccessibleEvent.announcement(node, text, bus: bus)
        AccessibleEvent.stateChanged(node, "showing", true, bus: bus)
    }

    // MARK: The tree

    private func expose(_ hud: HUDController, _ said: SpokenHUD) {
        let node = AccessibleNode(path: nextPath(), role: said.role, name: said.name)
        node.description = said.description
        node.modal = said.role == .alert
        let exposed = ExposedHUD(node: node, said: said, visible: true)
        self.exposed[ObjectIdentifier(hud)] = exposed
        AccessibilityTrace.note("exposed \(node.path): \(said.role) \(said.name)")
        exposed.controls = makeControls(hud, said, in: node)
        add(node, to: root)
        AccessibleEvent.windowCreated(node, bus: bus)
        AccessibleEvent.stateChanged(node, "showing", true, bus: bus)
    }

    private func update(_ exposed: ExposedHUD, _ hud: HUDController, _ now: SpokenHUD, visible: Bool) {
        let node = exposed.node, was = exposed.said
        exposed.said = now
        node.role = now.role
        node.modal = now.role == .alert
        if was.buttons != now.buttons || (was.value == nil) != (now.value == nil) {
            for control in exposed.controls { remove(control, from: node) }
            exposed.controls = makeControls(hud, now, in: node)
        } else if was.value != now.value, let bar = exposed.controls.first(where: { $0.role == .progressBar }) {
            bar.value = now.value
            AccessibleEvent.propertyChanged(bar, "accessible-value", .double(now.value ?? 0), bus: bus)
        }
        if was.description != now.description {
            node.description = now.description
            AccessibleEvent.propertyChanged(node, "accessible-description", .string(now.description), bus: bus)
        }
        let renamed = was.name != now.name
        if renamed {
            node.name = now.name
            AccessibleEvent.propertyChanged(node, "accessible-name", .string(now.name), bus: bus)
        }
        if exposed.visible != visible || (renamed && visible) {
            // A new label is said as the HUD's appearance is: a screen reader speaks a notification as it shows.
            exposed.visible = visible
            node.showing = visible
            for control in exposed.controls { control.showing = visible }
            AccessibleEvent.stateChanged(node, "showing", visible, bus: bus)
        }
    }

    private func makeControls(_ hud: HUDController, _ said: SpokenHUD, in node: AccessibleNode) -> [AccessibleNode] {
        var controls: [AccessibleNode] = []
        if let value = said.value {
            let bar = AccessibleNode(path: nextPath(), role: .progressBar, name: said.name)
            bar.value = value
            controls.append(bar)
        }
        let hasButton = !hud.scene.content.buttonTitle.isEmpty
        for (i, title) in said.buttons.enumerated() {
            let button = AccessibleNode(path: nextPath(), role: .pushButton, name: title)
            let index = hasButton ? i - 1 : i
            // On the loop's next turn: the call's reply goes first, and the click may take the HUD down.
            button.action = { [weak hud, loop] in
                loop.soon {
                    guard let hud else { return }
                    if index < 0 { hud.buttonClicked() } else { hud.actionClicked?(index) }
                }
            }
            controls.append(button)
        }
        for control in controls { add(control, to: node) }
        return controls
    }

    private func add(_ child: AccessibleNode, to parent: AccessibleNode) {
        child.parent = parent
        parent.children.append(child)
        do {
            try child.export(on: bus, owner: owner)
        } catch {
            parent.children.removeLast()
            return
        }
        AccessibleEvent.childrenChanged(parent, added: true, child, index: parent.children.count - 1, owner: owner,
                                        bus: bus)
    }

    private func remove(_ child: AccessibleNode, from parent: AccessibleNode) {
        for grandchild in child.children { remove(grandchild, from: child) }
        guard let index = parent.children.firstIndex(where: { $0 === child }) else { return }
        parent.children.remove(at: index)
        child.showing = false
        AccessibleEvent.stateChanged(child, "showing", false, bus: bus)
        AccessibleEvent.childrenChanged(parent, added: false, child, index: index, owner: owner, bus: bus)
        child.unexport(from: bus)
    }

    private func nextPath() -> String {
        paths += 1
        return "/org/a11y/atspi/accessible/\(paths)"
    }
}
