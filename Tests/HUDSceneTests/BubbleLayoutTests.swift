import HUDScene
import HUDTestSupport
import Testing

/// Issue 31: a notification's bubble, laid out with fixed metrics (a character half the font size wide, a line 1.25
/// font sizes tall): one width, the corner, the picture at the left, the body cut to its lines, the buttons in rows.
@Suite struct BubbleLayoutTests {
    private static let area = BubbleFixture.area

    private func style(_ configure: (inout HUDStyle) -> Void = { _ in }) -> HUDStyle { BubbleFixture.style(configure) }

    private func layout(_ content: HUDContent, _ style: HUDStyle? = nil) -> HUDLayout {
        BubbleFixture.layout(content, style)
    }

    private static func image(_ side: Int) -> ImageAsset {
        try! ImageAsset(rows: [UInt8](repeating: 255, count: side * side * 4), width: side, height: side,
                        rowstride: side * 4, channels: 4, name: "test")
    }

    @Test func everyBubbleIsAsWideWhateverItsTextAndRestsInTheCorner() {
        let texts = [("Hi", ""), ("Backup done", "412 files in 3 folders"),
                     ("A much longer summary that wraps", String(repeating: "word ", count: 40))]
        for (summary, body) in texts {
            let l = layout(HUDContent(mode: .text, label: summary, details: body))
            #expect(l.bezel.width == 350, "\(summary): \(l.bezel.width)")
            #expect(l.bezel.maxX == 1280 - 20 && l.bezel.minY == 20, "\(l.bezel)")
        }
        // The corner is the style's: bottom-left.
        let low = layout(HUDContent(mode: .text, label: "Hi"), style { $0.position = .bottomLeft })
        #expect(low.bezel.minX == 20 && low.bezel.maxY == 720 - 20)
    }

    @Test func theSummaryAndBodyStartAtTheLeadingEdgeTheBodyCutToItsLines() throws {
        let long = String(repeating: "All work and no play makes Jack a dull boy. ", count: 40)
        let l = layout(HUDContent(mode: .text, label: "Jack", details: long))
        let label = try #require(l.label), details = try #require(l.details)
        #expect(label.block.leading && details.block.leading)
        #expect(label.frame.minX == l.bezel.minX + 12 && details.frame.minX == label.frame.minX)
        #expect(label.frame.width == 350 - 24)
        #expect(details.block.maxLines == 5)
        // Five lines of 12-point text (15 points each) under one of 14-point: the bezel stays that high.
        #expect(details.frame.height == 75, "\(details.frame)")
        #expect(l.bezel.height == 12 + 18 + 2 + 75 + 12, "\(l.bezel)")
        #expect(details.frame.minY == label.frame.maxY + 2)

        let three = layout(HUDContent(mode: .text, label: "Jack", details: long), style { $0.bubble?.bodyLines = 3 })
        #expect(three.details?.block.maxLines == 3 && three.bezel.height == l.bezel.height - 30)
    }

    @Test func aBodyOfShortLinesIsCutToItsLinesToo() throws {
        // Each line its own paragraph: the limit holds across them (as TextEngine holds it), so it is 5 lines high.
        let seven = layout(HUDContent(mode: .text, label: "Lines", details: "a\nb\nc\nd\ne\nf\ng"))
        #expect(try #require(seven.details).frame.height == 75)
        let three = layout(HUDContent(mode: .text, label: "Lines", details: "a\nb\nc"))
        #expect(try #require(three.details).frame.height == 45)
        #expect(seven.bezel.height == three.bezel.height + 30)
    }

    @Test func thePictureIsAtTheLeftAndTheTextBesideIt() throws {
        let mail = HUDContent(mode: .custom, label: "Mail", details: "A new message", custom: .image(Self.image(96)))
        let l = layout(mail)
        let picture = try #require(l.indicator)
        #expect(picture.width == 48 && picture.height == 48, "fitted into 48 points")
        #expect(picture.minX == l.bezel.minX + 12)
        let label = try #require(l.label)
        #expect(label.frame.minX == picture.maxX + 10 && label.frame.maxX == l.bezel.maxX - 12)
        // The text, shorter than the picture, is centred beside it.
        let text = try #require(l.details).frame.maxY - label.frame.minY
        #expect(abs((label.frame.minY - picture.minY) - (picture.height - text) / 2) <= 1)
        #expect(l.bezel.height == 12 + 48 + 12)
        // A 16-pixel icon is shown at 32 points, a 40-pixel one at its own size; x11hud's own icons at 48.
        #expect(layout(HUDContent(mode: .custom, label: "s", custom: .image(Self.image(16)))).indicator?.width == 32)
        #expect(layout(HUDContent(mode: .custom, label: "s", custom: .image(Self.image(40)))).indicator?.width == 40)
        #expect(layout(HUDContent(mode: .custom, label: "s", custom: .icon(.info))).indicator?.width == 48)
        // Text mode shows no picture even when one is set.
        #expect(layout(HUDContent(mode: .text, label: "s", custom: .icon(.info))).indicator == nil)
    }

    @Test func actionsAreButtonsInRowsThatFillTheWidth() throws {
        var content = HUDContent(mode: .text, label: "Mail", details: "From Ann")
        content.actions = ["Reply", "Mark read", "Delete"]
        let l = layout(content)
        #expect(l.buttons.count == 3 && l.button == nil)
        let row = l.buttons.map(\.frame)
        #expect(Set(row.map(\.minY)).count == 1, "one row")
        #expect(row[0].minX == l.bezel.minX + 12 && abs(row[2].maxX - (l.bezel.maxX - 12)) <= 2, "\(row)")
        for (a, b) in zip(row, row.dropFirst()) { #expect(b.minX == a.maxX + 8) }
        #expect(try #require(l.details).frame.maxY + 8 == row[0].minY)
        #expect(l.bezel.maxY == row[0].maxY + 12)
        for button in l.buttons { #expect(button.frame.contains(button.title.frame.center)) }

        // Long titles wrap onto a second row, none wider than the bubble, none overlapping.
        content.actions = ["Open the attachment", "Reply to everyone", "Forward", "Delete"]
        let wrapped = layout(content)
        let frames = wrapped.buttons.map(\.frame)
        #expect(Set(frames.map(\.minY)).count == 2, "\(frames)")
        for f in frames { #expect(f.minX >= wrapped.bezel.minX + 12 && f.maxX <= wrapped.bezel.maxX - 12) }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                #expect(a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY)
            }
        }
        #expect(wrapped.bezel.height > l.bezel.height)
    }

    @Test func theHUDsOwnButtonIsInTheRowToo() throws {
        let l = layout(HUDContent(mode: .text, label: "Question", buttonTitle: "Okay"))
        let button = try #require(l.button)
        #expect(l.buttons.isEmpty && button.frame.minX == l.bezel.minX + 12 && button.frame.width == 350 - 24)
    }

    /// dunst's `padding` and `horizontal_padding`: the space above and below the text, and at its sides.
    @Test func thePaddingIsTheSpaceAroundTheTextAndMakesTheBubbleTaller() throws {
        let content = HUDContent(mode: .bar, progress: 0.6, label: "Volume", details: "Speakers")
        let plain = layout(content)
        let padded = layout(content, style { $0.bubble?.padding = 20; $0.bubble?.horizontalPadding = 30 })
        #expect(padded.bezel.height == plain.bezel.height + 2 * (20 - 12), "\(plain.bezel) \(padded.bezel)")
        #expect(padded.bezel.width == 350, "the width is the bubble's whatever its padding")
        let label = try #require(padded.label), bar = try #require(padded.indicator)
        #expect(label.frame.minY == padded.bezel.minY + 20 && label.frame.minX == padded.bezel.minX + 30)
        #expect(bar.minX == padded.bezel.minX + 30 && bar.maxX == padded.bezel.maxX - 30, "\(bar)")
        #expect(bar.maxY == padded.bezel.maxY - 20)
        #expect(HUDStyle.Bubble(padding: 7).horizontalPadding == 7, "unset: the padding")
    }

    /// dunst's `icon_position`: the picture at the right of the text, or not shown and the text the whole width.
    @Test func thePictureGoesRightOrNowhereAsIconPositionSays() throws {
        let content = HUDContent(mode: .custom, label: "Backup done", details: "412 files",
                                 custom: .image(Self.image(48)))
        let left = layout(content)
        let right = layout(content, style { $0.bubble?.iconPosition = .right })
        let off = layout(content, style { $0.bubble?.iconPosition = .off })
        let picture = try #require(right.indicator), label = try #require(right.label)
        #expect(picture.maxX == right.bezel.maxX - 12 && label.frame.minX == right.bezel.minX + 12, "\(picture)")
        #expect(label.frame.maxX <= picture.minX - 10, "the text ends before the picture")
        #expect(label.frame.width == left.label?.frame.width, "as wide as beside a picture at the left")
        #expect(off.indicator == nil && off.label?.frame.minX == off.bezel.minX + 12)
        let whole = try #require(off.label).frame.width
        #expect(whole == 326, "no picture: the text takes the whole width less the padding, not \(whole)")
    }

    @Test func aNarrowScreenNarrowsTheBubble() {
        let l = HUDLayout(content: HUDContent(mode: .text, label: "Hi"), style: style(),
                          area: Rect(x: 0, y: 0, width: 300, height: 400), measurer: FixedMetrics())
        #expect(l.bezel.width == 260 && l.bezel.minX == 20)
    }

    @Test func aStackShiftMovesEveryPartOfTheBubble() {
        var content = HUDContent(mode: .custom, label: "Mail", details: "From Ann", custom: .icon(.info))
        content.actions = ["Reply", "Delete"]
        content.stackCount = 2
        let l = layout(content), moved = l.translated(dy: 30)
        let parts = { (l: HUDLayout) in
            [l.bezel, l.indicator, l.label?.frame, l.details?.frame, l.count?.frame].compactMap { $0 }
                + l.buttons.flatMap { [$0.frame, $0.title.frame] }
        }
        #expect(parts(moved).count == 9)
        for (a, b) in zip(parts(l), parts(moved)) { #expect(b.minY == a.minY + 30 && b.minX == a.minX) }
        // A picture beside a bar (yad's --image) moves with its bezel too.
        let bar = HUDLayout(content: HUDContent(mode: .bar, label: "Copying", custom: .icon(.info)),
                            style: .theme(.dark), area: Self.area, measurer: FixedMetrics())
        #expect(bar.sideImage != nil && bar.translated(dy: 30).sideImage?.minY == (bar.sideImage?.minY ?? 0) + 30)
    }

    @Test func aStacksCountStaysWholeBesideALongSummary() throws {
        var content = HUDContent(mode: .text, label: String(repeating: "A summary long enough to be cut ", count: 4),
                                 details: "make: *** [all] Error 2")
        content.stackCount = 3
        let l = layout(content)
        let label = try #require(l.label), count = try #require(l.count)
        // "×3" is 2 characters of 14-point text (7 points each), one line (17.5) high, at the end of the text column.
        #expect(count.block.markup && TextBlock.plainText(fromMarkup: count.block.text) == "×3")
        #expect(count.frame.width == 14 && count.frame.height == 18, "\(count.frame)")
        #expect(count.frame.maxX == l.bezel.maxX - 12 && count.frame.minY == label.frame.minY)
        // The summary wraps and is cut in the width left beside it.
        #expect(label.block.maxWidth == 350 - 24 - 14 - 8 && label.frame.maxX <= count.frame.minX - 8)
        #expect(label.block.maxLines == 2)
        // A short summary: the count still at the end of its line; a stack of one shows none.
        content.label = "Build failed"
        let short = layout(content)
        #expect(short.count?.frame == count.frame && short.label?.frame.maxX ?? .infinity <= count.frame.minX)
        content.stackCount = 1
        #expect(layout(content).count == nil && layout(content).label?.block.maxWidth == 350 - 24)
    }
}
