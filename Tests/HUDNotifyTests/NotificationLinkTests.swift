import HUDNotify
import Testing

/// Issue 53 item 2: the links of a notification as `list --json` gives them and a `browser` setting's words.
@Suite struct NotificationLinkTests {
    private func links(_ body: String, summary: String = "S") -> [NotificationLink] {
        NotificationLink.of(Notification(summary: summary, body: body))
    }

    @Test func anAnchorIsItsPlainTextAndItsDecodedURL() {
        #expect(links(#"see <a href="https://a.example/x?y=1&amp;z=2"><b>the</b> log &amp; more</a>."#)
            == [NotificationLink(text: "the log & more", url: "https://a.example/x?y=1&z=2")])
    }

    @Test func severalLinksAnImageAndPlainURLsAreListedInDunstsOrder() {
        let body = #"<a href="https://one.example">one</a> www.b.org/z <img src="https://i.example/p.png" alt="cat"/> "#
            + #"and <A HREF="https://two.example">two</A>"#
        #expect(links(body, summary: "from http://s.example/") == [
            NotificationLink(text: "one", url: "https://one.example"),
            NotificationLink(text: "two", url: "https://two.example"),
            NotificationLink(text: "cat", url: "https://i.example/p.png"),
            NotificationLink(text: "http://s.example/", url: "http://s.example/"),
            NotificationLink(text: "www.b.org/z", url: "www.b.org/z"),
        ])
    }

    @Test(arguments: [
        // An anchor never closed or never ended is no link, but its URL is still a plain one, as in dunst.
        (#"<a href="https://x.example">never closed"#, ["https://x.example"]),
        (#"<a href="https://x.example""#, ["https://x.example"]),
        // A quote never closed runs to the `</a>`: the anchor is removed whole, as dunst's expression removes it.
        (#"<a href="https://x.example>text</a>"#, []),
        (#"<a name="top">no href</a>"#, []),
        ("<<<a>>></a>&;&#xZZ;&#0;", []),
    ])
    func malformedAnchorsGiveNoLinkAndNoCrash(_ body: String, _ plainURLs: [String]) {
        #expect(links(body) == plainURLs.map { NotificationLink(text: $0, url: $0) })
    }

    @Test func entitiesThatAreNotKnownOrControlsStayAsWritten() {
        #expect(links(#"<a href="https://x.example/?a=&#1;&nope;&#x41;">x &lt y</a>"#)
            == [NotificationLink(text: "x &lt y", url: "https://x.example/?a=&#1;&nope;A")])
    }

    @Test(arguments: [
        ("xdg-open", ["xdg-open"]),
        ("  firefox   --new-tab ", ["firefox", "--new-tab"]),
        (#"'/opt/my browser/run' "-p default" a\ b"#, ["/opt/my browser/run", "-p default", "a b"]),
        (#"sh -c "echo \"q\"""#, ["sh", "-c", #"echo "q""#]),
        ("''", [""]),
    ])
    func aBrowserSettingIsSplitAsAShellWould(_ setting: String, _ words: [String]) {
        #expect(NotificationLink.words(setting) == words)
    }

    @Test(arguments: ["", "   ", "'unclosed", "trailing\\"])
    func aBrowserSettingWithNoCommandIsRefused(_ setting: String) {
        #expect(NotificationLink.words(setting) == nil)
    }
}
