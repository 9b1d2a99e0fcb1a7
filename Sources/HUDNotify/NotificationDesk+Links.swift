import HUDFeeds

/// What a pick of the context menu does, as dunst's `dispatch_menu_result`: a `#` line invokes its action, any
/// other opens its URL with `browser`.
extension NotificationDesk {
    /// What `pick` did.
    public enum MenuPick: Equatable, Sendable {
        case invoked(id: UInt32, key: String)
        /// The URL given to `browser`.
        case opened(url: String)
    }

    /// Acts on a line of `menuLines` picked in dmenu; nil (with a warning for a browser that cannot start) when it
    /// names no action or link shown.
    @discardableResult public func pick(_ line: String) -> MenuPick? {
        let text = String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if text.hasPrefix("#") { return invokeMenuLine(text).map { .invoked(id: $0.id, key: $0.key) } }
        // Only a link shown is opened (dunst opens whatever dmenu prints): any client of the bus can send a line, and
        // a URL starting with `-` would be an option of the browser.
        guard !text.isEmpty, menuLines.contains(text) else { return nil }
        let url = NotificationLink(menuLine: text).url
        guard !url.isEmpty, !url.hasPrefix("-") else {
            onWarning?("not opened: '\(url)' is no URL")
            return nil
        }
        guard let argv = NotificationLink.words(browser) else {
            onWarning?("cannot open \(url): the browser setting '\(browser)' has no command")
            return nil
        }
        // In the background and reaped: a browser that stays open never holds the server.
        do { _ = try CommandJob.startInBackground(argv + [url], adding: [:]) } catch {
            onWarning?("cannot open \(url) with '\(browser)': \(error)")
            return nil
        }
        return .opened(url: url)
    }

    /// The lines of notification `id` in the context menu: its actions, `#LABEL (SUMMARY) [ID,KEY]`, then its links.
    func menuLines(of id: UInt32) -> [String] {
        guard let n = notification(id) else { return [] }
        return n.actions.map { "#\($0.label) (\(n.summary)) [\(id),\($0.key)]" } + NotificationLink.menuLines(of: n)
    }

    /// The links of the notifications shown, by id.
    public var shownLinks: [(id: UInt32, links: [NotificationLink])] {
        shownNewestFirst.compactMap { id in notification(id).map { (id, NotificationLink.of($0)) } }
    }
}
