import HUDScene
import ProgressFeed
import Testing
@testable import HUDFeeds

/// Issue 52 item 2: the end a piped input tells after its HUD has gone, read as the HUD would have read it.
struct EndScanTests {
    static func scan(_ chunks: [String]) -> EndScan.End? {
        let scan = EndScan(parser: FeedParser())
        for chunk in chunks { Array(chunk.utf8).withUnsafeBytes { scan.push($0) } }
        return scan.finish()
    }

    @Test func aFailureAtTheEndIsTheEndWithItsLabelsAndReason() {
        let end = Self.scan(["{\"label\":\"Back", "up\",\"progress\":0.5}\n40\n",
                             "{\"icon\":\"error\",\"label\":\"Failed\",\"details\":\"disk full\"}"])
        #expect(end == EndScan.End(outcome: .failed, label: "Failed", details: "disk full", jobLabel: "Backup"))
    }

    @Test func anIconTakenBackOrNoIconIsNoEnd() {
        #expect(Self.scan(["{\"icon\":\"success\",\"label\":\"Done\"}\n", "50\n"]) == nil)
        #expect(Self.scan(["10\n20\n#Copying\n"]) == nil)
        #expect(Self.scan(["{\"icon\":\"added\",\"label\":\"Added\"}\n"]) == nil, "added ends no job")
        #expect(Self.scan([]) == nil)
    }

    @Test func theLastEndWinsAndTextLinesLeaveIt() {
        let end = Self.scan(["{\"icon\":\"error\"}\n", "{\"icon\":\"success\",\"label\":\"Done\"}\n",
                             "a log line\n"])
        #expect(end?.outcome == .done && end?.label == "Done" && end?.details == nil)
        #expect(Self.scan(["{\"icon\":\"warning\",\"label\":\"Cancelled\"}\n"])?.outcome == .cancelled)
    }
}
