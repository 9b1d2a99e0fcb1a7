import Synchronization

/// The moments of a ProgressHUD animation's cycle that are drawn: a frame when some shape has moved a device pixel
/// or changed its alpha visibly since the frame before (`Array<SpinnerShape>.looksDifferent`), at most
/// `Indicator.spinnerFrameRate` a second. Where an animation eases in and out, rests (the bouncing sun) or moves
/// only a thin or faint shape, it is drawn less often than that; where it moves fast, as often.
///
/// Derived once per style, size and scale from the style's shapes sampled finely over its period, and shared.
struct SpinnerTimeline: Sendable {
    /// Seconds into the cycle, ascending from 0: the phases drawn.
    let phases: [Double]
    let period: Double

    /// Shapes are sampled this many times a second to find where they change visibly.
    static let sampleRate = 240.0

    init(style: SpinnerStyle, size: Size, scale: Double) {
        let frame = Rect(origin: .zero, size: size)
        let samples = Int((style.period * Self.sampleRate).rounded())
        // In samples: frames at most spinnerFrameRate a second.
        let gap = Int((Self.sampleRate / Indicator.spinnerFrameRate).rounded(.up))
        var phases = [0.0], shown = style.shapes(at: 0, in: frame), last = 0
        var i = gap
        while i < samples {
            let t = Double(i) / Self.sampleRate
            let shapes = style.shapes(at: t, in: frame)
            if shapes.looksDifferent(from: shown, scale: scale) {
                phases.append(t)
                shown = shapes
                last = i
                i = last + gap
            } else {
                i += 1
            }
        }
        self.phases = phases
        self.period = style.period
    }

    /// The phase drawn at `p` seconds into the cycle: the last one at or before it.
    func phase(at p: Double) -> Double {
        phases[index(after: p) - 1]
    }

    /// The next phase drawn after `p`, or the period (the cycle starting again) after the last.
    func next(after p: Double) -> Double {
        let i = index(after: p)
        return i < phases.count ? phases[i] : period
    }

    /// The index of the first phase after `p` (a wake-up a rounding error early counts as on time).
    private func index(after p: Double) -> Int {
        let p = p + 1e-9
        var lo = 0, hi = phases.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if phases[mid] <= p { lo = mid + 1 } else { hi = mid }
        }
        return max(lo, 1)
    }

    private struct Key: Hashable {
        var style: SpinnerStyle
        var size: Size
        var scale: Double
    }

    private static let cache = Mutex<[Key: SpinnerTimeline]>([:])

    /// The timeline of `style` at `size` and `scale`, made on first use.
    static func of(_ style: SpinnerStyle, size: Size, scale: Double) -> SpinnerTimeline {
        let key = Key(style: style, size: size, scale: scale)
        if let known = cache.withLock({ $0[key] }) { return known }
        let timeline = SpinnerTimeline(style: style, size: size, scale: scale)
        cache.withLock { $0[key] = timeline }
        return timeline
    }
}
