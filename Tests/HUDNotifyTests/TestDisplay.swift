import HUDControl
import HUDLoop
import HUDNotify
import HUDScene
import ProgressFeed

/// A display without X for the desk: HUDs that record what the desk gives them, and hide as a HUD does, a moment
/// after being asked (`hideTime`, on the test's clock), so that a replacement can still bring one back.
@MainActor final class TestDisplay: NotificationDisplay {
    let clock: ManualLoop
    /// Every HUD made, in order.
    private(set) var made: [TestHUD] = []
    /// Names another process shows: a claim is forwarded there.
    var elsewhere: Set<String> = []
    /// Names no HUD can be made for.
    var failing: Set<String> = []
    private(set) var forwarded: [(name: String, update: FeedUpdate)] = []
    private(set) var released: [String] = []
    private var claimed: [String: TestHUD] = [:]
    var theme: String?

    init(clock: ManualLoop) { self.clock = clock }

    func claim(_ name: String, update: FeedUpdate) -> NotificationClaim {
        if elsewhere.contains(name) {
            forwarded.append((name, update))
            return .forwarded
        }
        if failing.contains(name) { return .failed("no X for '\(name)'") }
        // The HUD of that name until it is released, as `HUDSession.claim` answers.
        if let hud = claimed[name] { return .local(hud) }
        let hud = TestHUD(name: name, clock: clock)
        made.append(hud)
        claimed[name] = hud
        return .local(hud)
    }

    func release(_ name: String) {
        released.append(name)
        claimed[name] = nil
    }
    func iconTheme() -> String? { theme }

    /// Every waiting count the desk told, in order.
    private(set) var waitingCounts: [Int] = []
    func waitingChanged(_ count: Int) { waitingCounts.append(count) }

    /// A fullscreen window is focused; the desk is told when it changes.
    var isFullscreen = false {
        didSet { fullscreenChanged?() }
    }
    var fullscreenChanged: (@MainActor () -> Void)?

    /// The height of the room for the column, in points; nil: this display measures nothing.
    var room: Double?

    /// A bubble 24 points of padding and 20 a line of its label and details (at most its body lines).
    func measure(_ content: HUDContent, style: HUDStyle) -> (height: Double, room: Double)? {
        guard let room else { return nil }
        let body = content.details.split(separator: "\n").count
        let lines = 1 + min(body, style.bubble?.bodyLines ?? body)
        return (24 + 20 * Double(lines), room)
    }

    /// The names of the notifications' HUDs on screen (shown or hiding), oldest first: all but the "N more" pill.
    var onScreen: [String] { made.filter { $0.isOnScreen && $0.name != NotificationDesk.moreName }.map(\.name) }

    /// What the "N more" pill says while it is on screen, nil when it is not.
    var more: String? {
        guard let pill = hud(NotificationDesk.moreName), pill.isOnScreen, !pill.isHiding else { return nil }
        return pill.posted.last?.label ?? nil
    }

    func hud(_ name: String) -> TestHUD? { made.last { $0.name == name } }
}

@MainActor final class TestHUD: NotificationHUD {
    /// Seconds a hide takes, as the HUD's fade does.
    static let hideTime = 0.25

    let name: String
    private let clock: ManualLoop
    var style = HUDStyle.theme(.dark)
    var picture: CustomIndicator?
    var hidden: (@MainActor () -> Void)?
    var buttonAction: (@MainActor () -> Void)?
    var bezelAction: (@MainActor () -> Void)?
    var otherClick: (@MainActor (Int) -> Void)?
    var actions: [String] = []
    var stackCount = 1
    var hovered: (@MainActor (Bool) -> Void)?
    var actionClicked: (@MainActor (Int) -> Void)?
    private(set) var posted: [FeedUpdate] = []
    private(set) var shows = 0
    private(set) var isOnScreen = false
    private var hiding: LoopTimer?

    init(name: String, clock: ManualLoop) {
        self.name = name
        self.clock = clock
    }

    var isHiding: Bool { hiding != nil }

    /// Each posted label as the bubble shows it: followed by ` ×N` while it stands for N notifications.
    private(set) var labels: [String?] = []

    /// What the change sets, kept for the test to read; its text recorded as posted.
    func post(_ change: HUDChange) {
        if let style = change.style { self.style = style }
        if let picture = change.picture { self.picture = picture }
        if let actions = change.actions { self.actions = actions }
        if let stackCount = change.stackCount { self.stackCount = stackCount }
        if let handlers = change.handlers {
            buttonAction = handlers.button
            actionClicked = handlers.action
            bezelAction = handlers.bezel
            otherClick = handlers.otherClick
            hovered = handlers.hover
        }
        if let completion = change.completion { hidden = completion }
        guard let update = change.input else { return }
        posted.append(update)
        labels.append(update.label.map { stackCount > 1 ? "\($0) ×\(stackCount)" : $0 })
    }

    /// A click on the bezel; false when clicks go through it.
    func clickBezel() -> Bool {
        guard let bezelAction else { return false }
        bezelAction()
        return true
    }

    /// A click of pointer button `button` (1 left, 2 middle, 3 right) on the bezel; false when clicks go through.
    func click(_ button: Int) -> Bool {
        guard bezelAction != nil else { return false }
        if button == 1 { bezelAction?() } else { otherClick?(button) }
        return true
    }

    /// A click on the button; false when it has no action.
    func clickButton() -> Bool {
        guard let buttonAction else { return false }
        buttonAction()
        return true
    }

    /// A click on the action button `index`; false when it has no action.
    func clickAction(_ index: Int) -> Bool {
        guard let actionClicked, actions.indices.contains(index) else { return false }
        actionClicked(index)
        return true
    }

    func show() {
        shows += 1
        isOnScreen = true
        hiding?.cancel()
        hiding = nil
    }

    /// Each hide, whether it was animated.
    private(set) var hides: [Bool] = []

    func hide(animated: Bool) {
        guard isOnScreen, hiding == nil else { return }
        hides.append(animated)
        hiding = clock.schedule(after: animated ? Self.hideTime : 0) { [unowned self] in
            hiding = nil
            isOnScreen = false
            hidden?()
        }
    }
}
