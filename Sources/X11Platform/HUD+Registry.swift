import X11Display
import X11Names
import Glibc
import HUDControl
import HUDLoop
import HUDScene

extension HUD {
    /// Tells the other HUDs on the display (of every process) where this one is and how big, when that changed:
    /// with `layout` while it is on screen, without when it has gone. A HUD that just came up also takes its place
    /// in its stack at once, so its first frame is drawn there.
    func publish(layout: HUDLayout?) {
        var state: HUDRegistry.State? = nil
        if let layout {
            state = registryState(bezel: layout.bezel.scaled(by: scene.scale), up: true)
        } else if let last = listing.published, last.up {
            state = last
            state?.up = false
        } else if controller.isWaiting {
            // Waiting out its grace time: listed but not up (no place in a stack), so that `list` names it and
            // `hide --all` reaches it before it appears, as a hide of its own would.
            state = registryState(bezel: Rect(x: 0, y: 0, width: 0, height: 0), up: false)
        }
        if let deadline = listing.figuresDeadline(for: state, now: session.loop.now) {
            if listing.heldFigures?.isPending != true {
                listing.heldFigures = session.loop.schedule(at: deadline) { [weak self] in self?.setNeedsUpdate() }
            }
            return
        }
        if listing.publish(state, waiting: controller.isWaiting, window: window.id, connection: connection) {
            restack(among: HUDRegistry.entries(connection: connection))
        }
    }

    private func registryState(bezel b: Rect, up: Bool) -> HUDRegistry.State {
        // What `list` shows of it (text without markup, a stack's count, the value the indicator goes to), as a
        // HUD on any platform describes itself; then where it is, for stacking.
        let listed = HUDListing(controller, pid: getpid(), monitor: monitor.name)
        return HUDRegistry.State(
            id: id, pid: listed.pid, monitor: listed.monitor, position: scene.style.placement.rawValue,
            x: monitor.frame.x + Int(b.x), y: monitor.frame.y + Int(b.y), width: Int(b.width),
            height: Int(b.height), mode: listed.mode, label: listed.label, spinner: listed.spinner, up: up,
            newestFirst: scene.style.bubble != nil ? true : nil, last: scene.style.stacksLast ? true : nil,
            first: scene.style.stacksFirst ? true : nil, progress: listed.progress, details: listed.details,
            outcome: scene.content.outcome?.rawValue)
    }

    /// Finds this HUD's place among the HUDs up at the same position of the same monitor.
    func restack(among entries: [HUDRegistry.Entry]) {
        guard let mine = listing.published else { return }
        let stack = entries.filter {
            $0.state.up && $0.state.monitor == mine.monitor && $0.state.position == mine.position
        }
        let members = HUDStack.ordered(stack.map { HUDStack.Member(window: $0.window, height: $0.state.height) },
                                       newestFirst: stack.contains { $0.state.newestFirst == true },
                                       first: Set(stack.filter { $0.state.first == true }.map(\.window)),
                                       last: Set(stack.filter { $0.state.last == true }.map(\.window)))
        let u = monitor.usable
        let pixels = HUDStack.shift(of: window.id, in: members, anchor: scene.style.placement.vertical,
                                    gap: scene.style.stackGap * scene.scale, top: mine.y, height: mine.height,
                                    area: u.y...(u.y + u.height))
        let dy = pixels / scene.scale
        guard dy != scene.motion.shift.target else { return }
        let now = session.loop.now
        let ours = session.huds.filter {
            $0.listing.published.map { $0.up && $0.monitor == mine.monitor && $0.position == mine.position } == true
        }
        scene.setStackShift(dy, at: now, inBurst: HUDStack.isBusy(ours.map(\.scene), at: now))
        setNeedsUpdate()
    }
}
