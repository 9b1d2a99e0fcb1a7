public import HUDScene
public import ProgressFeed
import Synchronization

/// How a piped job's input ends, read from what comes after its HUD has gone (`--hide-after`, `x11hud hide`): the
/// input is still read to its end so that the producer never dies of SIGPIPE, and this reads it on the way as the HUD
/// would have, for the end only (`{"icon":"error","label":"Failed","details":"disk full"}`), so that the end can be
/// told another way (a desktop notification). An icon that a later value, spinner or mode took back is no end.
public final class EndScan: Sendable {
    /// An end as the HUD would have shown it.
    public struct End: Equatable, Sendable {
        public var outcome: JobOutcome
        /// The label the end shows ("Failed"); empty when it gave none.
        public var label: String
        public var details: String?
        /// The label the input gave before its end (its job's name), if any.
        public var jobLabel: String?
    }

    /// What the lines read so far say.
    private struct Found {
        var end: End?
        var jobLabel: String?
    }
    private struct State {
        var splitter: LineSplitter
        var found = Found()
    }
    private let parser: FeedParser
    private let state: Mutex<State>

    public init(parser: FeedParser) {
        self.parser = parser
        state = Mutex(State(splitter: LineSplitter(maxLineLength: FeedReader.maxLineLength,
                                                   breaksOnBackspace: parser.zenityRules == nil)))
    }

    /// Reads `bytes`, any number of them at a time, from one thread at a time.
    public func push(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { s in
            // Apart, as the splitter's closure changes what is found.
            var found = s.found
            s.splitter.push(bytes) { line, _ in Self.take(parser.parse(line), &found) }
            s.found = found
        }
    }

    /// The input has ended: the end it told, if it ended on one.
    public func finish() -> End? {
        state.withLock { s in
            var found = s.found
            s.splitter.finish { line, _ in Self.take(parser.parse(line), &found) }
            s.found = found
            return found.end
        }
    }

    private static func take(_ event: FeedEvent, _ s: inout Found) {
        let update: FeedUpdate
        switch event {
        case .update(let u), .partial(let u, _): update = u
        case .nothing, .warning: return
        }
        if let icon = update.icon, let outcome = JobOutcome(endingWith: icon) {
            s.end = End(outcome: outcome, label: update.label ?? "", details: update.details, jobLabel: s.jobLabel)
        } else if update.progress != nil || update.spinner != nil || update.mode != nil {
            s.end = nil
        }
        if update.icon == nil, let label = update.label { s.jobLabel = label }
    }
}
