import HUDScene

/// `--details auto`: the details label written from what the input says, for every source (standard input,
/// `run`, the watchers):
///
/// - sizes known: `1.2 GB of 2.7 GB · 35 MB/s · 0:43 left`
/// - bytes without a total: `1.2 GB · 35 MB/s` (and the time left when a percentage comes with them)
/// - ended (an icon came): `2.7 GB of 2.7 GB · 31 MB/s average`, the rate over the whole transfer, as dd and rsync
///   end on (the tool's own when it reports one, as restic's summary does); while it runs the rate is a moving
///   average of the last seconds, as pv shows it. Success ends on the total: the job did all of it
/// - a fraction alone: `35 % · 0:43 left`; `100 %` under the success icon, wherever the tool's last one was
///
/// Under any text the input or the flags give as details (a watched file's name), on a line of its own. The rate
/// and time left appear once the estimate has watched for `warmUp` seconds.
///
/// The time left does not jump around: it is rounded (to 1 s under a minute, 5 s under ten, 30 s under an hour,
/// whole minutes above), and once shown it counts down with the clock for as long as each new estimate stays
/// within 10 % (at least 2 s) of the counted-down value; only an estimate outside that band replaces it, or any
/// estimate once the count has run out: `0:00 left` never shows while work is left (at least `0:01`). Units do
/// not flicker (see `ByteFormatter`). When nothing has moved for `stallAfter` seconds, the rate and time left give
/// way to `stalled`: a producer gone silent (stopped, on a hung link) sends nothing that would say so, so the one
/// who shows the details asks for `text(at:)` again at `stallsAt`. Progress that moves again clears it, and the
/// rate starts over from there.
public struct TransferDetails: Sendable {
    public var estimate = TransferEstimate()
    /// Seconds of samples before a rate or time left is shown.
    public var warmUp = 1.5
    /// Seconds without progress after which the details say `stalled`.
    public var stallAfter = 5.0
    /// The text given as details (flags, input), shown above the estimate.
    public var base: String

    private var bytes: Int64?
    private var total: Int64?
    private var fraction: Double?
    private var rateUnits = ByteFormatter()
    private var doneUnits = ByteFormatter()
    private var shown: (seconds: Double, at: Double)?
    private var lastMove: Double?
    /// The text last written says `stalled`.
    private var saysStalled = false
    /// The job is over (an icon came): no rate or time left any more, only the sizes.
    private var over = false
    /// The whole job's average in bytes a second, as the tool reported it at its end.
    private var reportedAverage: Double?

    public init(base: String = "") {
        self.base = base
    }

    /// Takes what an update says at `time`, and returns the details text, or nil when the update says nothing the
    /// details show (the label changed, say).
    public mutating func take(_ update: FeedUpdate, at time: Double) -> String? {
        if let details = update.details { base = details }
        if let t = update.bytesTotal { total = t > 0 ? t : nil }
        // A status icon ends the job (`{"icon":"success"}`, a watched process exiting): a rate or a time left
        // beside it would be stale.
        let moved = update.bytesDone.map { $0 != bytes } ?? false || update.progress.map { $0 != fraction } ?? false
        // So does the tool's own average, which it reports at its end (restic's summary).
        if update.icon != nil || update.averageRate != nil {
            over = true
        } else if moved {
            // …until progress moves again without one: the next job.
            over = false
            reportedAverage = nil
        }
        if let r = update.averageRate { reportedAverage = Double(r) }
        if let b = update.bytesDone { bytes = b }
        if let p = update.progress { fraction = p }
        if update.icon == .success {
            // Success is the whole job done: a percentage the tool last printed short of 100 (apt's download ends
            // at 94 %) is not left under Done, nor bytes short of the total (an incremental borg counts only what
            // it read: `0 B of 316 MB`; a first one's last line can be seconds before its end). Final figures that
            // come with the icon stay: a watched process's position when it exited is what it read.
            if fraction != nil { fraction = 1 }
            if update.bytesDone == nil, let total, let b = bytes, b < total { bytes = total }
        }
        guard update.bytesDone != nil || update.progress != nil else {
            return update.details == nil && update.icon == nil ? nil : text(at: time)
        }
        if moved, hasStalled(at: time) { estimate.restartRate() }
        if moved || lastMove == nil { lastMove = time }
        estimate.add(time: time, bytes: update.bytesDone.map(Double.init), fraction: update.progress)
        return text(at: time)
    }

    /// When the details turn `stalled` unless progress moves before: nil once they say it, after the end, and
    /// before any progress.
    public var stallsAt: Double? {
        guard !over, !saysStalled, let lastMove else { return nil }
        return lastMove + stallAfter
    }

    /// Whether nothing has moved for `stallAfter` seconds at `time`, while the job runs.
    private func hasStalled(at time: Double) -> Bool {
        guard !over, let lastMove else { return false }
        return time >= lastMove + stallAfter
    }

    /// The details as they read at `time`.
    public mutating func text(at time: Double) -> String {
        var parts: [String] = []
        if let bytes {
            let done = doneUnits.format(Double(bytes))
            if let total {
                var sizes = ByteFormatter()
                parts.append("\(done) of \(sizes.format(Double(total)))")
            } else {
                parts.append(done)
            }
        } else if let fraction {
            parts.append("\(Int((fraction * 100).rounded(.down))) %")
        }
        let warm = estimate.observed >= warmUp && !over
        saysStalled = hasStalled(at: time)
        if saysStalled {
            shown = nil
            return Self.joined(base, parts + ["stalled"])
        }
        if warm, bytes != nil, let rate = estimate.byteRate, rate > 0 {
            parts.append(rateUnits.format(rate) + "/s")
        } else if over, bytes != nil,
                  let rate = reportedAverage ?? (estimate.observed >= warmUp ? estimate.averageByteRate : nil),
                  rate > 0 {
            // At the end, the figure dd and rsync end on: the whole transfer's, not the last seconds'; the tool's
            // own when it reports one.
            parts.append(rateUnits.format(rate) + "/s average")
        }
        if warm, let left = timeLeft(at: time) {
            parts.append(Self.clock(left) + " left")
        }
        return Self.joined(base, parts)
    }

    private static func joined(_ base: String, _ parts: [String]) -> String {
        [base, parts.joined(separator: " · ")].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The time left to show: the last shown value counted down, unless the estimate has moved out of its band.
    private mutating func timeLeft(at time: Double) -> Double? {
        let done = total.flatMap { t in bytes.map { $0 >= t } } ?? (fraction.map { $0 >= 1 } ?? false)
        guard !done, let fresh = estimate.secondsLeft(bytes: bytes.map(Double.init), total: total.map(Double.init),
                                                      fraction: fraction) else {
            shown = nil
            return nil
        }
        // A count that has run out while work is left gives way to the estimate (a transfer slowing at its end
        // showed `0:00 left` for seconds with megabytes to go); and what is shown is never under a second.
        if let shown {
            let counted = shown.seconds - (time - shown.at)
            if counted > 0, abs(fresh - counted) <= max(0.1 * counted, 2) { return Self.rounded(max(counted, 1)) }
        }
        shown = (fresh, time)
        return Self.rounded(max(fresh, 1))
    }

    /// 1 s steps under a minute, 5 s under ten, 30 s under an hour, whole minutes above.
    static func rounded(_ seconds: Double) -> Double {
        let step: Double = seconds < 60 ? 1 : seconds < 600 ? 5 : seconds < 3600 ? 30 : 60
        // Up, so that `0:00 left` never shows while work is left; a hair under, so 65.0000001 stays 65.
        return (seconds / step - 1e-6).rounded(.up) * step
    }

    /// `0:43`, `12:05`, `1:02:00`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(min(seconds, 359_999))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }
}
