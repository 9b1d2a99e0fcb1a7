import HUDScene
import ProgressFeed

extension HUD {
    /// Gives up the display-wide name once the HUD has gone, so that the next `--id` (or a queued one) takes it.
    func releaseName() {
        guard ownsName, let id else { return }
        ownsName = false
        session.links.release(id)
    }

    /// Another client took the name (it should not, since names are taken under a grab): keep showing, unnamed.
    func lostName() { ownsName = false }

    /// A request from another process: the lines change the HUD in place (showing it again if it was hiding) and
    /// restart its automatic hide; a hide request hides it.
    func received(_ request: HUDLinks.Request) {
        let parser = FeedParser(scanPercentages: false)
        var input = FeedInbox()
        for line in request.lines {
            var bytes = Array(line.utf8)
            let event = bytes.withUnsafeMutableBytes { parser.parse(UnsafeRawBufferPointer($0)) }
            switch event {
            case .update(let u), .partial(let u, _): input.take(u)
            case .nothing, .warning: break
            }
        }
        if request.flags.contains(.update) {
            if let delay = input.hideAfter { autoHideDelay = delay }
            input.hideAfter = nil
            show()
            apply(input)
        }
        if request.flags.contains(.hide) { hide() }
        if request.flags.contains(.subscribe) { session.links.subscribe(request, to: window.id) }
        session.links.answer(.ack, 0, to: request)
    }
}
