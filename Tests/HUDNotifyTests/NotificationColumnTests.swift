import HUDConfig
@testable import HUDNotify
import Testing

/// The column as a value: places, room and fairness, without a display or a clock.
struct NotificationColumnTests {
    /// Three bubbles of app `a` 64 points high, in a column of four places with 10-point margins.
    func column(heights: [Double?] = [64, 64, 64]) -> NotificationColumn {
        var column = NotificationColumn(maxVisible: 4, margin: 10)
        for (i, height) in heights.enumerated() {
            column.take(UInt32(i + 1), app: "a", urgency: .normal, height: height)
        }
        return column
    }

    @Test func placesAreTakenUpToMaxVisibleAndAHidingOneKeepsItsPlace() {
        var column = column()
        #expect(column.count == 3 && !column.isFull)
        column.take(4, app: "b", urgency: .low, height: 40)
        #expect(column.isFull)
        column.leave(4, at: 0)
        #expect(column.isFull, "a hiding bubble holds its place until its fade ends")
        column.free(4)
        #expect(column.count == 3 && !column.isFull)
        #expect(NotificationColumn(maxVisible: 0, margin: 0).maxVisible == 1)
    }

    @Test func aChangeWithinAGlideOfTheLastIsABurst() {
        var column = column()
        let first = column.changed(at: 1), second = column.changed(at: 1.1)
        let leaving = column.leave(2, at: 1.2), alone = column.leave(3, at: 5)
        #expect(!first && second, "the first change is alone, the next 0.1 s later in a burst")
        #expect(leaving && !alone, "a bubble leaving 0.1 s after one came is in the burst; one 4 s later alone")
    }

    @Test func aLeavingBubbleIsNotItsApplicationsAnyMore() {
        var column = column()
        column.take(4, app: "b", urgency: .normal, height: nil)
        column.leave(2, at: 0)
        #expect(column.held == ["a": 2, "b": 1])
        // Shown again before its fade ended (a replacement): its application's again.
        column.take(2, app: "a", urgency: .normal, height: 64)
        #expect(column.held == ["a": 3, "b": 1])
    }

    @Test func aBubbleFitsUnderTheOthersWithGapsMarginsAndThePill() {
        let column = column()
        // 2 × 10 margin + 3 × (64 + 10) + 64 + 10 + 20 pill = 336.
        #expect(column.fits((height: 64, room: 336), pill: 20))
        #expect(!column.fits((height: 64, room: 335), pill: 20))
        #expect(column.fits((height: 64, room: 316), pill: 0))
        // Beside the others only: bubble 3 growing in its own place is measured against 1 and 2.
        #expect(column.fits((height: 138, room: 336), pill: 20, besides: 3))
        #expect(!column.fits((height: 139, room: 336), pill: 20, besides: 3))
    }

    @Test func oneAloneAlwaysFitsAndUnmeasuredBubblesTakeNoHeight() {
        #expect(NotificationColumn(maxVisible: 5, margin: 10).fits((height: 5000, room: 100), pill: 20))
        #expect(column().fits((height: 5000, room: 100), pill: 20, besides: 1) == false)
        #expect(column(heights: [nil, nil]).fits((height: 5000, room: 100), pill: 20))
        #expect(column(heights: [64]).fits((height: 5000, room: 100), pill: 20, besides: 1))
    }

    @Test func anApplicationTwoPlacesAheadGivesUpItsBubbleNearestItsEnd() {
        var column = column()
        let expires: [UInt32: Double] = [1: 30, 2: 12, 3: 12]
        // b holds none, a three: a gives up the nearest its end, the older id between equals.
        #expect(column.placeToFree(for: "b", urgency: .normal, expires: { expires[$0] }) == 2)
        // Two ahead is enough; one ahead is not.
        column.take(4, app: "b", urgency: .normal, height: 64)
        #expect(column.placeToFree(for: "b", urgency: .normal, expires: { expires[$0] }) == 2)
        column.free(1)
        #expect(column.placeToFree(for: "b", urgency: .normal, expires: { expires[$0] }) == nil)
    }

    @Test func neverAMoreUrgentBubbleOneWithoutADeadlineOrOneLeaving() {
        var column = NotificationColumn(maxVisible: 4, margin: 10)
        column.take(1, app: "a", urgency: .critical, height: 64)
        column.take(2, app: "a", urgency: .normal, height: 64)
        column.take(3, app: "a", urgency: .normal, height: 64)
        let expires: [UInt32: Double] = [1: 5, 3: 9]
        // 1 is more urgent than a low newcomer's; 2 waits for the user; 3 is the one.
        #expect(column.placeToFree(for: "b", urgency: .normal, expires: { expires[$0] }) == 3)
        #expect(column.placeToFree(for: "b", urgency: .low, expires: { expires[$0] }) == nil)
        column.leave(3, at: 0)
        #expect(column.placeToFree(for: "b", urgency: .normal, expires: { expires[$0] }) == nil,
                "3 is on its way out, 2 waits for the user, 1 is more urgent than the newcomer")
    }

    @Test func aRenamedPlaceKeepsItsBubble() {
        var column = column()
        column.rename(2, to: 7)
        #expect(column.places[7] == NotificationColumn.Place(app: "a", urgency: .normal, height: 64))
        #expect(column.places[2] == nil && column.count == 3)
    }
}
