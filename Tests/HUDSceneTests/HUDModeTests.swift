import HUDScene
import Testing

/// The spinner→ring rule, which the command line and live input both call.
@Suite struct HUDModeTests {
    @Test func progressTurnsTheDefaultSpinnerIntoTheRingUnlessAModeWasChosen() {
        #expect(HUDMode.indeterminate.receivingProgress(explicitly: false) == .annular)
        #expect(HUDMode.indeterminate.receivingProgress(explicitly: true) == .indeterminate)
        for mode in HUDMode.allCases where mode != .indeterminate {
            #expect(mode.receivingProgress(explicitly: false) == mode)
            #expect(mode.receivingProgress(explicitly: true) == mode)
        }
    }
}
