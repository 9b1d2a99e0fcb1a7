import Foundation
import Testing

/// Every timer, watch and thread of the program comes from HUDLoop: a `DispatchSource`, an `asyncAfter` or a Dispatch
/// import anywhere else is a second loop beside the one tests can replace. Scans the sources as they are on disk.
@Suite struct LoopConfinementTests {
    static let forbidden = ["DispatchSource", "asyncAfter", "makeTimerSource", "OffMainTimer", "import Dispatch"]

    /// `Sources/`, found from this file's place in the package.
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    @Test func noDispatchTimerSourceOrImportOutsideHUDLoop() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var scanned = 0
        var found: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(Self.sources.path.count + 1))
            guard !relative.hasPrefix("HUDLoop/") else { continue }
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in Self.forbidden where line.contains(word) {
                    found.append("Sources/\(relative):\(number + 1): \(word)")
                }
            }
        }
        // The scan saw the tree (a wrong path would pass on nothing).
        #expect(scanned > 100, "only \(scanned) Swift files under \(Self.sources.path)")
        #expect(found.isEmpty, "outside HUDLoop:\n\(found.joined(separator: "\n"))")
    }
}
