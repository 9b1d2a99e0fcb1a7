import Foundation
import HUDTestSupport
import Testing
@testable import x11hud

/// The executable's code is given back to the kernel and maps back as it runs (this test process's own code here).
@Suite(.ownThreads) struct StartupCodeTests {
    /// Resident kB of the mappings that overlap `segment`, from /proc/self/smaps.
    func residentKB(of segment: (start: UInt, length: UInt)) throws -> Int {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var total = 0, inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] < segment.start + segment.length && segment.start < bounds[1]
            } else if inside, fields.first == "Rss:", fields.count > 1, let kB = Int(fields[1]) {
                total += kB
            }
        }
        return total
    }

    @Test func theExecutablesCodeIsReleasedAndMapsBackAsItRuns() throws {
        let segments = StartupCode.segments()
        try #require(!segments.isEmpty, "no code segment found for the executable")
        let before = try segments.map(residentKB(of:)).reduce(0, +)
        #expect(StartupCode.release() == segments.map(\.length).reduce(0, +))
        let after = try segments.map(residentKB(of:)).reduce(0, +)
        #expect(before > 1024, "the test runner should have run over a MiB of its code (\(before) kB)")
        #expect(after < before / 2, "resident code \(before) kB before, \(after) kB after")
        // And it still runs: the same call again maps back what it needs.
        #expect(StartupCode.segments().count == segments.count)
    }
}
