import Glibc
import HUDScene
import ProgressFeed
import HUDTestSupport
import Testing
@testable import HUDFeeds

/// How `x11hud run` ends, from the command's end alone (no X, no process).
@Suite(.ownThreads) struct RunOutcomeTests {
    @Test func successShowsDoneAndExitsZero() {
        let o = RunOutcome(end: .exited(0), seconds: 3)
        #expect(o.status == 0)
        #expect(o.update.icon == .success)
        #expect(o.update.label == "Done")
        #expect(o.update.details == nil, "a success keeps the details it had")
        #expect(o.update.hideAfter == 1.25 + 0.03 * 4)
    }

    @Test func failureShowsTheCommandsReasonAndExitsWithItsStatus() {
        var o = RunOutcome(end: .exited(3), reason: "rsync error: code 23", failLabel: "Backup failed")
        #expect(o.status == 3)
        #expect(o.update.icon == .error)
        #expect(o.update.label == "Backup failed")
        #expect(o.update.details == "rsync error: code 23")
        o.reason = nil
        #expect(o.update.details == "exit status 3")
    }

    @Test func aSignalGives128PlusItsNumber() {
        let o = RunOutcome(end: .signalled(SIGTERM))
        #expect(o.status == 143)
        #expect(o.update.details == "killed by SIGTERM")
        #expect(RunOutcome(end: .signalled(SIGINT)).update.label == "Cancelled", "Ctrl-C on the command's terminal")
    }

    /// Issue 40: restic and Python catch Ctrl-C, print their last words and exit 130: cancelled, not failed.
    @Test func aCommandThatCatchesCtrlCAndExits130IsCancelled() {
        let o = RunOutcome(end: .exited(130), reason: "signal interrupt received, cleaning up")
        #expect(o.status == 130)
        #expect(o.update.label == "Cancelled" && o.update.icon == .warning && o.update.details == "")
        #expect(RunOutcome(end: .exited(131)).update.label == "Failed")
    }

    @Test func cancelExits130WhateverTheCommandsStatus() {
        let o = RunOutcome(end: .signalled(SIGKILL), stop: .cancelled)
        #expect(o.status == 130)
        #expect(o.update.icon == .warning)
        #expect(o.update.label == "Cancelled")
    }

    @Test func aSignalPassedOnHidesAtOnceWithTheCommandsStatus() {
        let o = RunOutcome(end: .exited(2), stop: .signalled)
        #expect(o.status == 2)
        #expect(o.update.hideAfter == 0)
        #expect(o.update.icon == nil)
    }

    @Test func aQuickSuccessWithinTheGraceTimeShowsNothing() {
        #expect(RunOutcome(end: .exited(0), seconds: 0.2, grace: 0.5).update.hideAfter == 0)
        #expect(RunOutcome(end: .exited(1), seconds: 0.2, grace: 0.5).update.hideAfter! > 1, "a failure still shows")
    }
}
