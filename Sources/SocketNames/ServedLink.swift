/// The resident's end of one client's connection, once the client has asked it to show a HUD (`NameRequest.open`):
/// the client's later requests are that HUD's input, the HUD's end is said back (`ended STATUS`), and a client that
/// goes away takes its HUD with it (`onClosed`).
@MainActor public final class ServedLink {
    private let socket: LineSocket
    /// Called when the link is over, either way: its owner lets go of it.
    var onFinished: (@MainActor () -> Void)?
    /// A request of the client after the one that opened the HUD.
    public var onRequest: (@MainActor (NameRequest) -> Void)?
    /// The client closed its end (it was killed, or ended) before the HUD did.
    public var onClosed: (@MainActor () -> Void)?

    init(socket: LineSocket) {
        self.socket = socket
    }

    /// The HUD has ended with `status`: the client hears so, and the connection is closed.
    public func end(status: Int32) {
        guard socket.isOpen else { return }
        socket.write("ended \(status)\n")
        socket.close()
        onFinished?()
    }

    func closed() {
        onClosed?()
        onFinished?()
    }
}
