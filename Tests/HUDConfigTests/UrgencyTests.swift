import HUDConfig
import Testing

/// One urgency for the wire, the config file and the scripts.
struct UrgencyTests {
    @Test func theWiresByteAndTheConfigsWordNameTheSameLevels() {
        #expect(Urgency.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(Urgency.allCases.map(\.word) == ["low", "normal", "critical"])
        for level in Urgency.allCases {
            #expect(Urgency(word: level.word) == level && Urgency(wire: Int64(level.rawValue)) == level)
        }
        #expect(Urgency(word: "Critical") == nil && Urgency(word: "2") == nil)
        #expect(Urgency(wire: 3) == nil && Urgency(wire: -1) == nil && Urgency(wire: 258) == nil)
    }

    @Test func levelsAreOrderedLowToCritical() {
        #expect(Urgency.low < .normal && Urgency.normal < .critical && Urgency.allCases.sorted() == Urgency.allCases)
    }
}
