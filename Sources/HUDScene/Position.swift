/// Where in its area the bezel rests before `offset` moves it: the centre, an edge or a corner, always
/// `margin` inside the area.
public enum Position: String, CaseIterable, Hashable, Sendable, Codable {
    case center
    case top
    case bottom
    case left
    case right
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// Where along one axis: -1 the low edge, 0 the centre, 1 the high edge.
    public var horizontal: Int {
        switch self {
        case .left, .topLeft, .bottomLeft: return -1
        case .right, .topRight, .bottomRight: return 1
        case .center, .top, .bottom: return 0
        }
    }

    public var vertical: Int {
        switch self {
        case .top, .topLeft, .topRight: return -1
        case .bottom, .bottomLeft, .bottomRight: return 1
        case .center, .left, .right: return 0
        }
    }
}
