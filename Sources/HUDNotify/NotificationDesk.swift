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
    struct Entry {
        var notification: Notification
        var hud: (any NotificationHUD)?
        var name: String
        /// Its picture, read and scaled to the size it is drawn at when it arrived: the notification keeps no
        /// pixels of its own (`withoutPixels`), so a waiting one holds no more than a shown one.
        var picture: CustomIndicator?
        /// When its timeout closes it, on the desk's clock; nil without one, while hovered, or once hiding.
        var expires: Double?
        /// Why it is hiding, when this process hid it; a hide from elsewhere (`x11hud hide`) is a close (3).
        var reason: NotificationServer.CloseReason?
        /// A rule keeps it out of the history.
        var skipHistory = false
        /// The pointer is on it: its timeout waits.
        var hovered = false
        /// It may take duplicates: it has no raw pixels (two images cannot be told apart once scaled).
        var stackable = true
    }

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
    /// The picture warnings said already (at most 256 kept).
    private var warnedPictures: Set<String> = []

    /// A notification has gone, and why (the `NotificationClosed` signal).
    public var onClosed: (@MainActor (UInt32, NotificationServer.CloseReason) -> Void)?
    /// The user chose an action of a notification (the `ActionInvoked` signal); `onClosed` follows.
    public var onInvoked: (@MainActor (UInt32, String) -> Void)?
    /// What the user may want to know (a picture that cannot be shown, a HUD that cannot be made); a line for
    /// standard error.
    public var onWarning: (@MainActor (String) -> Void)?

    let display: any NotificationDisplay
    let clock: any LoopClock
    private let icons: IconLookup
    let look: NotificationLook
    /// How the `value` hint is drawn: `.bar` or `.annular`.
    let valueMode: HUDMode
    /// How long each stays.
    let expiryRule: NotificationExpiry
    /// The hints whose number is drawn as a bar, the first present winning.
    let valueHints: [String]
    /// Every open notification (shown, hiding or waiting) by id; a stack under its key.
    var entries: [UInt32: Entry] = [:]
    /// What waits for a place (or for the pause to end), next first; the display is told how many.
    var waiting = NotificationQueue(limit: queueLimit, criticalLimit: criticalQueueLimit) {
        didSet {
            guard waiting.count != oldValue.count else { return }
            display.waitingChanged(waiting.count)
            updateMore()
        }
    }
    /// The bubbles on screen, as places.
    var column: NotificationColumn
    /// Which ids are stacked onto which.
    var stacks = NotificationStacks()
    /// "N more" under the column.
    let more: NotificationMorePill
    /// Closed notifications, newest last (`history-length`, none when 0).
    var history: NotificationHistory
    /// While paused (do not disturb), new notifications wait, critical ones aside unless `paused-shows` is nothing.
    var pause: NotificationPause
    /// `[[notifications.rule]]`, applied in order to each notification as it arrives.
    var rules: NotificationRules
    /// What a click of each pointer button on a notification does.
    let mouse: NotificationMouse
    /// How long a popped notification stays (`popped`).
    let popped: NotificationSettings.Popped
    /// The menu command dunstctl's context and action run (`[notifications] dmenu`).
    public let dmenu: String
    /// Calls `update(now:)` at `nextDeadline`.
    private var timer: LoopTimer?
    /// Starts a rule's script (`argv`, with `environment` added to ours): in the background, reaped, by default.
    public var runScript: @MainActor (_ argv: [String], _ environment: [String: String]) throws -> Void = {
        try CommandJob.startInBackground($0, adding: $1)
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
        self.icons = icons
        look = NotificationLook(style: style, settings: settings, labelFont: fonts.label, detailsFont: fonts.details)
        column = NotificationColumn(maxVisible: maxVisible, margin: look.bubble.margin)
        more = NotificationMorePill(display: display, look: look)
        self.valueMode = valueMode
        expiryRule = NotificationExpiry(timeout: timeout, urgency: settings.urgency)
        valueHints = settings.valueHints ?? Notification.valueHints
        let builtIn = NotificationSettings.builtIn
        history = NotificationHistory(limit: settings.historyLength ?? builtIn.historyLength!)
        pause = NotificationPause(shows: settings.pausedShows ?? builtIn.pausedShows!)
        popped = settings.popped ?? builtIn.popped!
        dmenu = settings.dmenu ?? builtIn.dmenu ?? DmenuPick.defaultCommand
        rules = NotificationRules(settings.rules)
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
        let ruled = rules.apply(to: n)
        let (picture, warnings) = NotificationPicture.resolve(ruled.notification, icons: icons,
                                                              theme: display.iconTheme())
        // Once per picture: a volume key naming a missing icon file would write a line for every press.
        for warning in warnings where warnedPictures.insert(warning).inserted {
            if warnedPictures.count > 256 { warnedPictures = [warning] }
            onWarning?("notification \(id): \(warning)")
        }
        run(ruled.scripts, for: id, ruled.notification)
        guard !ruled.skipDisplay else {
            // History only: over at once, as if it expired unseen (one shown under that id goes too, out of its
            // stack if it was in one).
            if stacks.stack(of: id) != nil { unstack(id, reason: nil) }
            if entries[id] != nil { close(id, reason: .expired) }
            ended(id, Entry(notification: ruled.notification.withoutPixels, name: "", picture: picture,
                            skipHistory: ruled.skipHistory), reason: .expired)
            return
        }
        let pixels = n.pictures.contains { if case .pixels = $0 { true } else { false } }
        show(id, ruled.notification.withoutPixels, picture: picture, skipHistory: ruled.skipHistory,
             stackable: !pixels)
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
        if n.replacesID == 0, stackable, stacksDuplicates(n), let key = duplicate(of: n, skipHistory: skipHistory) {
            join(id, onto: key)
            return
        }
        var name = n.synchronousTag.map { Self.hudName(app: n.appName, tag: $0) } ?? "notification-\(id)"
        // Never another notification's HUD, whatever the names: each id is closed as itself and frees its place.
        if entries.values.contains(where: { $0.name == name }) { name = "notification-\(id)" }
        entries[id] = Entry(notification: n, name: name, picture: picture, skipHistory: skipHistory,
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
               let freed = column.placeToFree(for: n.appName, urgency: n.urgency, expires: { entries[$0]?.expires }) {
                close(freed, reason: .expired)
            }
        }
    }

    /// Whether `n` may take a place now. While paused, only a critical one (unless `paused-shows` is nothing);
    /// over a fullscreen window, a critical one or an OSD's value (a volume key's bar: what the user just did; a
    /// download's bubble waits as any bubble does).
    func mayShow(_ n: Notification) -> Bool {
        if pause.isOn { return !pause.holds(n.urgency) }
        return n.urgency == .critical || (isOSD(n) && n.value(hints: valueHints) != nil) || !display.isFullscreen
    }

    /// Whether `n` (of `id`, not shown) may show now. A critical one always may, unless the pause holds it: the
    /// column grows past `maxVisible` for it, and it stands at the column's edge (`NotificationLook`), as dunst
    /// shows one at once, on top. An OSD is drawn in the centre and takes no place. Any other takes a free place
    /// that it fits in, and a newcomer does not pass one that waits for room (`behindWaiting`).
    func placeIsFree(for id: UInt32, _ n: Notification, behindWaiting: Bool) -> Bool {
        guard mayShow(n) else { return false }
        if n.urgency == .critical || isOSD(n) { return true }
        return !column.isFull && !(behindWaiting && waitsForRoom(urgency: n.urgency)) && hasRoom(for: id)
    }

    /// Whether the waiting `id` fits under the bubbles shown, leaving room for the pill and the margins (always, on
    /// a display that cannot measure).
    private func hasRoom(for id: UInt32) -> Bool {
        guard let entry = entries[id], !isOSD(entry.notification),
              let size = display.measure(content(of: id, entry), style: style(for: entry.notification)) else {
            return true
        }
        return column.fits(size, pill: more.height)
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
        var held = column.held
        while let next = waiting.popNext(places: { held[$0, default: 0] },
                                         if: { id in entries[id].map {
                                             placeIsFree(for: id, $0.notification, behindWaiting: false)
                                         } ?? true }) {
            present(next)
            // An OSD takes no place, so it counts for no application in the round.
            if let app = column.places[next]?.app { held[app, default: 0] += 1 }
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
    private func ended(_ id: UInt32, _ entry: Entry, reason: NotificationServer.CloseReason) {
        for each in [id] + stacks.dissolve(id) { onClosed?(each, reason) }
        if reason != .undefined, !entry.notification.isTransient, !entry.skipHistory {
            history.add(NotificationRecord(id: id, notification: entry.notification, picture: entry.picture,
                                           reason: reason))
        }
    }

    /// The HUD name of an application's synchronous tag, `APP:TAG` (`notify-send:volume`): two applications using
    /// the same tag get a HUD each, a tag cannot name another notification's `notification-N` (those have no
    /// colon), and `x11hud --id notify-send:volume` reaches the HUD. A colon or `%` in the application's name is
    /// written `%3A` or `%25`, so that the first colon ends it; control characters are left out, each part is cut
    /// at 64 characters.
    public static func hudName(app: String, tag: String) -> String {
        func printable(_ s: String) -> String {
            String(s.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }.prefix(64).map(Character.init))
        }
        let escaped = printable(app).replacing("%", with: "%25").replacing(":", with: "%3A")
        return escaped + ":" + printable(tag)
    }

    /// When `n`, shown from now, expires; nil for never.
    func expiry(of n: Notification) -> Double? {
        expiryRule.seconds(for: n).map { clock.now + max(0, $0) }
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

    /// The look of `n`: a bubble, or an OSD (`isOSD`: a volume key's), with its urgency's and its rules'.
    func style(for n: Notification) -> HUDStyle {
        look.style(for: n.urgency, osd: isOSD(n), rules: n.ruleLook)
    }

    /// Whether `n` is the centre OSD rather than a bubble of the column (`Notification.isOSD(valueHints:)`).
    func isOSD(_ n: Notification) -> Bool { n.isOSD(valueHints: valueHints) }

    /// How `n`'s value is drawn: the OSD's as the command line says (a bar or a ring), a bubble's always as a bar
    /// under its text.
    func valueMode(of n: Notification) -> HUDMode { isOSD(n) ? valueMode : .bar }

    /// Whether `n` may join a duplicate or be joined: not an OSD, and not a progress whose bar would stand for
    /// several values.
    func stacksDuplicates(_ n: Notification) -> Bool { !isOSD(n) && n.value(hints: valueHints) == nil }

    /// Characters of an action's label shown on its button (one line, ellipsized to the bubble's width anyway).
    static let labelLimit = 100

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
        column.leave(id)
        hud.hide()
    }

    /// The HUD of `id` has hidden: the server is told why, and the next waiting notification takes its place.
    func finished(_ id: UInt32) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        column.free(id)
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

// MARK: - On screen

extension NotificationDesk {
    /// Shows (or updates in place) the HUD of `id`, and gives it its place in the column (none for an OSD).
    func present(_ id: UInt32) {
        guard var entry = entries[id] else { return }
        let n = entry.notification
        let hud: any NotificationHUD
        if let shown = entry.hud {
            hud = shown
        } else {
            guard let made = claim(id, entry) else { return }
            hud = made
            entry.hud = hud
        }
        entry.reason = nil
        let style = fitted(style(for: n), for: id, entry)
        if isOSD(n) {
            column.free(id)
        } else {
            column.take(id, app: n.appName, urgency: n.urgency,
                        height: display.measure(content(of: id, entry), style: style)?.height)
        }
        var change = bound(to: id, entry)
        change.picture = .some(entry.picture)
        change.style = style
        hud.post(change)
        // Shown again if it was hiding: the held key's case.
        hud.show()
        entry.expires = entry.hovered ? nil : expiry(of: n)
        entries[id] = entry
        wakeUp()
    }

    /// What the HUD of `id` is given: its text and the stack's count, its buttons and what its clicks do.
    func bound(to id: UInt32, _ entry: Entry) -> HUDChange {
        let n = entry.notification
        let (update, buttons) = shown(entry)
        var change = HUDChange(input: update)
        change.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        change.stackCount = 1 + stacks.members(of: id).count
        var handlers = HUDHandlers()
        if !buttons.isEmpty {
            let keys = buttons.map(\.key)
            handlers.action = { [unowned self] index in
                if keys.indices.contains(index) { invoke(id, keys[index]) }
            }
        }
        if buttons.isEmpty, let key = n.buttonAction?.key {
            handlers.button = { [unowned self] in invoke(id, key) }
        }
        // An OSD's bar (a volume flash) lets clicks through, and so does a bubble no button does anything on; a
        // bubble with a bar (a download's) takes them as any bubble does.
        let flash = isOSD(n) && n.value(hints: valueHints) != nil
        if !flash, mouse.takesClicks {
            handlers.bezel = { [unowned self] in click(1, on: id) }
            handlers.otherClick = { [unowned self] button in click(button, on: id) }
        }
        handlers.hover = { [unowned self] inside in hover(id, inside) }
        change.handlers = handlers
        change.completion = { [unowned self] in finished(id) }
        return change
    }

    /// What the HUD of `entry` shows: its text, and its buttons' actions (the stack's count is `stacks`').
    private func shown(_ entry: Entry) -> (update: FeedUpdate, buttons: [(key: String, label: String)]) {
        let n = entry.notification
        var update = n.update(valueMode: valueMode(of: n), valueHints: valueHints, hasPicture: entry.picture != nil)
        // A bubble shows every action as a button; an OSD, the HUD it is, its first as the HUD's button.
        let buttons: [(key: String, label: String)] = isOSD(n) ? [] : n.buttons
        if !buttons.isEmpty { update.button = "" }
        return (update, buttons)
    }

    /// What the HUD of `id` lays out, to be measured: as `bound(to:_:)` gives it.
    private func content(of id: UInt32, _ entry: Entry) -> HUDContent {
        let (update, buttons) = shown(entry)
        var content = HUDContent(mode: update.mode ?? .text, label: update.label ?? "", details: update.details ?? "",
                                 buttonTitle: update.button ?? "", custom: entry.picture)
        content.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        content.stackCount = 1 + stacks.members(of: id).count
        return content
    }

    /// The look `entry` is shown with, its body cut to the lines that fit under the bubbles shown beside it: a
    /// replacement (`replaces_id`) may make a shown bubble taller, and it keeps its place rather than leave it.
    /// Unchanged when it fits, when nothing else is shown, for an OSD, or on a display that cannot measure.
    private func fitted(_ style: HUDStyle, for id: UInt32, _ entry: Entry) -> HUDStyle {
        guard var bubble = style.bubble, !isOSD(entry.notification) else { return style }
        let content = content(of: id, entry)
        let pill = more.height
        var fitted = style
        while let size = display.measure(content, style: fitted), !column.fits(size, pill: pill, besides: id),
              bubble.bodyLines > 1 {
            bubble.bodyLines -= 1
            fitted.bubble = bubble
        }
        return fitted
    }

    /// The pointer came onto the HUD of `id` (`inside`) or left it: its timeout stops while the pointer is there,
    /// and starts again, whole, when it leaves, as KDE and GNOME do: a notification being read does not go.
    private func hover(_ id: UInt32, _ inside: Bool) {
        guard var entry = entries[id], entry.hud != nil, entry.reason == nil, entry.hovered != inside else { return }
        entry.hovered = inside
        entry.expires = inside ? nil : expiry(of: entry.notification)
        entries[id] = entry
        wakeUp()
    }

    /// A click of pointer `button` on the bezel of `id`, as `NotificationMouse` says.
    private func click(_ button: Int, on id: UInt32) {
        guard let n = notification(id) else { return }
        switch mouse.click(button, on: n) {
        case .invoke(let key): invoke(id, key)
        case .close: close(id, reason: .dismissed)
        case .closeAll: closeAll(reason: .dismissed)
        case .nothing: break
        }
    }

    /// The HUD for `entry`, or nil when none is shown here (the notification is then over, reason 4).
    private func claim(_ id: UInt32, _ entry: Entry) -> (any NotificationHUD)? {
        let n = entry.notification
        let update = n.update(valueMode: valueMode(of: n), valueHints: valueHints)
        switch display.claim(entry.name, update: update) {
        case .local(let hud):
            return hud
        case .forwarded:
            break
        case .failed(let reason):
            onWarning?("notification \(id) cannot be shown: \(reason)")
        }
        entries[id] = nil
        for each in [id] + stacks.dissolve(id) { onClosed?(each, .undefined) }
        return nil
    }

    /// The pill says what waits now. Not while paused or over a fullscreen window: those wait for the user's sake,
    /// and a pill would disturb just as a bubble would (`x11hud notifications count` says how many wait).
    func updateMore() {
        more.show(pause.isOn || display.isFullscreen ? 0 : waiting.count)
    }
}

// MARK: - Duplicates

extension NotificationDesk {
    /// The open notification `n` would join (its id), if any: never a value or synchronous one (an OSD, or a
    /// bubble with a bar), one with raw pixels, or one hiding.
    private func duplicate(of n: Notification, skipHistory: Bool) -> UInt32? {
        guard let key = stacks.candidate(for: StackKey(n, skipHistory: skipHistory)), let entry = entries[key],
              entry.stackable, entry.reason == nil, entry.skipHistory == skipHistory,
              stacksDuplicates(entry.notification), entry.notification.isDuplicate(of: n) else { return nil }
        return key
    }

    /// Notes the text `id` shows now, for `duplicate(of:skipHistory:)`.
    private func indexForStacking(_ id: UInt32) {
        func stacks(_ entry: Entry) -> Bool { entry.stackable && stacksDuplicates(entry.notification) }
        guard let entry = entries[id], stacks(entry) else { return }
        self.stacks.remember(id, as: StackKey(entry.notification, skipHistory: entry.skipHistory),
                             openCount: entries.count) {
            entries.compactMap { id, entry in
                stacks(entry) ? (StackKey(entry.notification, skipHistory: entry.skipHistory), id) : nil
            }
        }
    }

    /// Notification `id` joins the stack kept under `key`: a shown one counts it and its time starts again.
    private func join(_ id: UInt32, onto key: UInt32) {
        guard let entry = entries[key] else { return }
        stacks.join(id, onto: key)
        if entry.hud != nil { present(key) }
    }

    /// Takes `id` out of its stack, the stack staying with one fewer, and says it closed for `reason` (nil: it is
    /// being replaced, and goes on as a notification of its own).
    private func unstack(_ id: UInt32, reason: NotificationServer.CloseReason?) {
        switch stacks.remove(id) {
        case .left(let key)?:
            recount(key)
        case .handedOver(let next)?:
            // The stack is kept under `next` from now on: its place in the queue and the column, its HUD (whose
            // clicks and hide now name `next`) and its expiry go with it.
            guard let entry = entries.removeValue(forKey: id) else { return }
            waiting.rename(id, to: next)
            column.rename(id, to: next)
            entries[next] = entry
            indexForStacking(next)
            recount(next)
        case nil:
            return
        }
        if let reason { onClosed?(id, reason) }
    }

    /// The shown stack under `key` says its count again; one on its way out only hears of its new key when it
    /// has hidden.
    private func recount(_ key: UInt32) {
        guard let entry = entries[key], let hud = entry.hud else { return }
        if entry.reason == nil {
            hud.post(bound(to: key, entry))
        } else {
            var change = HUDChange()
            change.completion = { [unowned self] in finished(key) }
            hud.post(change)
        }
    }
}

// MARK: - Rules' scripts

extension NotificationDesk {
    /// Runs each of `scripts` for notification `id` with dunst's arguments and environment (`RuleScriptCall`).
    /// No shell reads any of them.
    private func run(_ scripts: [String], for id: UInt32, _ n: Notification) {
        for script in scripts {
            let call = RuleScriptCall(script: script, id: id, n, timeout: expiryRule.seconds(for: n), now: clock.now)
            do {
                try runScript(call.arguments, call.environment)
            } catch {
                onWarning?("notification \(id): cannot run the rule's script '\(script)': \(error)")
            }
        }
    }
}
