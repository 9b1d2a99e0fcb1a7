import Foundation
import HUDTestSupport
import Testing

/// Issue 30 item 2: a HUD never kills its producer. `producer | x11hud` without a display, or when the display goes
/// away while the producer runs, reads the producer's output to its end: the producer ends with its own status
/// (bash's `PIPESTATUS[0]`), x11hud with 69 or 74 and one line on stderr.
@Suite(.ownThreads, .serialized,
       .enabled(if: XvfbServer.isAvailable && RogueClient.isAvailable, "no Xvfb or python3-xlib"))
struct ProducerTests {
    /// A pipeline in bash, in a directory of its own: a producer that writes a few percentages, waits for the file
    /// `go`, then writes 1.3 MB (twenty pipe buffers: a reader that has gone kills it with SIGPIPE) and leaves the
    /// file `finished`; x11hud reads it with its stderr in `hud.err`; both statuses go to `statuses`.
    final class Pipeline {
        let directory: URL
        let shell: ChildProcess

        init(display: String?, go: Bool) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-producer-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let goFile = directory.appendingPathComponent("go").path
            if go { _ = FileManager.default.createFile(atPath: goFile, contents: nil) }
            let script = """
                ( set -e
                  for p in 10 20 30; do echo $p; sleep 0.05; done
                  until [ -e go ]; do sleep 0.02; done
                  seq 1 200000
                  : > finished ) | "$0" --mode bar --label Backup 2> hud.err
                echo "${PIPESTATUS[0]} ${PIPESTATUS[1]}" > statuses
                """
            var environment = ChildProcess.environment(display: display)
            environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
            shell = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script, CLI.binary.path],
                                     environment: environment, directory: directory)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Lets the producer write the rest.
        func go() {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
        }

        /// Waits for the pipeline; the producer's and x11hud's statuses, whether the producer reached its end, and
        /// the lines x11hud wrote on stderr.
        func end() throws -> (producer: Int, hud: Int, finished: Bool, errors: [String]) {
            try #require(shell.waitForExit(timeout: Sanitizer.upTo(15)), "the pipeline did not end")
            let statuses = try String(contentsOf: directory.appendingPathComponent("statuses"), encoding: .utf8)
                .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(statuses.count == 2, "statuses: \(statuses)")
            let errors = try String(contentsOf: directory.appendingPathComponent("hud.err"), encoding: .utf8)
            let finished = FileManager.default.fileExists(atPath: directory.appendingPathComponent("finished").path)
            return (statuses[0], statuses[1], finished, errors.split(separator: "\n").map(String.init))
        }
    }

    /// No DISPLAY, and a display that is not there: one line, then the input to its end, then 69.
    @Test(arguments: [nil, ":4711"])
    func withoutADisplayTheProducerFinishesAndX11hudExits69(_ display: String?) throws {
        let pipeline = try Pipeline(display: display, go: true)
        let end = try pipeline.end()
        #expect(end.producer == 0 && end.finished, "the producer was cut short: status \(end.producer)")
        #expect(end.hud == 69)
        #expect(end.errors.count == 1, "\(end.errors)")
        let opening = display.map { "cannot open display \"\($0)\"" } ?? "neither WAYLAND_DISPLAY nor DISPLAY is set"
        #expect(end.errors.first?.contains(opening) == true, "\(end.errors)")
        #expect(end.errors.first?.hasSuffix("; reading the input to its end without a HUD") == true, "\(end.errors)")
    }

    /// While the producer waits halfway, `lose` takes the HUD's display away (on a server of the test's own);
    /// then the producer writes the rest. x11hud's one line is `x11hud: <what> on <display>; reading …`.
    func displayLostMidStream(saying what: String, _ lose: (XvfbServer, String) throws -> Void) throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let pipeline = try Pipeline(display: server.display, go: false)
        let window = try Tools.visibleWindow(["--class", "x11hud"], display: server.display)
        try #require(!window.isEmpty, "no HUD came up")
        try lose(server, window)
        pipeline.go()
        let end = try pipeline.end()
        #expect(end.producer == 0 && end.finished, "the producer was cut short: status \(end.producer)")
        #expect(end.hud == 74)
        #expect(end.errors == ["x11hud: \(what) on \(server.display); reading the input to its end without a HUD"],
                "\(end.errors)")
    }

    @Test func theServerKilledMidStreamLeavesTheProducerToFinish() throws {
        try displayLostMidStream(saying: "lost the connection to the X server") { server, _ in server.stop() }
    }

    @Test func theWindowDestroyedByAnotherClientLeavesTheProducerToFinish() throws {
        try displayLostMidStream(saying: "the HUD's window was destroyed by another X client") { server, window in
            try RogueClient.destroy(window: window, display: server.display)
        }
    }
}
