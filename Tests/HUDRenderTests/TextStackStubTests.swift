import Foundation
import HUDTestSupport
import Testing

/// The lazy-binding stubs of Sources/CCairoLoader must cover every text-stack function HUDRender calls: debug builds
/// still link the libraries (so a missing stub goes unnoticed there), the release build does not.
@Suite(.ownThreads) struct TextStackStubTests {
    @Test func everyCairoPangoAndGLibCallHasAStub() throws {
        let buildDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let objectDirectory = buildDirectory.appendingPathComponent("HUDRender.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: objectDirectory.path)
            .filter { $0.hasSuffix(".o") }.map { objectDirectory.appendingPathComponent($0).path }
        #expect(!objects.isEmpty, "no HUDRender objects in \(objectDirectory.path)")

        let nm = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/nm"),
                                      ["-u", "--format=just-symbols"] + objects)
        let output = nm.stdout
        let called = Set(output.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("cairo_") || $0.hasPrefix("pango_") || $0.hasPrefix("g_") })

        let listed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CCairoLoader/symbols.txt")
        let stubs = Set(try String(contentsOf: listed, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(called.count > 50)
        #expect(called.subtracting(stubs).isEmpty,
                "no stub for \(called.subtracting(stubs).sorted()): run Sources/CCairoLoader/generate-stubs.py")
    }

    /// The loader looks every function up when it opens the library (so that a missing one is reported to the
    /// caller, not met in the middle of drawing): stubs.c's table of names must be symbols.txt, in its order, and
    /// every stub's slot must be its own entry of that table.
    @Test func theLoadersTableOfNamesIsSymbolsTxt() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CCairoLoader")
        let listed = try String(contentsOf: directory.appendingPathComponent("symbols.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let stubs = try String(contentsOf: directory.appendingPathComponent("stubs.c"), encoding: .utf8)
        let table = try #require(stubs.components(separatedBy: "hud_text_stack_names[\(listed.count)] = {\n").last)
            .prefix { $0 != "}" }
        let names = table.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { String($0.dropFirst().dropLast(2)) }
        #expect(names == listed, "stubs.c is older than symbols.txt: run Sources/CCairoLoader/generate-stubs.py")
        for (index, name) in listed.enumerated() {
            #expect(stubs.contains("SYMBOL(\(index), \(name))"), "\(name)'s stub does not use slot \(index)")
        }
    }
}
