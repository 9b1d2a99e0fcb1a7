import HUDScene
import HUDTestSupport

let screen = Rect(x: 0, y: 0, width: 1280, height: 800)

func layout(_ content: HUDContent, _ configure: (inout HUDStyle) -> Void = { _ in }, area: Rect = screen) -> HUDLayout {
    var style = HUDStyle.theme(.dark)
    configure(&style)
    return HUDLayout(content: content, style: style, area: area, measurer: FixedMetrics())
}
