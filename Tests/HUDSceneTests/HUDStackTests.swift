import FoundationEssentials
import HUDScene
import Testing

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

    /// Notifications put the newest at the edge; a critical one goes first and a count of waiting ones last,
    /// whichever process each belongs to.
    @Test func orderedPutsTheNewestFirstThenTheFirstAndTheLast() {
        let four = members + [HUDStack.Member(window: 4, height: 30)]
        let windows = { (ordered: [HUDStack.Member]) in ordered.map(\.window) }
        #expect(windows(HUDStack.ordered(four, newestFirst: false, first: [], last: [])) == [1, 2, 3, 4])
        #expect(windows(HUDStack.ordered(four, newestFirst: true, first: [], last: [])) == [4, 3, 2, 1])
        #expect(windows(HUDStack.ordered(four, newestFirst: true, first: [2], last: [4])) == [2, 3, 1, 4])
        // First wins over last.
        #expect(windows(HUDStack.ordered(four, newestFirst: false, first: [3], last: [3, 1])) == [3, 2, 4, 1])
    }

    /// A place from a process that says nothing of its order (before the flags) reads as an ordinary HUD; one
    /// that does round-trips.
    @Test func aPlaceWithoutOrderFlagsDecodesAsAnOrdinaryHUD() throws {
        let old = #"{"key":"7.0","output":"","placement":"top-right","height":62,"since":12.5}"#
        let place = try JSONDecoder().decode(HUDStack.Place.self, from: Data(old.utf8))
        #expect(place.newestFirst == nil && place.first == nil && place.last == nil && place.height == 62)
        let bubble = HUDStack.Place(key: "7.1", output: "", placement: "top-right", height: 80, since: 13,
                                    newestFirst: true, first: true)
        let again = try JSONDecoder().decode(HUDStack.Place.self, from: JSONEncoder().encode(bubble))
        #expect(again == bubble && again.newestFirst == true && again.last == nil)
    }
}
