import Glibc
import HUDLoop
public import HUDScene

extension WaylandSession {
    /// This process's HUDs on screen, for other processes to stack with (`neighbours` there).
    public var places: [HUDStack.Place] {
        huds.enumerated().compactMap { i, hud in
            guard let place = hud.stackPlace else { return nil }
            return HUDStack.Place(key: "\(getpid()).\(i)", output: hud.placedOutput ?? "",
                                  placement: hud.style.placement.rawValue, height: place.bezel.height,
                                  since: place.since, newestFirst: hud.style.bubble != nil,
                                  first: hud.style.stacksFirst, last: hud.style.stacksLast)
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
        // By the output each is really on: one the compositor placed (none named) is on the focused output of when
        // it came, not every such HUD on one; a column per output, as on X11 with two monitors.
        let groups = Dictionary(grouping: placed) { "\($0.1.placedOutput ?? "")\u{0}\($0.1.style.placement.rawValue)" }
        let now = loop.now
        for group in groups.values {
            let key = "\(group[0].1.placedOutput ?? "")\u{0}\(group[0].1.style.placement.rawValue)"
            let theirs = others.enumerated().filter { "\($0.1.output)\u{0}\($0.1.placement)" == key }
            // Theirs as this process's own, so that every process forms the same stack, by when each came.
            let all = group.map { id, hud, place in
                (member: HUDStack.Member(window: id, height: Int(place.bezel.height.rounded(.up))), since: place.since,
                 newest: hud.style.bubble != nil, first: hud.style.stacksFirst, last: hud.style.stacksLast)
            } + theirs.map { i, place in
                (member: HUDStack.Member(window: UInt(1 << 32) + UInt(i), height: Int(place.height.rounded(.up))),
                 since: place.since, newest: place.newestFirst == true, first: place.first == true,
                 last: place.last == true)
            }
            let members = HUDStack.ordered(all.sorted { $0.since < $1.since }.map(\.member),
                                           newestFirst: all.contains { $0.newest },
                                           first: Set(all.filter(\.first).map(\.member.window)),
                                           last: Set(all.filter(\.last).map(\.member.window)))
            let burst = HUDStack.isBusy(group.map(\.1.controller.scene), at: now)
            for (id, hud, place) in group {
                let dy = HUDStack.shift(of: id, in: members, anchor: hud.style.placement.vertical,
                                        gap: hud.style.stackGap, top: Int(place.bezel.minY),
                                        height: Int(place.bezel.height.rounded(.up)), area: 0...Int(place.areaHeight))
                guard dy != hud.controller.scene.motion.shift.target else { continue }
                hud.controller.scene.setStackShift(dy, at: now, inBurst: burst)
                setNeedsUpdate()
            }
        }
    }
}
