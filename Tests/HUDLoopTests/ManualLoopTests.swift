import HUDLoop
import Testing

@MainActor struct ManualLoopTests {
    @Test func timersRunInDeadlineOrderEachSeeingItsOwnDeadline() {
        let clock = ManualLoop(now: 10)
        var seen: [(String, Double)] = []
        clock.schedule(at: 12.5) { seen.append(("b", clock.now)) }
        clock.schedule(after: 1) { seen.append(("a", clock.now)) }
        let late = clock.schedule(at: 30) { seen.append(("late", clock.now)) }
        clock.advance(by: 5)
        #expect(seen.map(\.0) == ["a", "b"])
        #expect(seen.map(\.1) == [11, 12.5])
        #expect(clock.now == 15)
        #expect(clock.pendingTimers == 1)
        late.cancel()  // its action holds the clock, which holds it: LeakSanitizer saw the pair left at exit
    }

    @Test func aCancelledTimerNeverRuns() {
        let clock = ManualLoop()
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
        let clock = ManualLoop()
        var times: [Double] = []
        clock.schedule(after: 1) {
            times.append(clock.now)
            clock.schedule(after: 1) { times.append(clock.now) }
        }
        clock.advance(by: 3)
        #expect(times == [1, 2])
    }

    @Test func theClockNeverGoesBack() {
        let clock = ManualLoop(now: 5)
        clock.set(to: 3)
        #expect(clock.now == 5)
        #expect(clock.realDelay(until: 4) == 0)
        #expect(clock.realDelay(until: 7) == 2)
    }
}

/// What a `ManualLoop` keeps real: work sent from another thread, and `soon`, run on the main actor without any
/// time passing on its clock.
@MainActor struct ManualLoopWorkTests {
    @Test func workSentFromAnotherThreadRunsOnTheLoopWhileItsClockStandsStill() async {
        let loop = ManualLoop(now: 3)
        let ran = Log<String>()
        await Task.detached { loop.send { ran.items.append("sent") } }.value
        loop.soon { ran.items.append("soon") }
        let end = MonotonicClock.now + 5
        while ran.items.count < 2, MonotonicClock.now < end { try? await Task.sleep(nanoseconds: 2_000_000) }
        #expect(ran.items == ["sent", "soon"])
        #expect(loop.now == 3)
    }
}

/// What handlers on the loop appended, in order.
@MainActor final class Log<Item> {
    var items: [Item] = []
}
