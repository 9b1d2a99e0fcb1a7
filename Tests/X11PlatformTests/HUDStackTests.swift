import Testing
@testable import X11Platform

/// The stacking rule, without X: every process computes the same places from the same list.
@Suite struct HUDStackTests {
    let members = [HUDStack.Member(window: 1, height: 100), HUDStack.Member(window: 2, height: 60),
                   HUDStack.Member(window: 3, height: 80)]

    @Test func centredHUDsFormAColumnCentredOnTheAnchor() {
        let shifts = (1...3).map { HUDStack.shift(of: UInt($0), in: members, anchor: 0, gap: 10) }
        // Column height 100 + 10 + 60 + 10 + 80 = 260: centres at -130+50, -130+110+30, -130+180+40.
        #expect(shifts == [-80, 10, 90])
    }

    @Test func topHUDsGrowDownAndBottomOnesUp() {
        #expect((1...3).map { HUDStack.shift(of: UInt($0), in: members, anchor: -1, gap: 10) } == [0, 110, 180])
        #expect((1...3).map { HUDStack.shift(of: UInt($0), in: members, anchor: 1, gap: 10) } == [0, -110, -180])
    }

    @Test func aHUDAloneOrNotInTheStackStaysInPlace() {
        #expect(HUDStack.shift(of: 1, in: [members[0]], anchor: 0, gap: 10) == 0)
        #expect(HUDStack.shift(of: 9, in: members, anchor: 0, gap: 10) == 0)
    }
}
