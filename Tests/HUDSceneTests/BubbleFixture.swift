import HUDScene
import HUDTestSupport

/// A bubble's style and layout for the layout tests: the top-right corner of a 1280x720 screen, fixed metrics (a
/// character half the font size wide, a line 1.25 font sizes tall).
enum BubbleFixture {
    static let area = Rect(x: 0, y: 0, width: 1280, height: 720)

    static func style(_ configure: (inout HUDStyle) -> Void = { _ in }) -> HUDStyle {
        var s = HUDStyle.theme(.dark)
        s.bubble = HUDStyle.Bubble()
        s.position = .topRight
        s.labelFont = try! FontSpec("Sans Bold 14")
        s.detailsFont = try! FontSpec("Sans 12")
        configure(&s)
        return s
    }

    static func layout(_ content: HUDContent, _ style: HUDStyle? = nil) -> HUDLayout {
        HUDLayout(content: content, style: style ?? self.style(), area: area, measurer: FixedMetrics())
    }
}
