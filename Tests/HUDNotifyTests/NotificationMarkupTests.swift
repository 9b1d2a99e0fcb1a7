import HUDBus
import HUDConfig
import HUDNotify
import Testing

/// Issue 20: the body markup subset of the specification, made safe for Pango, and the hints read from a Notify.
@Suite struct NotificationMarkupTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("<b>bold</b> <i>it</i> <u>u</u>", "<b>bold</b> <i>it</i> <u>u</u>"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("&amp; &lt; &#38; &#x26;", "&amp; &lt; &#38; &#x26;"),
        ("<a href=\"https://x\">link</a>", "<u>link</u>"),
        ("<a href=\"https://x\"><b>bold</b> link</a> after", "<u><b>bold</b> link</u> after"),
        ("<a href=\"https://x\">unclosed", "<u>unclosed</u>"),
        ("stray </a> close", "stray  close"),
        ("<b><a href=\"x\">crossed</b></a>", "<b><u>crossed</u></b>"),
        ("<img src=\"x.png\" alt=\"a &lt;cat&gt;\"/>", "a &lt;cat&gt;"),
        ("<span font=\"Sans 4000\">big</span>", "big"),
        ("<big>big</big> <tt>tt</tt> <!-- note -->x", "big tt x"),
        ("<b><i>crossed</b></i>", "<b><i>crossed</i></b>"),
        ("a <3 b", "a &lt;3 b"),
        ("<b>unclosed", "<b>unclosed</b>"),
        ("1 < 2 > 0", "1 &lt; 2 &gt; 0"),
        ("&#0; &#1;", "&amp;#0; &amp;#1;"),
        ("a<br>b", "a\nb"),
    ])
    func bodyMarkupIsTheSubsetAndOtherTagsAreLeftOut(_ body: String, _ expected: String) {
        #expect(NotificationMarkup.pango(fromBody: body) == expected)
    }

    @Test func aHugeBodyIsCut() {
        let markup = NotificationMarkup.pango(fromBody: String(repeating: "<b>", count: 500_000))
        // Every kept tag is closed: at most 4 characters more for each 3 kept.
        #expect(markup.count <= NotificationMarkup.bodyLimit * 7 / 3 + 4)
        #expect(markup.hasSuffix("</b>"))
    }

    @Test func summariesAreEscaped() {
        #expect(NotificationMarkup.escaped("<b>x</b> & y") == "&lt;b&gt;x&lt;/b&gt; &amp; y")
    }

    @Test func hintsGiveTheBarTheUrgencyAndTheSynchronousKey() {
        let n = Notification(appName: "a", summary: "Volume", hints: [
            "value": .int(140), "urgency": .int(2), "x-dunst-stack-tag": .string("vol"),
        ], expireTimeout: 0)
        #expect(n.value == 1)
        #expect(n.urgency == .critical)
        #expect(n.synchronousTag == "vol")
        #expect(n.expiry == .never)
        #expect(Notification(summary: "s", expireTimeout: -1).expiry == .automatic)
        #expect(Notification(summary: "s", expireTimeout: 1500).expiry == .seconds(1.5))
        #expect(Notification(summary: "s", hints: ["value": .string("40")]).value == nil)
        let actions = Notification(summary: "s", actions: [("default", "Open"), ("ok", "OK")])
        #expect(actions.defaultAction == "default")
        #expect(actions.buttonAction?.key == "ok")
    }
}
