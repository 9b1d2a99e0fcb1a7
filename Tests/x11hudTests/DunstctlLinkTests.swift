import Foundation
import HUDTestSupport
import Testing

/// Issue 53 item 2 with x11hud's own commands: `list --json` gives a notification's links, `menu` offers them and
/// the server opens the one picked with its `browser`.
extension DunstctlTests {
    @Test(.enabled(if: usable)) func listedLinksAndMenuOpensOneWithTheBrowser() throws {
        let s = try Server(dunst: false)
        let x11hud = CLI.binary.path
        let body = #"read <a href="https://example.org/a?x=1&amp;y=2"><b>the</b> page</a> or www.b.org/z"#
        #expect(try s.desk.sh("notify-send -t 0 Links '\(body)'").status == 0)
        #expect(try s.desk.sh("notify-send -t 0 Plain text").status == 0)
        #expect(try s.waitFor(displayed: 2, history: 0))
        let listed = try s.listed(count: 2)
        let links = listed.map { ($0["label"] as? String ?? "", $0["links"] as? [[String: String]]) }
        #expect(links.first { $0.0 == "Links" }?.1 == [["text": "the page", "url": "https://example.org/a?x=1&y=2"],
                                                      ["text": "www.b.org/z", "url": "www.b.org/z"]])
        #expect(links.first { $0.0 == "Plain" }?.1 == [])

        let picked = try s.desk.sh("\(x11hud) notifications menu --dmenu 'grep \"^\\[\"'")
        #expect(picked.status == 0 && picked.stdout == "https://example.org/a?x=1&y=2\n", "\(picked.stderr)")
        #expect(Tools.waitUntil(timeout: 5) { s.browserArguments == "https://example.org/a?x=1&y=2\n" })
        // The link stays shown: opening it is no click on the bubble.
        #expect(try s.count("displayed") == 2)
    }
}
