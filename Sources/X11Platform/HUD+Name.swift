import X11Display
import X11Names
import HUDControl
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

    /// A request from another process, through the same door as every other input: its lines are posted to the
    /// controller (showing the HUD again if it was hiding) and applied with the next frame, merged with whatever
    /// else came meanwhile; a hide request is a hide posted the same way.
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
        // A sender's lines wait in a property that the first request to arrive reads whole: a request that follows
        // quickly finds them taken. It carries nothing, and showing again would cancel the hide the lines asked for.
        if request.flags.contains(.autoDetails) { controller.writeTransferDetails() }
        if request.flags.contains(.update), !request.lines.isEmpty, !targetClosed {
            controller.post(input, show: true)
        }
        if request.flags.contains(.hide) {
            var hide = FeedInbox()
            hide.hideAfter = 0
            controller.post(hide)
        }
        if request.flags.contains(.subscribe) { session.links.subscribe(request, to: window.id) }
        session.links.answer(.ack, 0, to: request)
    }
}
