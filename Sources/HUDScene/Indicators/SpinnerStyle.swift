/// How the indeterminate mode moves: MBProgressHUD's activity indicator, or one of ProgressHUD's animations
/// (its `AnimationType`, spelled in kebab case).
public enum SpinnerStyle: String, CaseIterable, Hashable, Sendable, Codable {
    /// Twelve spokes whose brightest one steps round once a second (MBProgressHUD, the default).
    case activityIndicator = "activity-indicator"
    case ballVerticalBounce = "ball-vertical-bounce"
    case barSweepToggle = "bar-sweep-toggle"
    case circleArcDotSpin = "circle-arc-dot-spin"
    case circleBarSpinFade = "circle-bar-spin-fade"
    case circleDotSpinFade = "circle-dot-spin-fade"
    case circlePulseMultiple = "circle-pulse-multiple"
    case circlePulseSingle = "circle-pulse-single"
    case circleRippleMultiple = "circle-ripple-multiple"
    case circleRippleSingle = "circle-ripple-single"
    case circleRotateChase = "circle-rotate-chase"
    case circleStrokeSpin = "circle-stroke-spin"
    case dualDotSidestep = "dual-dot-sidestep"
    case horizontalBarScaling = "horizontal-bar-scaling"
    case horizontalDotScaling = "horizontal-dot-scaling"
    case pacmanProgress = "pacman-progress"
    case quintupleDotDance = "quintuple-dot-dance"
    case semiRingRotation = "semi-ring-rotation"
    case squareCircuitSnake = "square-circuit-snake"
    case triangleDotShift = "triangle-dot-shift"
    /// A sun that bounces, standing in for ProgressHUD's SF Symbol bounce.
    case symbolBounce = "symbol-bounce"

    /// Seconds after which the picture repeats exactly (the least common multiple of the style's cycles).
    public var period: Double {
        switch self {
        case .activityIndicator: return ActivityIndicator.period
        case .ballVerticalBounce: return 0.9
        case .barSweepToggle: return 1.8  // out and back, 0.9 s each way
        case .circleArcDotSpin: return 8  // dots 4 s, arc 1.6 s
        case .circleBarSpinFade: return 1.2
        case .circleDotSpinFade, .circlePulseMultiple, .circlePulseSingle, .circleRippleSingle: return 1
        case .circleRippleMultiple: return 1.25
        case .circleRotateChase: return 1.5
        case .circleStrokeSpin: return 1.7
        case .dualDotSidestep, .quintupleDotDance: return 2
        case .horizontalBarScaling, .horizontalDotScaling: return 1
        case .pacmanProgress: return 0.7
        case .semiRingRotation: return 1.6
        case .squareCircuitSnake: return 1.2
        case .triangleDotShift: return 0.6
        case .symbolBounce: return SymbolBounce.period
        }
    }
}
