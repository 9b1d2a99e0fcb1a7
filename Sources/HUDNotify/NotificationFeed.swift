import HUDFeeds
import ProgressFeed

/// The input source of one notification's HUD: the desk posts each `Notify` for it, the HUD pulls it once per
/// frame as it pulls standard input. The X11 display's own: the desk hands updates to a `NotificationHUD`.
final class NotificationFeed: HUDInputSource {
    private let link = MailboxLink()

    init() {}

    func post(_ update: FeedUpdate) {
        var inbox = FeedInbox()
        inbox.update = update
        link.post(inbox)
    }

    func start(asking ask: @escaping @Sendable () -> Void) { _ = link.connect(ask) }
    func take() -> FeedInbox { link.take() }
    func framesLook(_ on: Bool) -> Bool { link.framesLook(on) }
}
