import X11Names
import FoundationEssentials
import HUDTestSupport
import Testing
@testable import X11Platform

/// A HUD's description, written by hand for speed, reads back with JSONDecoder as the state it was made from, and
/// as JSONEncoder's would: whatever a label holds.
@Suite(.ownThreads) struct HUDRegistryJSONTests {
    static func state(label: String, details: String?, progress: Double?, optionals: Bool) -> HUDRegistry.State {
        HUDRegistry.State(
            id: optionals ? "vol:\(label)" : nil, pid: 4242, monitor: "DP-1", position: "top-right", x: -10, y: 20,
            width: 350, height: 96, mode: "annular", label: label, spinner: optionals ? "default" : nil, up: true,
            newestFirst: optionals ? false : nil, last: optionals ? true : nil, progress: progress, details: details)
    }

    static let texts = [
        "", "Backup", "say \"hi\"", "back\\slash", "line\nbreak\ttab\r", "\u{01}\u{1F}\u{7F}", "ünï ✓ 日本 🎉",
        "</b>&amp;", String(repeating: "long ", count: 400),
    ]

    @Test(arguments: texts) func readsBackAsTheStateItWasMadeFrom(_ text: String) throws {
        for (progress, optionals) in [(0.6, true), (nil, false), (1e-05, true), (0, false), (1, true)] {
            let state = Self.state(label: text, details: optionals ? text : nil, progress: progress,
                                   optionals: optionals)
            let decoded = try JSONDecoder().decode(HUDRegistry.State.self, from: Data(state.json))
            #expect(decoded == state)
            let reference = try JSONDecoder().decode(HUDRegistry.State.self, from: JSONEncoder().encode(state))
            #expect(decoded == reference)
        }
    }

    @Test func aValueJSONCannotHoldStillParses() throws {
        let state = Self.state(label: "x", details: nil, progress: .nan, optionals: false)
        let decoded = try JSONDecoder().decode(HUDRegistry.State.self, from: Data(state.json))
        #expect(decoded.progress == nil)
        #expect(decoded.label == "x")
    }
}

/// A fast progress stream rewrites a HUD's description at most every `figuresInterval`; a slow one, and anything
/// that is not figures alone, at once.
@MainActor @Suite struct RegistryFiguresTests {
    let interval = RegistryListing.figuresInterval, quiet = RegistryListing.figuresQuiet

    @Test func aChangeHardOnTheHeelsOfAnotherWaitsForTheInterval() {
        #expect(RegistryListing.figuresDeadline(lastWritten: 10, lastChanged: 10.1, now: 10.11) == 10 + interval)
        #expect(RegistryListing.figuresDeadline(lastWritten: 10, lastChanged: 10.1, now: 10 + interval) == nil)
    }

    @Test func aChangeAfterAQuietGapIsWrittenAtOnce() {
        #expect(RegistryListing.figuresDeadline(lastWritten: 10, lastChanged: 10, now: 10 + quiet) == nil)
        #expect(RegistryListing.figuresDeadline(lastWritten: 10, lastChanged: 10.05, now: 10.1 + quiet) == nil)
        #expect(RegistryListing.figuresDeadline(lastWritten: -.infinity, lastChanged: -.infinity, now: 0) == nil)
    }

    /// What is more than figures (a move, a new label, the hide) is never held: through a listing, with no
    /// connection needed since nothing has been published.
    @Test func anythingElseIsPublishedAtOnce() {
        let shown = HUDRegistryJSONTests.state(label: "Backup", details: "1 MB", progress: 0.5, optionals: true)
        var listing = RegistryListing()
        #expect(listing.figuresDeadline(for: shown, now: 10) == nil)
        #expect(listing.figuresDeadline(for: nil, now: 10.01) == nil)
    }
}
