import Glibc
import HUDLoop

/// One connected stream socket read line by line on the main loop, owned here (closed in `close()` or `deinit`).
/// Writes never block and never raise SIGPIPE: a peer that went away is found by the next read.
@MainActor final class LineSocket {
    let descriptor: Int32
    private var watch: DescriptorWatch?
    private var buffer: [UInt8] = []
    private(set) var isOpen = true
    /// A line is longer than this: the peer is not speaking the protocol, and is dropped.
    static let longestLine = 1 << 20

    init(descriptor: Int32, loop: any EventLoop, onLine: @escaping @MainActor ([UInt8]) -> Void,
         onEnd: @escaping @MainActor () -> Void) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let watch = loop.watch(descriptor) { [weak self] in self?.readable(onLine: onLine, onEnd: onEnd) }
        watch.start()
        self.watch = watch
    }

    private func readable(onLine: @MainActor ([UInt8]) -> Void, onEnd: @MainActor () -> Void) {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0, errno == EAGAIN || errno == EINTR { return }
        guard n > 0 else {
            close()
            return onEnd()
        }
        buffer += chunk[..<n]
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            onLine(line)
            guard isOpen else { return }
        }
        if buffer.count > Self.longestLine {
            close()
            onEnd()
        }
    }

    func write(_ text: String) {
        guard isOpen else { return }
        _ = text.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        watch?.cancel()
        watch = nil
        Glibc.close(descriptor)
    }

    isolated deinit { close() }
}
