import HUDBus
import HUDConfig
@testable import HUDNotify
import Testing

/// The bookkeeping of duplicates stacked onto one id, without a desk.
struct NotificationStacksTests {
    @Test func membersJoinAKeyOldestFirstAndTheNewestSpeaksForTheStack() {
        var stacks = NotificationStacks()
        #expect(stacks.stack(of: 1) == nil && stacks.newest(of: 1) == 1)
        stacks.join(2, onto: 1)
        stacks.join(3, onto: 1)
        #expect(stacks.members(of: 1) == [2, 3])
        #expect(stacks.key(of: 3) == 1 && stacks.key(of: 1) == nil)
        #expect(stacks.stack(of: 1) == 1 && stacks.stack(of: 2) == 1)
        #expect(stacks.newest(of: 1) == 3)
    }

    @Test func aMemberLeavesAloneAndTheKeyHandsTheStackToItsOldestMember() {
        var stacks = NotificationStacks()
        for id: UInt32 in 2...4 { stacks.join(id, onto: 1) }
        #expect(stacks.remove(3) == .left(key: 1))
        #expect(stacks.members(of: 1) == [2, 4])
        #expect(stacks.remove(1) == .handedOver(to: 2))
        #expect(stacks.members(of: 2) == [4] && stacks.key(of: 4) == 2 && stacks.key(of: 2) == nil)
        #expect(stacks.remove(2) == .handedOver(to: 4))
        #expect(stacks.stack(of: 4) == nil, "one alone is no stack")
        #expect(stacks.remove(4) == nil)
    }

    @Test func aDissolvedStackFreesEveryMember() {
        var stacks = NotificationStacks()
        stacks.join(2, onto: 1)
        stacks.join(3, onto: 1)
        #expect(stacks.dissolve(1) == [2, 3])
        #expect(stacks.stack(of: 2) == nil && stacks.members(of: 1).isEmpty && stacks.dissolve(1).isEmpty)
    }

    @Test func theIndexFindsTheLastIdOfATextAndIsRebuiltWhenMostlyStale() {
        var stacks = NotificationStacks()
        let n = Notification(appName: "make", summary: "Build failed")
        let key = StackKey(n, skipHistory: false)
        stacks.remember(1, as: key, openCount: 1) { [] }
        stacks.remember(2, as: key, openCount: 2) { [] }
        #expect(stacks.candidate(for: key) == 2)
        #expect(stacks.candidate(for: StackKey(n, skipHistory: true)) == nil)
        // A flood of texts that have all closed: past 2 × open + 64 stale ones, only what is open stays.
        for i in 1...70 {
            let other = StackKey(Notification(appName: "flood", summary: "\(i)"), skipHistory: false)
            stacks.remember(UInt32(100 + i), as: other, openCount: 1) { [(key, UInt32(2))] }
        }
        #expect(stacks.candidate(for: key) == 2)
        #expect(stacks.candidate(for: StackKey(Notification(appName: "flood", summary: "3"), skipHistory: false))
            == nil)
    }

    @Test func duplicatesAreTheSameTextIconUrgencyAndActionsAndNeverSynchronous() {
        let n = Notification(appName: "make", summary: "Build failed", actions: [("log", "Show log")])
        #expect(n.isDuplicate(of: n))
        var critical = n
        critical.hints["urgency"] = .int(Int64(Urgency.critical.rawValue))
        #expect(!n.isDuplicate(of: critical))
        #expect(StackKey(n, skipHistory: false) != StackKey(critical, skipHistory: false))
        var tagged = n
        tagged.hints["x-dunst-stack-tag"] = .string("build")
        #expect(!tagged.isDuplicate(of: tagged))
    }
}
