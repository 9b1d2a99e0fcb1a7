import Foundation
import Glibc
import HUDLoop
import HUDTestSupport
import SocketNames
import Testing

/// The owner of a name answers its own user only: a connection from a process of another uid is closed unread,
/// even where that process could reach the socket (a descriptor passed on, a link to it outside the private folder).
@MainActor struct NameOwnerTests {
    /// A Python client that connects to `path`, says so, sends a request and prints what it gets back, as
    /// `nobody` when `asNobody`.
    static func client(_ path: String, asNobody: Bool) throws -> ChildProcess {
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            print("connected", flush=True)
            s.settimeout(10)
            try:
                s.sendall(b'{"hide":true}\\n')
                answer = s.recv(100)
            except (ConnectionResetError, BrokenPipeError):
                answer = b''  # closed with the request unread (before it was sent, on a busy machine)
            print(repr(answer), flush=True)
            """
        let python = ["/usr/bin/python3", "-c", script, path]
        let command = asNobody ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + python
            : python
        return try ChildProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), environment: [:])
    }

    /// Serves the main queue (where the owner accepts and reads) until `child` ends; what it printed.
    static func served(_ child: ChildProcess) async throws -> (stdout: String, stderr: String) {
        let deadline = Date().addingTimeInterval(Sanitizer.upTo(15))
        while child.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if child.isRunning { child.kill() }
        return (child.stdout, child.stderr)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to run a client as another user"))
    func aPeerOfAnotherUserIsRefused() async throws {
        let runtime = try RuntimeDirectory()
        let names = try runtime.names()
        guard case .ours(let owner) = try NameClaim.claim("vol", in: names, loop: ManualLoop()) else {
            Issue.record("the name was not free")
            return
        }
        defer { owner.end(status: 0) }
        var requests: [NameRequest] = []
        owner.onRequest = { requests.append($0) }
        // The same socket, reached through a hard link in a folder everyone may enter: only the owner's check of
        // its peer stands between `nobody` and the HUD now.
        let open = runtime.path + "-open"
        #expect(mkdir(open, 0o755) == 0)
        defer { try? FileManager.default.removeItem(atPath: open) }
        #expect(chmod(open, 0o755) == 0)
        #expect(link(names.socket(for: "vol"), open + "/vol.sock") == 0)
        #expect(chmod(open + "/vol.sock", 0o777) == 0)

        let stranger = try await Self.served(try Self.client(open + "/vol.sock", asNobody: true))
        #expect(stranger.stdout == "connected\nb''\n", "\(stranger.stdout) \(stranger.stderr)")
        #expect(requests.isEmpty, "another user's request was applied: \(requests)")

        let own = try await Self.served(try Self.client(open + "/vol.sock", asNobody: false))
        #expect(own.stdout == "connected\nb'ack\\n'\n", "\(own.stdout) \(own.stderr)")
        #expect(requests == [NameRequest(hide: true)])
    }
}
