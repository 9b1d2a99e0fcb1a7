import HUDBus
import HUDConfig
import HUDLoop
import HUDNotify
import HUDScene
import Testing

/// Issue 31: notifications look like notifications by default: bubbles in a corner at one width, summary bold and
/// body regular, each urgency visible; value and synchronous ones stay the command line's HUD.
@MainActor struct NotificationLookTests {
    let dark = HUDStyle.theme(.dark)

    @Test func bubblesTakeTheTablesWidthLinesAndCornerAndTheirOwnFonts() {
        let look = NotificationLook(style: dark, settings: NotificationSettings())
        #expect(look.bubble.bubble == HUDStyle.Bubble(width: 350, bodyLines: 5))
        #expect(look.bubble.position == .topRight && look.osd.position == .center)
        #expect(look.bubble.labelFont == NotificationLook.summaryFont)
        #expect(look.bubble.detailsFont.description == "Sans 13", "the body is regular")
        var readAtOnce = dark
        readAtOnce.appearsAtOnce = true
        #expect(look.osd == readAtOnce, "an OSD is the command line's HUD, whole in its first frame (issue 51)")
        #expect(look.bubble.appearsAtOnce, "as a bubble is")

        var mine = dark
        mine.position = .bottom
        let font = try! FontSpec("Serif Italic 11")
        let set = NotificationLook(style: mine, settings: NotificationSettings(width: 280, bodyLines: 2,
                                                                               position: .bottomLeft),
                                   labelFont: font)
        #expect(set.bubble.bubble == HUDStyle.Bubble(width: 280, bodyLines: 2))
        #expect(set.bubble.position == .bottomLeft && set.osd.position == .bottom)
        #expect(set.bubble.labelFont == font && set.bubble.detailsFont == NotificationLook.bodyFont)

        var padded = NotificationSettings()
        padded.padding = 20
        #expect(NotificationLook(style: dark, settings: padded).bubble.bubble
            == HUDStyle.Bubble(padding: 20, horizontalPadding: 20), "horizontal-padding unset: the padding")
        padded.horizontalPadding = 8
        #expect(NotificationLook(style: dark, settings: padded).bubble.bubble?.horizontalPadding == 8)
    }

    @Test func criticalIsRedLowIsQuieterAndTheTableWins() {
        let look = NotificationLook(style: dark, settings: NotificationSettings())
        let normal = look.style(for: .normal, osd: false), critical = look.style(for: .critical, osd: false)
        let low = look.style(for: .low, osd: false)
        #expect(normal.frameColor == .clear && critical.frameColor == NotificationLook.criticalFrame)
        #expect(critical.bezelColor == NotificationLook.criticalBezel && normal.bezelColor != critical.bezelColor)
        #expect(critical.stacksFirst && !normal.stacksFirst && !low.stacksFirst)
        #expect(low.contentColor.alpha < normal.contentColor.alpha && low.frameColor == .clear)
        #expect(look.style(for: .critical, osd: true).bubble == nil)

        let green = RGBA(red: 0, green: 1, blue: 0), blue = RGBA(red: 0, green: 0, blue: 1)
        let table = NotificationSettings(urgency: [.critical: .init(bezelColor: green, frameColor: blue),
                                                   .low: .init(contentColor: green)])
        let configured = NotificationLook(style: dark, settings: table)
        #expect(configured.style(for: .critical, osd: false).bezelColor == green)
        #expect(configured.style(for: .critical, osd: false).frameColor == blue)
        #expect(configured.style(for: .low, osd: false).contentColor == green)

        // progress-color: the value bar's fill, an urgency's own; unset, the text's colour draws it.
        let barred = NotificationLook(style: dark, settings: NotificationSettings(urgency: [
            .normal: .init(progressColor: blue), .critical: .init(frameWidth: 6)]))
        #expect(barred.style(for: .critical, osd: false).frameWidth == 6)
        #expect(barred.style(for: .normal, osd: false).frameWidth == barred.bubble.frameWidth, "the table's")
        #expect(barred.style(for: .normal, osd: false).progressColor == blue)
        #expect(barred.style(for: .normal, osd: true).progressColor == blue, "an OSD's bar too")
        #expect(barred.style(for: .low, osd: false).progressColor == nil)
    }

    /// A rule's look keys come last: over the urgency's built-in look and its table, as given (a low one's colour not
    /// made quieter), the bubble's width and lines only on a bubble; a later rule's key over an earlier one's.
    @Test func aRulesLookKeysLayerOverTheUrgencysLook() throws {
        let green = RGBA(red: 0, green: 1, blue: 0), blue = RGBA(red: 0, green: 0, blue: 1)
        let table = NotificationSettings(urgency: [.critical: .init(bezelColor: green, frameColor: blue)])
        let look = NotificationLook(style: dark, settings: table)
        var first = NotificationRule.Look(), second = NotificationRule.Look()
        first.set("bezel-color", .color(blue))
        first.set("font", .font(try FontSpec("Serif 9")))
        first.set("width", .number(200))
        first.set("body-lines", .number(2))
        second.set("bezel-color", .color(green))
        second.set("content-color", .color(blue))
        second.set("theme", .theme(.light))
        #expect(second.listed.map(\.key) == ["bezel-color", "content-color"], "a rule takes no theme")
        var every = NotificationRule.Look()
        for key in NotificationRule.Look.keys { every.set(key, .number(1)) }
        #expect(every.listed.count == NotificationRule.Look.keys.count, "each key has a row")
        var rules = first
        rules.overlay(second)
        let critical = look.style(for: .critical, osd: false, rules: rules)
        #expect(critical.bezelColor == green && critical.frameColor == blue, "the table's frame stays")
        #expect(critical.backgroundColor == .clear, "nothing dims the screen")
        #expect(critical.labelFont.description == "Serif 9" && critical.detailsFont == NotificationLook.bodyFont)
        #expect(critical.bubble == HUDStyle.Bubble(width: 200, bodyLines: 2))
        var bubbleKeys = NotificationRule.Look()
        bubbleKeys.set("padding", .number(4))
        bubbleKeys.set("icon-size", .number(32))
        bubbleKeys.set("frame-width", .number(5))
        bubbleKeys.set("progress-color", .color(blue))
        let keyed = look.style(for: .normal, osd: false, rules: bubbleKeys)
        #expect(keyed.bubble == HUDStyle.Bubble(iconSize: 32, padding: 4) && keyed.frameWidth == 5)
        #expect(keyed.progressColor == blue)
        #expect(look.style(for: .low, osd: false, rules: rules).contentColor == blue)
        #expect(look.style(for: .normal, osd: false, rules: first).bezelColor == blue)
        let osd = look.style(for: .normal, osd: true, rules: rules)
        #expect(osd.bubble == nil && osd.bezelColor == green && osd.labelFont.description == "Serif 9")
        #expect(look.style(for: .normal, osd: false) == look.style(for: .normal, osd: false, rules: .init()))
    }

    @Test func theDeskShowsBubblesAndKeepsOSDsForValuesAndSynchronousOnes() throws {
        let clock = ManualLoop()
        let display = TestDisplay(clock: clock)
        let desk = NotificationDesk(display: display, clock: clock,
                                    icons: IconLookup(environment: ["HOME": "/nonexistent"]), style: dark,
                                    maxVisible: 5)
        desk.show(1, Notification(summary: "Mail", body: "From Ann"))
        desk.show(2, Notification(summary: "Volume", hints: ["value": .int(40)]))
        desk.show(3, Notification(appName: "m", summary: "Brightness",
                                  hints: ["x-canonical-private-synchronous": .string("b")]))
        desk.show(4, Notification(summary: "Battery low", hints: ["urgency": .int(2)]))
        #expect(try #require(display.hud("notification-1")).style.bubble != nil)
        #expect(try #require(display.hud("notification-2")).style.bubble == nil)
        #expect(try #require(display.hud("m:b")).style.bubble == nil)
        let critical = try #require(display.hud("notification-4")).style
        #expect(critical.bubble != nil && critical.frameColor == NotificationLook.criticalFrame)
    }
}
