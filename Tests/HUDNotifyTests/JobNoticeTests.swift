import HUDConfig
import HUDScene
@testable import HUDNotify
import Testing

/// Issue 52 item 2: whether a job's end is sent as a notification, and what it says, as values.
struct JobNoticeTests {
    @Test func autoSendsOnlyWhatTheHUDDidNotShow() {
        #expect(JobNotice.isSent(.auto, endShown: false))
        #expect(!JobNotice.isSent(.auto, endShown: true))
        // A signal to x11hud itself: whoever sent it knows.
        #expect(!JobNotice.isSent(.auto, endShown: false, stoppedBySignal: true))
        for shown in [false, true] {
            #expect(JobNotice.isSent(.always, endShown: shown, stoppedBySignal: shown))
            #expect(!JobNotice.isSent(.never, endShown: shown))
        }
    }

    @Test func aFailureIsCriticalWithItsReasonAsText() {
        let notice = JobNotice(label: "Nightly", outcome: .failed, said: "Backup failed",
                               reason: "rsync: <dst> & link failed")
        #expect(notice.summary == "Nightly")
        #expect(notice.body == "Backup failed: rsync: &lt;dst&gt; &amp; link failed")
        #expect(notice.urgency == .critical)
        #expect(notice.icon == "dialog-error")
        #expect(JobNotice.appName == "x11hud")
    }

    @Test func anotherEndIsNormalAndSaysNoReason() {
        let done = JobNotice(label: "Nightly", outcome: .done, said: "Done", reason: "12 MB of 12 MB")
        #expect(done.body == "Done" && done.urgency == .normal && done.icon == "dialog-information")
        let cancelled = JobNotice(label: "sync", outcome: .cancelled, said: "Cancelled", reason: nil)
        #expect(cancelled.body == "Cancelled" && cancelled.urgency == .normal && cancelled.icon == "dialog-warning")
        let failed = JobNotice(label: "sync", outcome: .failed, said: "Failed", reason: "")
        #expect(failed.body == "Failed" && failed.urgency == .critical)
    }
}
