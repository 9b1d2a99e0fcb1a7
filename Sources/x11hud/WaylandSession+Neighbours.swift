import SocketNames
import WaylandPlatform

extension WaylandSession {
    /// Stacks this process's HUDs with other processes' at the same place (`StackPlaces`, through the sockets in
    /// `names`): where they are is asked now and whenever one says it changed, and this process tells them when its
    /// own change.
    func stackWithNeighbours(in names: NameDirectory) {
        StackPlaces.local = { [weak self] in self?.places ?? [] }
        let refresh: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            StackPlaces.gather(in: names, loop: loop) { [weak self] in self?.neighbours = $0 }
        }
        StackPlaces.onChange = refresh
        onPlacesChanged = { [loop] in StackPlaces.announce(in: names, loop: loop) }
        refresh()
    }
}
