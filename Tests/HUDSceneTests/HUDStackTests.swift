import Testing
import HUDScene

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

    /// Issue 21: 50 centred HUDs on an 800-pixel work area, and a forged 5000-pixel member, stay inside it.
    @Test(arguments: [-1, 0, 1])
    func aFullStackStaysInsideTheWorkArea(anchor: Int) {
        let many = (1...50).map { HUDStack.Member(window: UInt($0), height: 80) }
        let forged = [HUDStack.Member(window: 99, height: 5000), HUDStack.Member(window: 1, height: 80)]
        // The bezel's laid-out top for the anchor: at the top, centred, at the bottom of 40...840.
        let top = anchor < 0 ? 40 : anchor == 0 ? 400 : 760
        for members in [many, forged] {
            for m in members where m.window != 99 {
                let dy = HUDStack.shift(of: m.window, in: members, anchor: anchor, gap: 10, top: top, height: 80,
                                        area: 40...840)
                let y = Double(top) + dy
                #expect(y >= 40 && y + 80 <= 840, "window \(m.window) at y \(y)")
            }
        }
        // A stack that fits is unchanged.
        let fits = Array(many.prefix(3))
        #expect(HUDStack.shift(of: 2, in: fits, anchor: anchor, gap: 10, top: top, height: 80, area: 40...840)
            == HUDStack.shift(of: 2, in: fits, anchor: anchor, gap: 10))
    }
}
