import Glibc

/// What a HUD shows above its labels, with everything that depends on its kind: its size, how its picture
/// depends on time (its phase), when it next changes, how it is drawn and which rectangle a new frame of it dirties.
///
/// It is derived from the content's mode and the style, so a new kind is a case here and a file that draws it.
public struct Indicator: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The indeterminate mode.
        case spinner(SpinnerStyle)
        /// MBProgressHUD's "pie".
        case pie(DeterminateStyle)
        case ring
        case bar
        /// A built-in icon, drawn in stroke by stroke when live.
        case icon(Icon, live: Bool)
        case image(ImageAsset)
    }

    public var kind: Kind
    /// The percentage is drawn in (or beside) a progress indicator.
    public var showsValue: Bool
    /// How long a bar may be drawn: its own width, or a bubble's text column (`HUDStyle.Bubble`), which its
    /// frame then spans. The travel of its fill follows it, so that a long bar's progress steps stay a pixel.
    public var barLength = Indicator.barSize.width
    /// A bubble's bar: a filled track and a fill as tall as the bar, as dunst and mako draw one, rather than
    /// MBProgressHUD's outline round a fill two pixels high, which is hard to see on a bubble's grey.
    public var solidBar = false

    public init(_ kind: Kind, showsValue: Bool = false) {
        self.kind = kind
        self.showsValue = showsValue
    }

    /// The indicator for `content` in `style`, or nil when the mode has none.
    public init?(content: HUDContent, style: HUDStyle) {
        switch content.mode {
        case .indeterminate: kind = .spinner(style.spinner)
        case .determinate: kind = .pie(style.determinateStyle)
        case .annular: kind = .ring
        case .bar: kind = .bar
        case .text: return nil
        case .custom:
            switch content.custom {
            case .icon(let icon): kind = .icon(icon, live: style.liveIcons)
            case .image(let image): kind = .image(image)
            case nil: return nil
            }
        }
        showsValue = style.showsValue && Self.showsProgress(kind)
        if case .bar = kind, let bubble = style.bubble {
            barLength = max(Self.barSize.width, bubble.width - 2 * bubble.horizontalPadding)
            solidBar = true
        }
    }

    /// Size of the round indicators and icons (MBRoundProgressView, the large activity indicator).
    public static let roundSize = Size(width: 37, height: 37)
    /// A round indicator with its percentage inside: ProgressHUD's media size, so that "100%" fits in the ring.
    public static let valueRoundSize = Size(width: 50, height: 50)
    /// MBBarProgressView's intrinsic content size.
    public static let barSize = Size(width: 120, height: 10)
    /// The box the percentage gets beside a bar, wide enough for "100%" so the bezel never changes size with it.
    package static let barValueSize = Size(width: 40, height: 16)
    package static let barValueGap = 6.0

    /// The intrinsic size, fixed for a kind whatever its progress or phase.
    public var size: Size {
        switch kind {
        case .spinner, .icon: return Self.roundSize
        case .pie, .ring: return showsValue ? Self.valueRoundSize : Self.roundSize
        case .bar:
            guard showsValue else { return Self.barSize }
            return Size(width: Self.barSize.width + Self.barValueGap + Self.barValueSize.width,
                        height: max(Self.barSize.height, Self.barValueSize.height))
        case .image(let image): return image.displaySize(fitting: Self.roundSize.width)
        }
    }

    /// Whether it shows a progress value.
    public var showsProgress: Bool { Self.showsProgress(kind) }

    private static func showsProgress(_ kind: Kind) -> Bool {
        switch kind {
        case .pie, .ring, .bar: return true
        case .spinner, .icon, .image: return false
        }
    }

    /// The part of time the picture depends on, `elapsed` seconds after the indicator appeared (nil: at rest, as
    /// `render` draws without `--time`), drawn at `scale` device pixels per point: two moments with the same phase
    /// look the same, so a frame whose phase did not change need not be drawn.
    public func phase(at elapsed: Double?, scale: Double) -> Double {
        switch kind {
        case .spinner(.activityIndicator):
            return Double(ActivityIndicator.step(at: elapsed ?? 0)) * ActivityIndicator.stepLength
        case .spinner(let style):
            return SpinnerTimeline.of(style, size: size, scale: scale)
                .phase(at: Cycle.phase(elapsed ?? 0, period: style.period))
        case .icon(let icon, live: true):
            let end = LiveIcon.duration(icon)
            guard let elapsed, elapsed.isFinite else { return end }
            return min(max(elapsed, 0), end)
        case .icon(let icon, live: false): return LiveIcon.duration(icon)
        case .pie, .ring, .bar, .image: return 0
        }
    }

    /// When, in seconds after it appeared, the picture next changes visibly by itself after `elapsed` at `scale`;
    /// `elapsed` itself for "every frame", nil when it is still. (An easing progress value is the scene's business.)
    public func nextFrameTime(after elapsed: Double, scale: Double) -> Double? {
        switch kind {
        case .spinner(.activityIndicator): return ActivityIndicator.nextStepTime(after: elapsed)
        case .spinner(let style):
            // Each cycle draws the same phases, from its start.
            let p = Cycle.phase(elapsed, period: style.period)
            return elapsed - p + SpinnerTimeline.of(style, size: size, scale: scale).next(after: p)
        case .icon(let icon, live: true): return elapsed < LiveIcon.duration(icon) ? elapsed : nil
        case .icon(_, live: false), .pie, .ring, .bar, .image: return nil
        }
    }

    /// How far, in points, the moving end of the progress (the arc's outer edge, the pie's rim, the bar's fill)
    /// travels from 0 to 1: nil for indicators that show no progress.
    public var progressTravel: Double? {
        switch kind {
        // The outermost point of the arc or wedge goes once round a circle as wide as the frame (the arcs lie
        // within it, so this is the most any of their pixels moves).
        case .pie, .ring: return Double.pi * size.width
        // The fill runs along the track inside the 4 pt outline and inset.
        case .bar: return barLength - 8
        case .spinner, .icon, .image: return nil
        }
    }

    /// The smallest change of progress worth a frame at `scale` device pixels per point: one that moves the
    /// progress's end by a device pixel. Half a pixel (the first choice) drew two frames for each 1 % of a ring
    /// (1.2 px) at 10 updates a second, and a half-pixel step changes only the shading of an antialiased edge: a
    /// slow stream looked no smoother for twice the frames.
    public func visibleProgressStep(scale: Double) -> Double? {
        guard let travel = progressTravel, travel > 0, scale > 0 else { return nil }
        return Self.visibleMove / (travel * scale)
    }

    /// Where progress arcs are cut into separate `cairo_arc`s (every 1/64 of a turn from 12 o'clock): cairo fits
    /// each with Bézier segments for its whole angle, so a piece's pixels move a little when its end moves; cut
    /// this fine, the piece that changes is at most 2 pt of a 37 pt ring's rim, inside what `progressDirtyRect`
    /// repaints. (Cut at every eighth, the piece reached 15 pt back and a flood's last frame kept a few stale
    /// antialiased pixels along the ring.)
    public static let arcCut = Double.pi / 32

    /// Device pixels the drawn end must move for a new frame.
    public static let visibleMove = 1.0

    /// A change of progress that moves the drawn end by at most this many device pixels is drawn at once rather
    /// than eased (`HUDScene.setProgress`).
    public static let easedMove = 2.0

    /// ProgressHUD's animations are drawn at most this many times a second, and only when a shape moves visibly
    /// (`SpinnerTimeline`). A frame costs about 0.3 ms of CPU, nearly all of it waking up and talking to the X
    /// server rather than drawing (20 to 80 µs, see x11hud-bench), so the monitor's 60 Hz would double a spinner's
    /// cost for no smoother a look on a 37-point indicator.
    public static let spinnerFrameRate = 30.0

    /// Whether part of the picture changes with progress or time, so that it is drawn over a cached still layer.
    public var moves: Bool {
        switch kind {
        case .icon(_, let live): return live
        case .image: return false
        case .spinner, .pie, .ring, .bar: return true
        }
    }

    /// The rectangle a new frame of the indicator at `frame` dirties: its frame plus antialiasing, and for the
    /// spinners that swing past their frame (the dancing dots, the pac-man's dot) a tenth of its side more.
    public func dirtyRect(in frame: Rect) -> Rect {
        var grow = 2.0
        if case .spinner(let style) = kind, style != .activityIndicator { grow += (frame.width * 0.1).rounded(.up) }
        return Rect(x: frame.minX - grow, y: frame.minY - grow, width: frame.width + 2 * grow,
                    height: frame.height + 2 * grow)
    }

    /// The rectangle a change of progress from `old` to `new` dirties in the indicator at `frame`: the part of the
    /// ring or wedge between the two angles, or of the bar between the two fills, with the caps and antialiasing;
    /// `dirtyRect` whole when the percentage is drawn (its text changes too). A 1 % step of a 37 pt ring is then a
    /// square of about 10 pt rather than the indicator's 41.
    public func progressDirtyRect(in frame: Rect, from old: Double, to new: Double) -> Rect {
        let whole = dirtyRect(in: frame)
        guard !showsValue, old.isFinite, new.isFinite else { return whole }
        let lo = min(max(min(old, new), 0), 1), hi = min(max(max(old, new), 0), 1)
        // Caps reach up to 2.5 pt past an end (the round arc's); a point more for antialiasing.
        let margin = 4.0
        var box: Rect
        switch kind {
        case .bar:
            // barFill's track: the frame inset by 4 pt.
            let x0 = frame.minX + 4 + (frame.width - 8) * lo, x1 = frame.minX + 4 + (frame.width - 8) * hi
            box = Rect(x: x0 - margin, y: frame.minY - 2, width: x1 - x0 + 2 * margin, height: frame.height + 4)
        case .ring, .pie:
            let outer = frame.width / 2, inner: Double
            // A wedge reaches the centre; the arcs lie within 6 pt of the rim.
            if case .pie = kind { inner = 0 } else { inner = max(0, outer - 6) }
            // 12 o'clock clockwise, widened by the margin along the rim, from the last cut of the arc before the
            // nearer end: the piece from there is fitted again when its end moves (see `arcCut`).
            let slack = margin / outer
            let cut = (lo * 2 * Double.pi / Self.arcCut).rounded(.down) * Self.arcCut
            let a0 = -Double.pi / 2 + cut - slack, a1 = -Double.pi / 2 + hi * 2 * Double.pi + slack
            var points = [a0, a1].flatMap { a in
                [inner, outer].map { r in Point(x: frame.midX + r * cos(a), y: frame.midY + r * sin(a)) }
            }
            // The rim's extremes (3, 6, 9 and 12 o'clock) that lie between the two ends.
            var k = (a0 / (Double.pi / 2)).rounded(.up)
            while k * Double.pi / 2 <= a1 {
                let a = k * Double.pi / 2
                points.append(Point(x: frame.midX + outer * cos(a), y: frame.midY + outer * sin(a)))
                k += 1
            }
            let xs = points.map(\.x), ys = points.map(\.y)
            box = Rect(x: xs.min()! - margin, y: ys.min()! - margin, width: xs.max()! - xs.min()! + 2 * margin,
                       height: ys.max()! - ys.min()! + 2 * margin)
        case .spinner, .icon, .image:
            return whole
        }
        let x0 = max(box.minX, whole.minX), y0 = max(box.minY, whole.minY)
        return Rect(x: x0, y: y0, width: max(0, min(box.maxX, whole.maxX) - x0),
                    height: max(0, min(box.maxY, whole.maxY) - y0))
    }

    // MARK: The value text

    /// ProgressHUD's percentage: 12 pt semibold.
    package static let valueFont = try! FontSpec("Sans Semi-Bold 12")

    /// "NN%", truncated as ProgressHUD does, so 100 % shows only when it is reached.
    package static func valueText(_ progress: Double) -> String { "\(Int((progress * 100).rounded(.down)))%" }
}
