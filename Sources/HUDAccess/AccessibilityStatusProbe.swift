import Glibc

/// Asks the session bus's `org.a11y.Status` whether assistive technology is on, with one call written straight over
/// the bus's socket. GNOME starts the accessibility bus launcher whether or not a screen reader runs, so a HUD
/// there asked through sd-bus, which mapped libsystemd (1.7 MiB) for an answer that is almost always no. sd-bus is
/// loaded only when the answer is yes, for the bridge itself; what cannot be read for sure is `.unknown`, and the
/// caller then asks through sd-bus as before. The question starts nothing (NO_AUTO_START): a launcher that is not
/// running has no screen reader behind it (one starts it), and a HUD is a guest that leaves no daemon behind.
enum AccessibilityStatusProbe {
    enum Answer: Equatable {
        case on
        case off
        /// No launcher runs on the session bus (none was started for the question).
        case noLauncher
        case unknown
    }

    /// The answer within `timeout` seconds for each read and write.
    static func ask(environment: [String: String], timeout: Double = 2) -> Answer {
        guard let address = BusSocketAddress(environment: environment), let fd = connect(address, timeout) else {
            return .unknown
        }
        defer { close(fd) }
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        guard send(fd, [0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8)),
              let line = readLine(fd), line.hasPrefix("OK "),
              send(fd, Array("BEGIN\r\n".utf8) + StatusMessages.request())
        else { return .unknown }
        var pending: [UInt8] = []
        // The Hello's reply and the NameAcquired signal come first; a bus sends nothing else unasked.
        for _ in 0..<8 {
            guard let message = readMessage(fd, &pending) else { return .unknown }
            guard message.replySerial == 2 else { continue }
            switch message.type {
            // No launcher running (the call starts none): no assistive technology, as sd-bus would decide. Any
            // other error: sd-bus asks again, and decides as it always has.
            case 3: return message.errorName.map(AccessibilityGate.meansNoLauncher) == true ? .noLauncher : .unknown
            case 2:
                guard let values = try? StatusMessages.booleans(message) else { return .unknown }
                return AccessibilityGate.isOn(values) ? .on : .off
            default: return .unknown
            }
        }
        return .unknown
    }

    private static func connect(_ address: BusSocketAddress, _ timeout: Double) -> Int32? {
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let offset = address.isAbstract ? 1 : 0
        guard address.name.count + offset < MemoryLayout.size(ofValue: socketAddress.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (i, b) in address.name.enumerated() { raw[i + offset] = b }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        // An abstract name's length is counted exactly: its bytes after the NUL, not up to a terminator.
        let length = MemoryLayout<sa_family_t>.size + offset + address.name.count + (address.isAbstract ? 0 : 1)
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(length)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    private static func receive(_ fd: Int32, into pending: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            pending += chunk[..<n]
            return true
        }
    }

    /// The server's one line of authentication, read a byte at a time: the messages after it are read separately.
    private static func readLine(_ fd: Int32) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 512 {
            let n = recv(fd, &byte, 1, 0)
            if n < 0, errno == EINTR { continue }
            guard n == 1 else { return nil }
            line.append(byte)
            if line.suffix(2) == [13, 10] { return String(decoding: line.dropLast(2), as: UTF8.self) }
        }
        return nil
    }

    private static func readMessage(_ fd: Int32, _ pending: inout [UInt8]) -> StatusMessages.Message? {
        while true {
            do throws(StatusMessages.Malformed) {
                if let length = try StatusMessages.length(pending[...]), pending.count >= length {
                    let message = try StatusMessages.message(pending[..<length])
                    pending.removeFirst(length)
                    return message
                }
            } catch {
                return nil
            }
            guard pending.count < 1 << 20, receive(fd, into: &pending) else { return nil }
        }
    }
}
