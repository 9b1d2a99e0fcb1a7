import Foundation
import HUDTestSupport
import Testing

/// Issue 53 item 3: `dunstctl set-paused` against the real dunst and against x11hud, each on its own private Xvfb
/// and bus: a pause takes the bubble shown off the screen, without a word to its sender, and resuming shows it again.
@Suite(.ownThreads, .serialized) struct DunstctlPauseTests {
    /// The steps and what `dunstctl count` says after each, the same for both servers.
    static func run(dunst: Bool) throws -> [(step: String, text: String)] {
        let s = try DunstctlTests.Server(dunst: dunst)
        var steps: [(String, String)] = []
        func counts() throws -> String {
            try ["displayed", "waiting", "history"].map { "\(try s.count($0))" }.joined(separator: " ")
        }
        // notify-send -w waits for the notification to close, printing nothing: it must still be waiting at the end.
        let sender = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "notify-send -w -t 0 Stays 'a body'"],
                                      environment: s.desk.environment)
        steps.append(("shown", "\(try Tools.waitUntil(timeout: 5) { try s.count("displayed") == 1 })"))
        try s.ctl("set-paused true")
        steps.append(("paused", "\(try Tools.waitUntil(timeout: 5) { try counts() == "0 1 0" }) \(try counts())"))
        // No HUD of x11hud's left on the display once it has faded out (dunst has no such list).
        if !dunst {
            let gone = try Tools.waitUntil(timeout: 5) { try s.desk.list().isEmpty }
            steps.append(("listed while paused", gone ? "none" : "\(try s.desk.list())"))
        }
        try s.ctl("set-paused false")
        steps.append(("resumed", "\(try Tools.waitUntil(timeout: 5) { try counts() == "1 0 0" }) \(try counts())"))
        steps.append(("sender still waits", "\(!sender.waitForExit(timeout: 0.5))"))
        try s.ctl("close-all")
        steps.append(("sender heard", "\(sender.waitForExit(timeout: 5))"))
        return steps
    }

    @Test(.enabled(if: DunstctlTests.usable)) func setPausedTakesTheBubbleOffAndBringsItBackAsDunstDoes() throws {
        let theirs = try Self.run(dunst: true)
        let ours = try Self.run(dunst: false)
        #expect(ours.first { $0.step == "listed while paused" }?.text == "none")
        let compared = ours.filter { $0.step != "listed while paused" }
        try #require(theirs.count == compared.count)
        for (a, b) in zip(theirs, compared) {
            #expect(b.step == a.step && b.text == a.text, "\(a.step): dunst said \(a.text), x11hud \(b.text)")
        }
        #expect(compared.map(\.text) == ["true", "true 0 1 0", "true 1 0 0", "true", "true"])
    }
}
