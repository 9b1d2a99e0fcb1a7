/// The presented opacity, scale and slide of the bezel (and the opacity of the dim background) at one moment.
public struct Presentation: Hashable, Sendable {
    public var opacity: Double
    public var scale: Double
    /// How far the bezel is moved up out of its area, from 0 (in place) to 1 (its bottom edge at the area's top).
    public var slide: Double
    public init(opacity: Double, scale: Double, slide: Double = 0) {
        self.opacity = opacity
        self.scale = scale
        self.slide = slide
    }

    public static let hidden = Presentation(opacity: 0, scale: 1)
    public static let shown = Presentation(opacity: 1, scale: 1)

    func interpolated(to other: Presentation, by f: Double) -> Presentation {
        f >= 1 ? other : Presentation(opacity: opacity + (other.opacity - opacity) * f,
                                      scale: scale + (other.scale - scale) * f,
                                      slide: slide + (other.slide - slide) * f)
    }
}

/// The show/hide transition as a pure function of time: the model says "shown" or "hidden", and
/// `presentation(at:)` answers what is on screen at any moment.
///
/// A show during a hide (or a hide during a show) starts from the presented value at that moment, like UIKit's
/// `BeginFromCurrentState`, so nothing jumps. Times are seconds on any monotonic clock.
public struct Appearance: Hashable, Sendable {
    public private(set) var isShown = false
    private var from = Presentation.hidden
    private var to = Presentation.hidden
    private var start = 0.0
    private var duration = 0.0

    public init() {}

    /// Starts showing at `time`.
    public mutating func show(at time: Double, animation: HUDAnimation, animated: Bool = true) {
        var current = presentation(at: time)
        // MB sets the start transform only when the bezel is fully transparent, so a re-show mid-fade keeps its scale.
        if current.opacity <= 0 {
            switch animation {
            case .fade: current.scale = 1
            case .zoom, .zoomIn: current.scale = 0.5
            case .zoomOut: current.scale = 1.5
            case .slide: current.scale = 1; current.slide = 1
            }
        }
        begin(from: current, to: .shown, at: time, animated: animated)
        isShown = true
    }

    /// Starts hiding at `time`.
    public mutating func hide(at time: Double, animation: HUDAnimation, animated: Bool = true) {
        let current = presentation(at: time)
        let endScale: Double
        switch animation {
        case .fade, .slide: endScale = current.scale
        case .zoom, .zoomOut: endScale = 0.5
        case .zoomIn: endScale = 1.5
        }
        let endSlide = animation == .slide ? 1.0 : current.slide
        begin(from: current, to: Presentation(opacity: 0, scale: endScale, slide: endSlide), at: time,
              animated: animated)
        isShown = false
    }

    public func presentation(at time: Double) -> Presentation {
        guard duration > 0 else { return to }
        return from.interpolated(to: to, by: Spring.criticallyDamped((time - start) / duration))
    }

    /// Whether the presented value still changes after `time`.
    public func isAnimating(at time: Double) -> Bool { duration > 0 && time < start + duration }

    /// When the current transition ends.
    public var endTime: Double { start + duration }

    /// Hidden, with no transition left to play.
    public func isFullyHidden(at time: Double) -> Bool { !isShown && !isAnimating(at: time) }

    private mutating func begin(from: Presentation, to: Presentation, at time: Double, animated: Bool) {
        self.from = from
        self.to = to
        start = time
        duration = animated ? Spring.duration : 0
    }
}
