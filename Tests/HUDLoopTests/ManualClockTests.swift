import HUDLoop
import Testing

@MainActor struct ManualClockTests {
    @Test func timersRunInDeadlineOrderEachSeeingItsOwnDeadline() {
        let clock = ManualClock(now: 10)
        var seen: [(String, Double)] = []
        clock.schedule(at: 12.5) { seen.append(("b", clock.now)) }
        clock.schedule(after: 1) { seen.append(("a", clock.now)) }
        clock.schedule(at: 30) { seen.append(("late", clock.now)) }
        clock.advance(by: 5)
        #expect(seen.map(\.0) == ["a", "b"])
        #expect(seen.map(\.1) == [11, 12.5])
        #expect(clock.now == 15)
        #expect(clock.pendingTimers == 1)
    }

    @Test func aCancelledTimerNeverRuns() {
        let clock = ManualClock()
        var ran = false
        let timer = clock.schedule(after: 1) { ran = true }
        #expect(timer.isPending)
        timer.cancel()
        clock.advance(by: 2)
        #expect(!ran)
        #expect(!timer.isPending)
        #expect(clock.pendingTimers == 0)
    }

    @Test func aTimerSetByATimerRunsInTheSameAdvanceWhenItIsDue() {
        let clock = ManualClock()
        var times: [Double] = []
        clock.schedule(after: 1) {
            times.append(clock.now)
            clock.schedule(after: 1) { times.append(clock.now) }
        }
        clock.advance(by: 3)
        #expect(times == [1, 2])
    }

    @Test func theClockNeverGoesBack() {
        let clock = ManualClock(now: 5)
        clock.set(to: 3)
        #expect(clock.now == 5)
        #expect(clock.realDelay(until: 4) == 0)
        #expect(clock.realDelay(until: 7) == 2)
    }
}
