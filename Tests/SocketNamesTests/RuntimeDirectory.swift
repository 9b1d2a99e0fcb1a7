import Foundation
import Glibc
@testable import SocketNames

/// A private runtime directory for one test (what `$XDG_RUNTIME_DIR` is to a user: theirs, 0700), removed with
/// everything in it when the test lets go of it. The name directory is asked for through the environment, as
/// x11hud asks for its own.
final class RuntimeDirectory {
    let path: String
    let display = "wayland-test"

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/x11hud-names-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw NameError("mkdtemp: \(String(cString: strerror(errno)))") }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": path] }

    /// The names' directory of `display` in it (made by the first call).
    func names() throws(NameError) -> NameDirectory { try NameDirectory(display: display, environment: environment) }

    /// The files in the names' directory, sorted.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try names().path).sorted()
    }
}
