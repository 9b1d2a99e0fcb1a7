import X11Display
import X11Names
internal import CX11

/// The window's two SHAPE regions: the bounding shape that clips it to the rounded bezel when no compositor blends
/// it, and the input region that lets clicks through everywhere but the button.
@MainActor struct WindowShape {
    private let connection: XConnection
    private let window: UInt
    /// What was last sent (`.none`: nothing yet), so unchanged regions are not sent again.
    private var bounding: [OpaqueFrame.Span]??
    private var input: OpaqueFrame.Span??

    init(connection: XConnection, window: UInt) {
        self.connection = connection
        self.window = window
    }

    /// Clips the window to `spans`, or removes the clip (a plain rectangle) when nil.
    mutating func setBounding(_ spans: [OpaqueFrame.Span]?) {
        guard connection.hasShape, bounding != .some(spans) else { return }
        bounding = .some(spans)
        guard let spans else {
            XShapeCombineMask(connection.display, window, ShapeBounding, 0, 0, 0, ShapeSet)
            return
        }
        var rects = spans.map(Self.xRectangle)
        XShapeCombineRectangles(connection.display, window, ShapeBounding, 0, 0, &rects, Int32(rects.count), ShapeSet,
                                YXBanded)
    }

    /// Takes pointer input only inside `rect` (window pixels), or nowhere when nil.
    mutating func setInput(_ rect: OpaqueFrame.Span?) {
        guard connection.xfixesEventBase != nil, input != .some(rect) else { return }
        input = .some(rect)
        var rects = rect.map { [Self.xRectangle($0)] } ?? []
        let region = XFixesCreateRegion(connection.display, &rects, Int32(rects.count))
        XFixesSetWindowShapeRegion(connection.display, window, ShapeInput, 0, 0, region)
        XFixesDestroyRegion(connection.display, region)
    }

    private static func xRectangle(_ s: OpaqueFrame.Span) -> XRectangle {
        XRectangle(x: Int16(clamping: s.x), y: Int16(clamping: s.y), width: UInt16(clamping: s.width),
                   height: UInt16(clamping: s.height))
    }
}
