import Glibc
import HUDLoop

/// This process holds a name: the listening socket other processes reach its HUD through, owned here, with their
/// connections. Each request is handed to `onRequest` and answered `ack`; `end` tells the subscribers how the HUD
/// ended and frees the name (the socket file goes first, so a process arriving after that claims the name anew).
@MainActor public final class NameOwner {
    public let id: String
    let path: String
    private let listener: Int32
    private let loop: any EventLoop
    private var watch: DescriptorWatch?
    private var clients: [LineSocket] = []
    private var subscribers: [ObjectIdentifier] = []
    private var ended = false
    /// A request from another process, after the check that it is this user's.
    public var onRequest: (@MainActor (NameRequest) -> Void)?
    /// What the HUD shows, for `list` (one JSON object, one line).
    public var describe: (@MainActor () -> String)?
    /// The resident's: a request that opens a HUD, with the link that HUD is then driven through; false refuses it
    /// (the connection is closed, and the client shows a HUD of its own).
    public var onOpen: (@MainActor (NameRequest, ServedLink) -> Bool)?
    private var links: [ObjectIdentifier: ServedLink] = [:]

    init(id: String, path: String, listener: Int32, loop: any EventLoop) {
        self.id = id
        self.path = path
        self.listener = listener
        self.loop = loop
        OwnedSockets.add(path)
        let watch = loop.watch(listener) { [weak self] in self?.accept() }
        watch.start()
        self.watch = watch
    }

    private func accept() {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // The directory is private already; a descriptor passed on by another user's process is refused too.
        var credentials = PeerCredentials()
        var size = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0, credentials.uid == getuid() else {
            close(fd)
            return
        }
        var made: LineSocket?
        made = LineSocket(descriptor: fd, loop: loop, onLine: { [weak self] line in
            guard let self, let client = made else { return }
            received(line, from: client)
        }, onEnd: { [weak self] in
            guard let self, let client = made else { return }
            clients.removeAll { $0 === client }
            subscribers.removeAll { $0 == ObjectIdentifier(client) }
            links[ObjectIdentifier(client)]?.closed()
            made = nil
        })
        if let made { clients.append(made) }
    }

    private func received(_ line: [UInt8], from client: LineSocket) {
        guard let request = NameRequest(wireLine: line) else { return }
        if let link = links[ObjectIdentifier(client)] {
            link.onRequest?(request)
            return client.write("ack\n")
        }
        if request.places || request.restack {
            if request.places { client.write("places \(StackPlaces.localJSON)\n") }
            if request.restack { StackPlaces.changedElsewhere() }
            return client.write("ack\n")
        }
        if request.open {
            let link = ServedLink(socket: client)
            link.onFinished = { [weak self, weak client] in
                guard let self, let client else { return }
                links.removeValue(forKey: ObjectIdentifier(client))
                clients.removeAll { $0 === client }
            }
            links[ObjectIdentifier(client)] = link
            guard let onOpen, onOpen(request, link) else {
                client.close()
                link.onFinished?()
                return
            }
            return client.write("ack\n")
        }
        if request.subscribe, !subscribers.contains(ObjectIdentifier(client)) {
            subscribers.append(ObjectIdentifier(client))
        }
        onRequest?(request)
        if request.describe, let describe { client.write("listing \(describe())\n") }
        client.write("ack\n")
    }

    /// The HUD has ended with `status`: the name is freed, and each subscriber hears `ended STATUS`.
    public func end(status: Int32) {
        guard !ended else { return }
        ended = true
        unlink(path)
        OwnedSockets.remove(path)
        watch?.cancel()
        close(listener)
        for client in clients {
            if subscribers.contains(ObjectIdentifier(client)) { client.write("ended \(status)\n") }
            client.close()
        }
        clients.removeAll()
    }

    isolated deinit {
        if !ended {
            unlink(path)
            OwnedSockets.remove(path)
            watch?.cancel()
            close(listener)
        }
    }
}

/// Linux's `struct ucred` (which Glibc's module shows only with _GNU_SOURCE): what SO_PEERCRED fills in.
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
