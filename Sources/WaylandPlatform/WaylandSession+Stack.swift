import Glibc
import HUDLoop
public import HUDScene

extension WaylandSession {
    /// This process's HUDs on screen, for other processes to stack with (`neighbours` there).
    public var places: [HUDStack.Place] {
        huds.enumerated().compactMap { i, hud in
            guard let place = hud.stackPlace else { return nil }
            return HUDStack.Place(key: "\(getpid()).\(i)", output: hud.outputName ?? "",
                                  placement: hud.style.placement.rawValue, height: place.bezel.height,
                                  since: place.since)
        }
    }

    /// A HUD of this process came, went or was laid out anew: the stacks are formed again, and others told.
    func placesChanged() {
        restack()
        onPlacesChanged?()
    }

    /// HUDs at the same place on the same output line up like notifications instead of covering each other, as on
    /// X11 (`HUDStack`, the same rule): each is moved from its laid-out place by its stack's shift. Other processes'
    /// HUDs (`neighbours`) take their places among this process's by when each came.
    func restack() {
        let ownPID = "\(getpid())."
        let others = neighbours.filter { !$0.key.hasPrefix(ownPID) }
        let placed = huds.enumerated().compactMap { i, hud in hud.stackPlace.map { (UInt(i), hud, $0) } }
        let groups = Dictionary(grouping: placed) { "\($0.1.outputName ?? "")\u{0}\($0.1.style.placement.rawValue)" }
        let now = loop.now
        for group in groups.values {
            let key = "\(group[0].1.outputName ?? "")\u{0}\(group[0].1.style.placement.rawValue)"
            let theirs = others.enumerated().filter { "\($0.1.output)\u{0}\($0.1.placement)" == key }
            // By when each came; the notification server's own order (bubbles, first, last) within this process.
            let timed = group.map { (window: $0.0, height: $0.2.bezel.height, since: $0.2.since) }
                + theirs.map { (window: UInt(1 << 32) + UInt($0.0), height: $0.1.height, since: $0.1.since) }
            var members = timed.sorted { $0.since < $1.since }
                .map { HUDStack.Member(window: $0.window, height: Int($0.height.rounded(.up))) }
            if group.contains(where: { $0.1.style.bubble != nil }) { members.reverse() }
            let first = Set(group.filter { $0.1.style.stacksFirst }.map(\.0))
            let last = Set(group.filter { $0.1.style.stacksLast && !$0.1.style.stacksFirst }.map(\.0))
            members = members.filter { first.contains($0.window) }
                + members.filter { !first.contains($0.window) && !last.contains($0.window) }
                + members.filter { last.contains($0.window) }
            for (id, hud, place) in group {
                let dy = HUDStack.shift(of: id, in: members, anchor: hud.style.placement.vertical, gap: HUDStack.gap,
                                        top: Int(place.bezel.minY), height: Int(place.bezel.height.rounded(.up)),
                                        area: 0...Int(place.areaHeight))
                guard dy != hud.controller.scene.motion.shift.target else { continue }
                hud.controller.scene.setStackShift(dy, at: now)
                setNeedsUpdate()
            }
        }
    }
}
