import HUDBase
public import HUDLoop
public import HUDScene

/// HUDs of separate processes at the same place stack on Wayland as they do on X11, through the sockets every HUD
/// process listens on: each answers where its HUDs are (`NameRequest.places`), and tells the others when that
/// changes (`NameRequest.restack`), after which each asks again. The hooks are the process's, not a session's: a
/// process has one Wayland session (the resident draws every HUD it serves in its one), and every socket it owns
/// answers for all its HUDs.
@MainActor public enum StackPlaces {
    /// Where this process's HUDs are (the program that shows them says).
    public static var local: (@MainActor () -> [HUDStack.Place])?
    /// Another process's HUDs changed: ask again (`gather`).
    public static var onChange: (@MainActor () -> Void)?

    static var localJSON: String {
        JSONWriter.text(local?() ?? []) ?? "[]"
    }

    static func changedElsewhere() { onChange?() }

    /// How long a silent process is waited for before the others' places are used without it.
    static let answerTimeout = 1.0

    /// The processes asked last, kept connected: one that ends, even by SIGKILL and so without a word, closes its
    /// end, and the places are asked again (its HUDs' places would otherwise stay a gap in the column).
    private static var watched: [NameClient] = []

    /// Asks every other process with HUDs in `directory` where they are; `done` gets them all, once.
    public static func gather(in directory: NameDirectory, loop: any EventLoop,
                              _ done: @escaping @MainActor ([HUDStack.Place]) -> Void) {
        let clients = others(in: directory, loop: loop)
        // The previous round's connections close here.
        watched = clients
        var found: [String: HUDStack.Place] = [:]
        var waiting = clients.count
        var finished = false
        var timer: LoopTimer?
        let finish: @MainActor () -> Void = {
            guard !finished else { return }
            finished = true
            timer?.cancel()
            done(found.values.sorted { $0.since < $1.since })
        }
        guard waiting > 0 else { return finish() }
        for client in clients {
            var answered = false
            let answer: @MainActor () -> Void = {
                guard !answered else { return }
                answered = true
                waiting -= 1
                if waiting == 0 { finish() }
            }
            client.onPlaces = { json in
                let places = (try? JSONReader.decode([HUDStack.Place].self, from: json.utf8)) ?? []
                for place in places { found[place.key] = place }
            }
            client.onAcknowledged = answer
            client.onVanished = {
                if answered { changedElsewhere() } else { answer() }
            }
            client.write(NameRequest(places: true))
        }
        timer = loop.schedule(after: answerTimeout) { finish() }
    }

    /// Tells every other process with HUDs in `directory` that this one's places changed.
    public static func announce(in directory: NameDirectory, loop: any EventLoop) {
        for client in others(in: directory, loop: loop) {
            client.keepUntilAnswered()
            client.write(NameRequest(restack: true))
        }
    }

    private static func others(in directory: NameDirectory, loop: any EventLoop) -> [NameClient] {
        directory.sockets().filter { !OwnedSockets.contains($0) }.compactMap { path in
            SocketFile.connect(path).map { NameClient(id: nil, descriptor: $0, loop: loop) }
        }
    }
}
