import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 31, item 5: a `[[notifications.rule]]` sets look keys for the notifications it matches only, under Xvfb with
/// a private bus and the real notify-send; `--print-config` lists the rule where it applies.
@Suite(.ownThreads, .serialized) struct NotificationRuleLookTests {
    typealias Desk = NotificationsCommandTests.Desk

    static let teal = RGBA(red: 0x10 / 255.0, green: 0x80 / 255.0, blue: 0x70 / 255.0)

    let config = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-\(UUID().uuidString).toml")

    init() throws {
        try """
            [[notifications.rule]]
            app-name = "mail"
            bezel-color = "#108070"
            font = "Serif Bold 24"
            """.write(to: config, atomically: true, encoding: .utf8)
    }

    /// The window `command` adds to the display, once it has stopped moving.
    private func send(_ command: String, on desk: Desk, besides known: Set<String>) throws -> String {
        #expect(try desk.sh(command).status == 0)
        var added: String?
        _ = try Tools.waitUntil(timeout: 5) {
            added = try desk.hudWindows().first { !known.contains($0) }
            return added != nil
        }
        return try #require(added, "no new window for \(command)")
    }

    private func teals(in w: WindowInfo, of shot: Screenshot) -> Int {
        var n = 0
        for y in w.y..<min(w.y + w.height, shot.height) {
            for x in w.x..<min(w.x + w.width, shot.width) where shot.pixel(x: x, y: y).isClose(to: Self.teal) {
                n += 1
            }
        }
        return n
    }

    @Test(.enabled(if: NotificationsCommandTests.usable)) func aRulesColourAndFontReachItsAppOnly() throws {
        defer { try? FileManager.default.removeItem(at: config) }
        let desk = try Desk(serverArguments: ["--config", config.path])
        let chat = try send("notify-send -a chat -t 0 'Hello there' 'The same words'", on: desk, besides: [])
        let mail = try send("notify-send -a mail -t 0 'Hello there' 'The same words'", on: desk, besides: [chat])
        let chatFrame = try WindowInfo.settled(id: chat, display: desk.x.display)
        let mailFrame = try WindowInfo.settled(id: mail, display: desk.x.display)
        var counts = (chat: 0, mail: 0)
        _ = try Screenshot.first(on: desk.x.display) { shot in
            counts = (teals(in: chatFrame, of: shot), teals(in: mailFrame, of: shot))
            return counts.mail > 10_000
        }
        // The mail bubble's bezel is the rule's teal (most of a 350-point bubble), the chat's has none of it.
        #expect(counts.mail > 10_000 && counts.chat == 0, "\(counts)")
        // The rule's 24-point summary makes the mail bubble taller than the chat's 14-point one, at the same width.
        #expect(mailFrame.height >= chatFrame.height + 10 && mailFrame.width == chatFrame.width,
                "\(mailFrame) \(chatFrame)")
    }

    @Test func printConfigListsTheRuleWithItsLine() throws {
        defer { try? FileManager.default.removeItem(at: config) }
        let r = try CLI.run(["notifications", "--config", config.path, "--print-config"],
                            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
                                          "XDG_CONFIG_DIRS": "/nonexistent"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("[[notifications.rule]]") }, "\(r.stdout)")
        #expect(lines[header].hasSuffix("# \(config.path):1"))
        #expect(Array(lines[(header + 1)...]) == ["app-name = \"mail\"", "bezel-color = \"#108070FF\"",
                                                  "font = \"Serif Bold 24\""], "\(r.stdout)")
        // A key a rule does not take is one warning naming the file and the key's line; the server leaves that
        // rule out and keeps the rest of the file (issue 39 item 6). Every other command stops with exit 78.
        try "[notifications]\nwidth = 300\n\n[[notifications.rule]]\napp-name = \"mail\"\ntheme = \"light\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        let bad = try CLI.run(["notifications", "--config", config.path, "--print-config"], environment: environment)
        #expect(bad.status == 0 && bad.stderr.hasPrefix("x11hud: warning: \(config.path):6: ")
                    && bad.stderr.contains("rule[1].theme: unknown setting"), "\(bad.status) \(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(bad.stdout.contains("width = 300") && !bad.stdout.contains("[[notifications.rule]]"), "\(bad.stdout)")
        let strict = try CLI.run(["--config", config.path, "--print-config"], environment: environment)
        #expect(strict.status == 78 && strict.stderr.hasPrefix("x11hud: \(config.path):6: "), "\(strict.stderr)")
    }
}
