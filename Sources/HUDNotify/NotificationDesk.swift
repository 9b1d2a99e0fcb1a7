public import HUDConfig
public import HUDLoop
public import HUDScene
import HUDControl
import HUDFeeds
import ProgressFeed

/// Shows notifications as HUDs: at most `maxVisible` bubbles in the column (the rest wait in order; a critical one
/// never waits for a place, and an OSD takes none), each with its expiry time,
/// its button and bezel actions, and the reason it closed reported back (`onClosed`). Time is one deadline, as
/// dunst's queues.c has it: `update(now:)` closes what has expired and ends a timed pause, and `nextDeadline` says
/// when to call it again; the desk keeps one timer on the loop's clock for that. What it shows them on is a
/// `NotificationDisplay`; `serve(_:)` connects it to the bus's `NotificationServer`.
///
/// The desk coordinates; each rule lives in a value of its own, tested alone: where bubbles stand and who gives up a
/// place (`NotificationColumn`), what waits and in which order (`NotificationQueue`), duplicates stacked
/// (`NotificationStacks`), the config file's rules (`NotificationRules`), the pause (`NotificationPause`), clicks
/// (`NotificationMouse`) and what has closed (`NotificationHistory`). The desk keeps the open notifications and the
/// one deadline, and carries out what those values decide on the display.
@MainActor public final class NotificationDesk {
    /// Notifications waiting for a place beyond this many (critical ones aside) are dropped, the oldest of the
    /// lowest urgency first (reason 1, as if expired unseen): a client sending thousands a second must not grow the
    /// server without bound.
    public static let queueLimit = 100
    /// Critical notifications are never dropped for others; beyond this many waiting, the oldest critical one is.
    public static let criticalQueueLimit = 1000
    /// The "N more" pill's HUD name.
    public static let moreName = NotificationMorePill.name
    /// How many waiting notifications were dropped for the queue's bound since the server started.
    public private(set) var dropped = 0

    /// A notification has gone, and why (the `NotificationClosed` signal).
    public var onClosed: (@MainActor (UInt32, NotificationServer.CloseReason) -> Void)?
    /// The user chose an action of a notification (the `ActionInvoked` signal); `onClosed` follows.
    public var onInvoked: (@MainActor (UInt32, String) -> Void)?
    /// What the user may want to know (a picture that cannot be shown, a HUD that cannot be made); a line for
    /// standard error.
    public var onWarning: (@MainActor (String) -> Void)?

    let display: any NotificationDisplay
    let clock: any LoopClock
    /// What arrives, made ready to show: rules, pictures, scripts.
    var intake: NotificationIntake
    /// How each notification is shown (a bubble or the OSD, its look, its text), decided from it alone.
    let presentation: NotificationPresentation
    /// How long each stays (`x11hud notifications history` says it too).
    var expiryRule: NotificationExpiry { presentation.expiry }
    /// Every open notification (shown, hiding or waiting) by id; a stack under its key.
    var entries: [UInt32: NotificationEntry] = [:]
    /// What waits for a place (or for the pause to end), next first; the display is told how many.
    var waiting = NotificationQueue(limit: queueLimit, criticalLimit: criticalQueueLimit) {
        didSet {
            guard waiting.count != oldValue.count else { return }
            display.waitingChanged(waiting.count)
            updateMore()
        }
    }
    /// Where they stand on the display: the column, the pill, each HUD laid out.
    let screen: NotificationScreen
    /// Which ids are stacked onto which.
    var stacks = NotificationStacks()
    /// Closed notifications, newest last (`history-length`, none when 0).
    var history: NotificationHistory
    /// While paused (do not disturb), new notifications wait, critical ones aside unless `paused-shows` is nothing.
    var pause: NotificationPause
    /// What a click of each pointer button on a notification does.
    let mouse: NotificationMouse
    /// How long a popped notification stays (`popped`).
    let popped: NotificationSettings.Popped
    /// The menu command dunstctl's context and action run (`[notifications] dmenu`).
    public let dmenu: String
    /// The program a link picked in the menu is opened with (`[notifications] browser`).
    public let browser: String
    /// Calls `update(now:)` at `nextDeadline`.
    private var timer: LoopTimer?
    /// Starts a rule's script (`argv`, with `environment` added to ours): in the background, reaped, by default.
    public var runScript: @MainActor (_ argv: [String], _ environment: [String: String]) throws -> Void {
        get { intake.runScript }
        set { intake.runScript = newValue }
    }
    /// Gives a notification taken back from the history an id of the server's (`serve(_:)` sets it).
    public var reopen: (@MainActor (Notification) -> UInt32)?

    /// A desk showing on `display`, its timers on `clock`.
    /// - Parameters:
    ///   - style: the command line's look, which OSDs (a volume key's value, synchronous ones) take as it is and
    ///     bubbles take their colours, animation and margin from (see `NotificationLook`).
    ///   - fonts: the fonts the command line or the config file chose, which bubbles then take too.
    public init(display: any NotificationDisplay, clock: any LoopClock, icons: IconLookup, style: HUDStyle,
                maxVisible: Int, valueMode: HUDMode = .bar, timeout: Double? = nil,
                settings: NotificationSettings = NotificationSettings(),
                fonts: (label: FontSpec?, details: FontSpec?) = (nil, nil)) {
        self.display = display
        self.clock = clock
        let look = NotificationLook(style: style, settings: settings, labelFont: fonts.label,
                                    detailsFont: fonts.details)
        presentation = NotificationPresentation(look: look, osdValueMode: valueMode,
                                                valueHints: settings.valueHints ?? Notification.valueHints,
                                                expiry: NotificationExpiry(timeout: timeout, urgency: settings.urgency))
        screen = NotificationScreen(display: display, presentation: presentation, maxVisible: maxVisible)
        let builtIn = NotificationSettings.builtIn
        history = NotificationHistory(limit: settings.historyLength ?? builtIn.historyLength!)
        pause = NotificationPause(shows: settings.pausedShows ?? builtIn.pausedShows!)
        popped = settings.popped ?? builtIn.popped!
        dmenu = settings.dmenu ?? builtIn.dmenu ?? DmenuPick.defaultCommand
        browser = settings.browser ?? builtIn.browser ?? "xdg-open"
        intake = NotificationIntake(rules: NotificationRules(settings.rules), icons: icons)
        mouse = NotificationMouse(settings: settings)
        display.fullscreenChanged = { [weak self] in self?.fill() }
    }

    /// Shows what `server` receives, and tells it how each notification ended. The desk keeps the server.
    public func serve(_ server: NotificationServer) {
        server.onShow = { [unowned self] id, n, _ in show(id, n) }
        server.onClose = { [unowned self] id in close(id, reason: .closedByCall) }
        onClosed = { id, reason in server.closed(id, reason: reason) }
        onInvoked = { id, action in server.invoked(id, action: action) }
        reopen = { n in server.reopen(n) }
        server.persistence = history.limit > 0
    }

    /// The notifications waiting for a place, next first.
    public var queued: [UInt32] { waiting.ids }

    /// The open notification `id` (shown, hiding or waiting).
    public func notification(_ id: UInt32) -> Notification? { entries[stacks.key(of: id) ?? id]?.notification }

    /// How many are shown (or hiding).
    public var visibleCount: Int { entries.values.count { $0.hud != nil } }

    /// Shows `n` as notification `id`: in place of the one of that id still open (its timer starts again), else in
    /// a HUD of its own when fewer than `maxVisible` are shown (and not paused), else in the queue, behind those of
    /// its urgency or a higher one. Its picture is read now, at the size it is drawn at.
    public func show(_ id: UInt32, _ n: Notification) {
        // Notifications coming fast make a burst even while the column stays full.
        screen.column.changed(at: clock.now)
        let arrival = intake.take(id, n, iconTheme: display.iconTheme(), timeout: expiryRule, now: clock.now) {
            onWarning?($0)
        }
        guard !arrival.skipDisplay else {
            // History only: over at once, as if it expired unseen (one shown under that id goes too, out of its
            // stack if it was in one).
            if stacks.stack(of: id) != nil { unstack(id, reason: nil) }
            if entries[id] != nil { close(id, reason: .expired) }
            ended(id, NotificationEntry(notification: arrival.notification, name: "", picture: arrival.picture,
                                        skipHistory: arrival.skipHistory), reason: .expired)
            return
        }
        show(id, arrival.notification, picture: arrival.picture, skipHistory: arrival.skipHistory,
             stackable: arrival.stackable)
    }

    /// `show(_:_:)` with the picture already read (a notification taken back from the history).
    func show(_ id: UInt32, _ n: Notification, picture: CustomIndicator?, skipHistory: Bool = false,
              stackable: Bool = true) {
        // A replacement of one id of a stack takes it out of the stack, to be shown as itself.
        if stacks.stack(of: id) != nil { unstack(id, reason: nil) }
        if var entry = entries[id] {
            entry.notification = n
            entry.picture = picture
            entry.skipHistory = skipHistory
            entries[id] = entry
            indexForStacking(id)
            // One leaving for a pause waits again with its new content once hidden.
            if entry.parked { return }
            if entry.hud != nil {
                present(id)
            } else {
                if let dropped = waiting.update(id, urgency: n.urgency) { drop(dropped) }
                // Made critical, it takes a place at once.
                fill()
            }
            return
        }
        // Not a replacement: the same again from the same application joins the one shown or waiting.
        if n.replacesID == 0, stackable, presentation.stacksDuplicates(n),
           let key = stacks.duplicate(of: n, skipHistory: skipHistory, in: entries,
                                      stacking: presentation.stacksDuplicates) {
            join(id, onto: key)
            return
        }
        var name = n.synchronousTag.map { NotificationPresentation.hudName(app: n.appName, tag: $0) }
            ?? "notification-\(id)"
        // Never another notification's HUD, whatever the names: each id is closed as itself and frees its place.
        if entries.values.contains(where: { $0.name == name }) { name = "notification-\(id)" }
        entries[id] = NotificationEntry(notification: n, name: name, picture: picture, skipHistory: skipHistory,
                            stackable: stackable)
        indexForStacking(id)
        // Nothing waiting may take a free place (`fill` runs whenever one frees or the pause ends), so a free place
        // is this one's if it may show and fits, unless one before it waits for room.
        if placeIsFree(for: id, n, behindWaiting: true) {
            present(id)
        } else {
            if let dropped = waiting.insert(id, urgency: n.urgency, app: n.appName) { drop(dropped) }
            // One application's flood cannot hold another's notification back for more than a moment: the place
            // given up goes to this one once that bubble has faded out.
            if waiting.contains(id), mayShow(n),
               let freed = screen.column.placeToFree(for: n.appName, urgency: n.urgency,
                                                     expires: { entries[$0]?.expires }) {
                close(freed, reason: .expired)
            }
        }
    }

    /// Whether `n` may take a place now. While paused, only a critical one (unless `paused-shows` is nothing);
    /// over a fullscreen window, a critical one or an OSD's value (a volume key's bar: what the user just did; a
    /// download's bubble waits as any bubble does).
    func mayShow(_ n: Notification) -> Bool {
        if pause.isOn { return !pause.holds(n.urgency) }
        return n.urgency == .critical || presentation.isValueFlash(n) || !display.isFullscreen
    }

    /// Whether `n` (of `id`, not shown) may show now. A critical one always may, unless the pause holds it: the
    /// column grows past `maxVisible` for it, and it stands at the column's edge (`NotificationLook`), as dunst
    /// shows one at once, on top. An OSD is drawn in the centre and takes no place. Any other takes a free place
    /// that it fits in, and a newcomer does not pass one that waits for room (`behindWaiting`).
    func placeIsFree(for id: UInt32, _ n: Notification, behindWaiting: Bool) -> Bool {
        guard mayShow(n) else { return false }
        if n.urgency == .critical || presentation.isOSD(n) { return true }
        return !screen.column.isFull && !(behindWaiting && waitsForRoom(urgency: n.urgency)) && hasRoom(for: id)
    }

    /// Whether the waiting `id` fits under the bubbles shown (`NotificationScreen.hasRoom`).
    private func hasRoom(for id: UInt32) -> Bool {
        entries[id].map { screen.hasRoom(for: $0, stackCount: stackCount(id)) } ?? true
    }

    /// Whether one of `urgency` or higher waits for room (not for the pause or a fullscreen window): a newcomer
    /// that would fit then waits behind it, so a tall one is not passed over for good by a stream of short ones.
    private func waitsForRoom(urgency: Urgency) -> Bool {
        waiting.ids.contains { id in
            entries[id].map { $0.notification.urgency >= urgency && mayShow($0.notification) } ?? false
        }
    }

    /// The waiting ones take the free places, next first, as far as the pause and a fullscreen window let them.
    func fill() {
        var held = screen.column.held
        while let next = waiting.popNext(places: { held[$0, default: 0] },
                                         if: { id in entries[id].map {
                                             placeIsFree(for: id, $0.notification, behindWaiting: false)
                                         } ?? true }) {
            present(next)
            // An OSD takes no place, so it counts for no application in the round.
            if let app = screen.column.places[next]?.app { held[app, default: 0] += 1 }
        }
        updateMore()
    }

    /// A waiting notification dropped to keep the queue bounded: it is over, as if it expired unseen. It stays out
    /// of the history: a flood of them would push out the notifications that were shown (issue 39 item 7).
    private func drop(_ id: UInt32) {
        guard var entry = entries.removeValue(forKey: id) else { return }
        entry.skipHistory = true
        dropped += 1
        ended(id, entry, reason: .expired)
    }

    /// `id` is over, with every id stacked onto it: the server is told why, and it is kept in the history (unless
    /// its sender marked it `transient`, or it was never shown here).
    private func ended(_ id: UInt32, _ entry: NotificationEntry, reason: NotificationServer.CloseReason) {
        for each in [id] + stacks.dissolve(id) { onClosed?(each, reason) }
        if reason != .undefined, !entry.notification.isTransient, !entry.skipHistory {
            history.add(NotificationRecord(id: id, notification: entry.notification, picture: entry.picture,
                                           reason: reason))
        }
    }

    /// The HUD name of an application's synchronous tag (`NotificationPresentation.hudName`).
    public static func hudName(app: String, tag: String) -> String {
        NotificationPresentation.hudName(app: app, tag: tag)
    }

    /// When `n`, shown from now, expires; nil for never.
    func expiry(of n: Notification) -> Double? {
        presentation.expiry.seconds(for: n).map { clock.now + max(0, $0) }
    }

    /// The desk at `now`: every shown notification whose time is up closes as expired (the earliest first), and a
    /// pause given a duration ends. Then the one timer is set for `nextDeadline`.
    public func update(now: Double) {
        if pause.isOver(at: now) { resume() }
        let due = entries.compactMap { id, entry in entry.expires.flatMap { $0 <= now ? ($0, id) : nil } }
        for (_, id) in due.sorted(by: <) where entries[id]?.expires.map({ $0 <= now }) == true {
            close(id, reason: .expired)
        }
        wakeUp()
    }

    /// When `update(now:)` has something to do next: the earliest expiry, or the end of a timed pause.
    public var nextDeadline: Double? {
        let expiries = entries.values.compactMap(\.expires)
        return (expiries + [pause.until].compactMap { $0 }).min()
    }

    /// Sets the desk's one timer for `nextDeadline` (none when there is none), after any change to a deadline.
    func wakeUp() {
        let next = nextDeadline
        if let timer, timer.isPending, timer.deadline == next { return }
        timer?.cancel()
        timer = next.map { clock.schedule(at: $0) { [weak self] in self.map { $0.update(now: $0.clock.now) } } }
    }

    /// Seconds a notification stays when its sender leaves the time to the server (`NotificationExpiry`).
    public static func readingTime(summary: String, body: String) -> Double {
        NotificationExpiry.readingTime(summary: summary, body: body)
    }

    /// The user chose action `key` of `id`: it is said, then the notification closes, unless it has the `resident`
    /// hint (it stays until the user or its sender closes it, or it expires).
    /// A click on a stack says it of its newest id; the whole stack then closes.
    func invoke(_ id: UInt32, _ key: String) {
        onInvoked?(entries[id] != nil ? stacks.newest(of: id) : id, key)
        guard notification(id)?.isResident != true else { return }
        close(stacks.key(of: id) ?? id, reason: .dismissed)
    }

    /// Hides `id` for `reason`; one still waiting for a place closes at once. One id of a stack closed by a call
    /// (`CloseNotification`) leaves the stack, which stays with one fewer; any other reason closes the whole stack.
    public func close(_ id: UInt32, reason: NotificationServer.CloseReason) {
        if let key = stacks.stack(of: id) {
            guard reason != .closedByCall else { return unstack(id, reason: reason) }
            if key != id { return close(key, reason: reason) }
        }
        guard var entry = entries[id] else { return }
        defer { wakeUp() }
        entry.expires = nil
        guard let hud = entry.hud else {
            waiting.remove(id)
            entries[id] = nil
            ended(id, entry, reason: reason)
            return
        }
        // The first reason stands: notify-send calls CloseNotification right after ActionInvoked, and the
        // notification was still dismissed by the user (2), not closed by the call (3).
        if entry.reason == nil { entry.reason = reason }
        entries[id] = entry
        hud.hide(animated: !screen.column.leave(id, at: clock.now))
    }

    /// The HUD of `id` has hidden: the server is told why, and the next waiting notification takes its place.
    func finished(_ id: UInt32) {
        if entries[id]?.parked == true, entries[id]?.reason == nil { return requeue(id) }
        guard let entry = entries.removeValue(forKey: id) else { return }
        screen.column.free(id)
        display.release(entry.name)
        ended(id, entry, reason: entry.reason ?? .closedByCall)
        fill()
    }

    /// Every notification, shown or waiting, closed at once for `reason`: the name lost to another server
    /// (undefined, 4), or `x11hud notifications close-all` (dismissed by the user, 2). Returns how many.
    @discardableResult public func closeAll(reason: NotificationServer.CloseReason = .undefined) -> Int {
        // The waiting ones first, so that none takes a place freed by the others.
        let ids = waiting.ids + entries.filter { $0.value.hud != nil }.keys.sorted()
        for id in ids { close(id, reason: reason) }
        return ids.count
    }
}
