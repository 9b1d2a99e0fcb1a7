import Foundation
import HUDTestSupport
import Testing

/// A HUD without text (a bar fed numbers, as a volume key's) maps cairo and not the rest of the text stack, which
/// was a fifth of such a bar's memory (issue 51); the first label it is given loads the rest, and is drawn.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct TextFreeHUDTests {
    @Test func aBarWithoutTextMapsCairoAloneUntilALabelComes() throws {
        let display = try server().display
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-textfree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let binary = try CLI.lazyBinary(in: dir)
        var environment = ChildProcess.environment(display: display)
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let input = Pipe()
        let bar = try ChildProcess(binary, ["--id", "bare", "--mode", "bar"], environment: environment, input: input,
                                   output: .discard)
        defer { bar.kill() }
        func write(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        func list() throws -> String {
            try Tools.run(HUDProcess.binary.path, ["list", "--json"], display: display).stdout
        }
        func mapped(_ part: String) throws -> Bool {
            try CLI.mappedFiles(bar.pid).contains { $0.contains(part) }
        }
        func beyond() throws -> [String] {
            try CLI.mappedFiles(bar.pid).filter { file in
                CLI.beyondCairo.contains { file.contains($0) }
            }.sorted()
        }

        for value in [20, 40, 60] { write("\(value)") }
        let drawn = try Tools.waitUntil(timeout: 5) {
            try mapped("libcairo") && list().contains("\"bare\"") && list().contains("0.6")
        }
        let shown = try list()
        #expect(drawn, "the bar was not drawn: \(shown)")
        // Drawn, and for half a second after (the old background load came within 0.1 s of the first frame).
        let loaded = try Tools.waitUntil(timeout: 0.5) { try !beyond().isEmpty }
        let early = try beyond()
        #expect(!loaded && early.isEmpty, "a bar without text mapped \(early)")

        write(#"{"label":"Copying"}"#)
        let labelled = try Tools.waitUntil(timeout: 5) {
            try list().contains("Copying") && mapped("libpango")
        }
        let files = try beyond(), listed = try list()
        #expect(labelled, "the label did not come or Pango was not loaded: \(listed) \(files)")
        #expect(files.contains { $0.contains(".ttf") || $0.contains(".otf") }, "no font mapped to draw it: \(files)")
        #expect(bar.isRunning)
        input.fileHandleForWriting.closeFile()
    }
}
