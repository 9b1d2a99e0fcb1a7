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

    /// Issue 52 item 3: after an interrupt the user gave (Ctrl-C typed, SIGINT to x11hud, or the tool's own words),
    /// any end but success is cancelled, whatever the status the tool chose for it (rsync 20, borg 2, duplicity 4,
    /// rclone killed by SIGINT, or killed by the SIGKILL that followed), and the status stays the command's own.
    @Test(arguments: [CommandEnd.exited(20), .exited(2), .exited(4), .exited(1), .signalled(SIGINT),
                      .signalled(SIGKILL), .signalled(SIGTERM)])
    func anInterruptThenAnyFailureIsCancelledWithTheCommandsStatus(_ end: CommandEnd) {
        let o = RunOutcome(end: end, interrupted: true, reason: "rsync error: received SIGUSR1 (code 19)")
        #expect(o.isCancelled)
        #expect(o.status == end.status)
        #expect(o.update.icon == .warning && o.update.label == "Cancelled" && o.update.details == "",
                "no reason under Cancelled: \(String(describing: o.update.details))")
        #expect(o.update.hideAfter == 1.25 + 0.03 * 9)
        var failed = o
        failed.interrupted = false
        #expect(failed.isCancelled == (end == .signalled(SIGINT)), "without an interrupt only SIGINT itself says so")
    }

    @Test func anInterruptTheCommandShrugsOffIsNotACancel() {
        let o = RunOutcome(end: .exited(0), interrupted: true)
        #expect(!o.isCancelled && o.status == 0)
        #expect(o.update.icon == .success && o.update.label == "Done")
    }

    /// SIGINT to x11hud is passed on and shows how the command took it; SIGTERM and SIGHUP still hide at once.
    @Test func aSIGINTPassedOnShowsTheOutcomeAndTheOthersHideAtOnce() {
        let interrupted = RunOutcome(end: .exited(20), stop: .signalled, interrupted: true)
        #expect(interrupted.update.label == "Cancelled" && interrupted.update.hideAfter! > 1)
        #expect(interrupted.status == 20)
        let terminated = RunOutcome(end: .exited(20), stop: .signalled)
        #expect(terminated.update.hideAfter == 0 && terminated.update.icon == nil)
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
