import HUDBase
import HUDConfig
import HUDControl
import HUDScene
import ProgressFeed

/// How a notification is shown, decided from the notification alone: a bubble of the column or the centre OSD, its
/// look, how its value is drawn, the text and buttons its HUD gets, and the time it stays. A value: the desk asks,
/// and carries the answers out on the display.
struct NotificationPresentation {
    let look: NotificationLook
    /// How an OSD's value is drawn (a bubble's is always a bar).
    let osdValueMode: HUDMode
    /// The hints that carry a value (`value`, and the config's `value-hints`).
    let valueHints: [String]
    let expiry: NotificationExpiry

    /// Characters of an action's label shown on its button (one line, ellipsized to the bubble's width anyway).
    static let labelLimit = 100

    /// The look of `n`: a bubble, or an OSD (`isOSD`: a volume key's), with its urgency's and its rules'.
    func style(for n: Notification) -> HUDStyle {
        look.style(for: n.urgency, osd: isOSD(n), rules: n.ruleLook)
    }

    /// Whether `n` is the centre OSD rather than a bubble of the column (`Notification.isOSD(valueHints:)`).
    func isOSD(_ n: Notification) -> Bool { n.isOSD(valueHints: valueHints) }

    /// Whether `n` is an OSD with a value (a volume key's flash): what the user just did.
    func isValueFlash(_ n: Notification) -> Bool { isOSD(n) && n.value(hints: valueHints) != nil }

    /// How `n`'s value is drawn: the OSD's as the command line says (a bar or a ring), a bubble's always as a bar
    /// under its text.
    func valueMode(of n: Notification) -> HUDMode { isOSD(n) ? osdValueMode : .bar }

    /// Whether `n` may join a duplicate or be joined: not an OSD, and not a progress whose bar would stand for
    /// several values.
    func stacksDuplicates(_ n: Notification) -> Bool { !isOSD(n) && n.value(hints: valueHints) == nil }

    /// What another process's HUD of `n`'s name is sent (a name another x11hud shows).
    func update(for n: Notification) -> FeedUpdate { n.update(valueMode: valueMode(of: n), valueHints: valueHints) }

    /// What the HUD of `entry` shows: its text, and its buttons' actions (the stack's count is the desk's).
    func shown(_ entry: NotificationEntry) -> (update: FeedUpdate, buttons: [(key: String, label: String)]) {
        let n = entry.notification
        var update = n.update(valueMode: valueMode(of: n), valueHints: valueHints, hasPicture: entry.picture != nil)
        // A bubble shows every action as a button; an OSD, the HUD it is, its first as the HUD's button.
        let buttons: [(key: String, label: String)] = isOSD(n) ? [] : n.buttons
        if !buttons.isEmpty { update.button = "" }
        return (update, buttons)
    }

    /// What the HUD of `entry` lays out, to be measured, stacking `stackCount` notifications: as the desk binds it.
    func content(of entry: NotificationEntry, stackCount: Int) -> HUDContent {
        let (update, buttons) = shown(entry)
        var content = HUDContent(mode: update.mode ?? .text, label: update.label ?? "", details: update.details ?? "",
                                 buttonTitle: update.button ?? "", custom: entry.picture)
        content.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        content.stackCount = stackCount
        return content
    }

    /// What the HUD of notification `id` is given: its text and its stack's count (`stackCount`), its buttons, and
    /// what its clicks, hover and end do (`actions`). Clicks on the bezel reach `actions.click` only where they do
    /// something (`takesClicks`, the config's mouse bindings) and never on a value flash.
    @MainActor func change(for id: UInt32, _ entry: NotificationEntry, stackCount: Int, takesClicks: Bool,
                actions: NotificationHUDActions) -> HUDChange {
        let n = entry.notification
        let (update, buttons) = shown(entry)
        var change = HUDChange(input: update)
        change.actions = buttons.map { String($0.label.prefix(Self.labelLimit)) }
        change.stackCount = stackCount
        var handlers = HUDHandlers()
        if !buttons.isEmpty {
            let keys = buttons.map(\.key)
            handlers.action = { index in if keys.indices.contains(index) { actions.invoke(id, keys[index]) } }
        }
        if buttons.isEmpty, let key = n.buttonAction?.key { handlers.button = { actions.invoke(id, key) } }
        // An OSD's bar (a volume flash) lets clicks through, and so does a bubble no button does anything on; a
        // bubble with a bar (a download's) takes them as any bubble does.
        if !isValueFlash(n), takesClicks {
            handlers.bezel = { actions.click(1, id) }
            handlers.otherClick = { button in actions.click(button, id) }
        }
        handlers.hover = { inside in actions.hover(id, inside) }
        change.handlers = handlers
        change.completion = { actions.finished(id) }
        return change
    }

    /// `style`, with the body of `entry`'s bubble cut to the lines for which `fits` holds (a replacement may make a
    /// shown bubble taller, and it keeps its place rather than leave it). Unchanged when it fits, for an OSD, or
    /// when `fits` cannot tell (nil: a display that cannot measure).
    func fitted(_ style: HUDStyle, for entry: NotificationEntry, fits: (HUDStyle) -> Bool?) -> HUDStyle {
        guard var bubble = style.bubble, !isOSD(entry.notification) else { return style }
        var fitted = style
        while fits(fitted) == false, bubble.bodyLines > 1 {
            bubble.bodyLines -= 1
            fitted.bubble = bubble
        }
        return fitted
    }

    /// The HUD name of an application's synchronous tag, `APP:TAG` (`notify-send:volume`): two applications using
    /// the same tag get a HUD each, a tag cannot name another notification's `notification-N` (those have no
    /// colon), and `x11hud --id notify-send:volume` reaches the HUD. A colon or `%` in the application's name is
    /// written `%3A` or `%25`, so that the first colon ends it; control characters are left out, each part is cut
    /// at 64 characters.
    static func hudName(app: String, tag: String) -> String {
        func printable(_ s: String) -> String {
            String(s.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }.prefix(64).map(Character.init))
        }
        let escaped = printable(app).replacing("%", with: "%25").replacing(":", with: "%3A")
        return escaped + ":" + printable(tag)
    }
}

/// What the desk does when the user acts on a notification's HUD, each given the notification's id.
@MainActor struct NotificationHUDActions {
    /// An action chosen, by its key (a button, or the bubble's one action).
    var invoke: @MainActor (UInt32, String) -> Void
    /// A click of a pointer button on the bezel.
    var click: @MainActor (_ button: Int, UInt32) -> Void
    /// The pointer came on (true) or left.
    var hover: @MainActor (UInt32, Bool) -> Void
    /// The HUD has hidden.
    var finished: @MainActor (UInt32) -> Void
}
