import Glibc

/// The rate of a transfer and the time it has left, from samples of (time, bytes done, fraction done).
///
/// The rate is an exponential moving average with a time constant of `smoothing` seconds, weighted by the time
/// between samples (`1 - e^(-dt/τ)`): samples come at uneven times (a pipe delivers in bursts, a watcher polls),
/// which a fixed-size window would weigh wrongly, and it keeps no history. Until `smoothing` seconds have passed
/// each sample weighs at least `dt / elapsed`, which makes the early rate the plain average since the start instead
/// of one biased towards the first sample. Samples closer than `minInterval` are added up into one, so a burst of
/// lines does not read as an infinite rate. Time is passed in: tests need no clock.
public struct TransferEstimate: Sendable {
    /// Seconds over which the rate is smoothed (τ).
    public var smoothing: Double
    /// Samples closer together than this are merged.
    public var minInterval: Double
    /// Bytes per second, once two samples were far enough apart.
    public private(set) var byteRate: Double?
    /// Fraction per second, likewise.
    public private(set) var fractionRate: Double?
    /// Seconds since the first sample when the last was taken.
    public private(set) var observed = 0.0

    private var first: Double?
    private var last: (time: Double, bytes: Double?, fraction: Double?)?
    private var firstBytes: Double?
    /// The last sample whose bytes moved: samples that repeat the count (a watcher polling a finished file) do not
    /// stretch the transfer's time.
    private var lastMove: (time: Double, bytes: Double)?
    /// Where the moving average starts (the first sample, or the first after `restartRate()`), and whether the next
    /// sample is that start.
    private var rateStart: Double?
    private var restarting = false

    /// Bytes per second over the whole transfer (from the first sample with bytes to the last that moved): what dd
    /// and rsync print when they end, where the moving average says how fast it went lately.
    public var averageByteRate: Double? {
        guard let firstBytes, let first, let lastMove, lastMove.time > first else { return nil }
        return (lastMove.bytes - firstBytes) / (lastMove.time - first)
    }

    public init(smoothing: Double = 3, minInterval: Double = 0.25) {
        self.smoothing = smoothing
        self.minInterval = minInterval
    }

    /// Takes a sample. Bytes or a fraction lower than the last start over: a new file, or a new attempt.
    public mutating func add(time: Double, bytes: Double?, fraction: Double?) {
        if let last, let b = bytes, let lb = last.bytes, b < lb { self = Self(smoothing: smoothing,
                                                                             minInterval: minInterval) }
        if let last, let f = fraction, let lf = last.fraction, f < lf, bytes == nil {
            self = Self(smoothing: smoothing, minInterval: minInterval)
        }
        guard let last else {
            first = time
            firstBytes = bytes
            self.last = (time, bytes, fraction)
            return
        }
        if let b = bytes, b != (lastMove?.bytes ?? firstBytes) { lastMove = (time, b) }
        if restarting {
            restarting = false
            rateStart = time
            self.last = (time, bytes ?? last.bytes, fraction ?? last.fraction)
            observed = time - (first ?? time)
            return
        }
        let dt = time - last.time
        guard dt >= minInterval else { return }
        let elapsed = time - (rateStart ?? first ?? last.time)
        let weight = max(1 - exp(-dt / smoothing), dt / elapsed)
        func smoothed(_ old: Double?, _ now: Double?, _ then: Double?) -> Double? {
            guard let now, let then else { return old }
            let instant = (now - then) / dt
            guard let old else { return instant }
            return old + weight * (instant - old)
        }
        byteRate = smoothed(byteRate, bytes, last.bytes)
        fractionRate = smoothed(fractionRate, fraction, last.fraction)
        self.last = (time, bytes ?? last.bytes, fraction ?? last.fraction)
        observed = time - (first ?? time)
    }

    /// Starts the moving average over from the next sample, as at the start; the whole transfer's average stays.
    /// After a stall the rate is what the transfer does again, not a blend with the seconds it stood still (which
    /// showed a crawl, and hours left, for seconds after it resumed).
    public mutating func restartRate() {
        guard last != nil else { return }
        byteRate = nil
        fractionRate = nil
        restarting = true
    }

    /// Seconds left: from the bytes when the total is known, else from the fraction; nil when there is no rate
    /// yet, or nothing moves.
    public func secondsLeft(bytes: Double?, total: Double?, fraction: Double?) -> Double? {
        if let bytes, let total, let rate = byteRate, rate > 0 { return max(0, (total - bytes) / rate) }
        if let fraction, let rate = fractionRate, rate > 0 { return max(0, (1 - fraction) / rate) }
        return nil
    }
}
