import Foundation
import HUDTestSupport
import Testing

/// The package's layering, kept by a test rather than by memory: each target imports only what Package.swift
/// declares for it, and depends only on targets of lower layers, so nothing flows backwards. The manual's "Layout
/// of the code" (docs/development.md) lists each Swift target with the dependencies Package.swift gives it.
@Suite(.ownThreads) struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// The layers, lowest first. A target may depend on targets of lower layers only (C shims are below all). A new
    /// target gets its layer here, which is where the layering is declared.
    static let layers: [[String]] = [
        ["HUDBase"],
        ["HUDLoop", "HUDScene", "HUDCommandLine"],
        ["ProgressFeed", "HUDConfig", "HUDRender", "HUDBus"],
        ["HUDFeeds", "HUDControl", "X11Display", "HUDDialogs"],
        ["HUDShow", "X11Names", "SocketNames", "CommandOptions", "HUDAccess"],
        ["HUDNotify", "X11Platform", "WaylandPlatform"],
        ["x11hud", "HUDExample", "RenderBench", "FeedFuzz", "HUDTestSupport"],
    ]

    /// What no target but the named ones may import (the fenced C surfaces).
    static let fenced: [String: Set<String>] = [
        "CX11": ["X11Display", "X11Names", "X11Platform"],
        "CCairo": ["HUDRender", "CCairoLoader", "HUDRenderTests"],
        "CMainLoop": ["HUDLoop"],
        "CSystemdBus": ["HUDBus", "CSystemdBusLoader"],
        "CWayland": ["WaylandPlatform"],
    ]

    struct Target {
        var kind: String
        var dependencies: Set<String>
    }

    /// The targets of Package.swift with their declared dependencies (products by their names), read from its text:
    /// SwiftPM itself cannot be asked while `swift test` holds the build directory.
    static func manifest() throws -> [String: Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Target] = [:]
        let kinds = ["target", "executableTarget", "testTarget", "systemLibrary"]
        var rest = Substring(text)
        while let open = kinds.compactMap({ rest.range(of: ".\($0)(") }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let kind = String(rest[rest.index(after: open.lowerBound)..<rest.index(before: open.upperBound)])
            // The block: up to the parenthesis that closes this one.
            var depth = 1
            var end = open.upperBound
            while depth > 0, end < rest.endIndex {
                if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                end = rest.index(after: end)
            }
            let block = rest[open.upperBound..<end]
            rest = rest[end...]
            guard let name = quoted(after: "name:", in: block) else { continue }
            var dependencies = Set<String>()
            if let list = block.range(of: "dependencies: [") {
                let close = block[list.upperBound...].firstIndex(of: "]") ?? block.endIndex
                let words = block[list.upperBound..<close].split(separator: "\"", omittingEmptySubsequences: false)
                dependencies = Set(words.enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) })
                // `.product(name: "X", package: "some-package")`: the package is no module.
                dependencies = dependencies.filter { !$0.contains("-") }
            }
            targets[name] = Target(kind: kind, dependencies: dependencies)
        }
        return targets
    }

    private static func quoted(after key: String, in text: Substring) -> String? {
        guard let k = text.range(of: key) else { return nil }
        let parts = text[k.upperBound...].split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : nil
    }

    /// The modules each Swift file of `folder` imports.
    static func imports(in folder: URL) -> [(file: String, module: String)] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter {
                    !["public", "package", "internal", "private", "@testable", "@preconcurrency", "@_exported"]
                        .contains($0)
                }
                if words.count == 2, words[0] == "import" { found.append((url.lastPathComponent, String(words[1]))) }
            }
        }
        return found
    }

    static func folder(of name: String, _ target: Target) -> URL {
        root.appendingPathComponent(target.kind == "testTarget" ? "Tests" : "Sources").appendingPathComponent(name)
    }

    @Test func everyImportOfAPackageModuleIsDeclared() throws {
        let targets = try Self.manifest()
        #expect(targets.count > 20 && targets["X11Platform"] != nil, "Package.swift read wrongly: \(targets.keys)")
        var undeclared: [String] = []
        for (name, target) in targets {
            for (file, module) in Self.imports(in: Self.folder(of: name, target))
            where targets[module] != nil && module != name && !target.dependencies.contains(module) {
                undeclared.append("\(name)/\(file) imports \(module)")
            }
        }
        #expect(undeclared.isEmpty, "imports Package.swift does not declare: \(undeclared.sorted())")
    }

    @Test func everyDependencyIsOfALowerLayer() throws {
        let targets = try Self.manifest()
        let layer = Dictionary(uniqueKeysWithValues: Self.layers.enumerated().flatMap { i, names in
            names.map { ($0, i) }
        })
        var wrong: [String] = []
        for (name, target) in targets where target.kind != "testTarget" && target.kind != "systemLibrary" {
            // C shims and their loaders (CCairo, CCairoLoader, …) are below every layer.
            if name.first == "C", name.dropFirst().first?.isUppercase == true { continue }
            guard let own = layer[name] else {
                wrong.append("\(name) has no layer in LayeringTests.layers")
                continue
            }
            for dependency in target.dependencies {
                if let theirs = layer[dependency], theirs >= own {
                    wrong.append("\(name) (layer \(own)) depends on \(dependency) (layer \(theirs))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.sorted())")
    }

    /// The promises the layering exists for, said outright: the loop below the model, the notification desk
    /// without Xlib, the C surfaces fenced.
    @Test func theLoopTheDeskAndTheCLibrariesStayWhereTheyBelong() throws {
        let targets = try Self.manifest()
        let loop = try #require(targets["HUDLoop"])
        #expect(!loop.dependencies.contains("HUDScene"))
        #expect(!Self.imports(in: Self.folder(of: "HUDLoop", loop)).contains { $0.module == "HUDScene" })
        let notify = try #require(targets["HUDNotify"])
        #expect(notify.dependencies.allSatisfy { !$0.hasPrefix("X11") && $0 != "CX11" }, "\(notify.dependencies)")
        for (name, target) in targets {
            for (file, module) in Self.imports(in: Self.folder(of: name, target)) {
                if let allowed = Self.fenced[module] {
                    #expect(allowed.contains(name), "\(name)/\(file) imports \(module)")
                }
            }
        }
    }

    /// The modules that are one platform's: above the seam (`HUDShow`), nothing names them but the one place
    /// that picks the platform.
    static let platformModules: Set<String> = [
        "X11Display", "X11Names", "X11Platform", "WaylandPlatform", "SocketNames", "CX11", "CWayland",
    ]

    /// Every command is written once above the seam: in the command module only `Platform.swift` imports a platform
    /// module (issue 50 allows two files; one is enough), the options the commands share sit below both
    /// platforms, the seam itself names neither, and no module re-exports a platform module, which would let
    /// platform types leak past the seam unseen.
    @Test func theCommandsNameNoPlatformButInOnePlace() throws {
        let targets = try Self.manifest()
        let command = try #require(targets["x11hud"])
        let importers = Set(Self.imports(in: Self.folder(of: "x11hud", command))
            .filter { Self.platformModules.contains($0.module) }.map(\.file))
        #expect(importers == ["Platform.swift"], "\(importers.sorted())")
        for name in ["HUDShow", "CommandOptions", "HUDControl", "HUDNotify"] {
            let target = try #require(targets[name])
            #expect(target.dependencies.isDisjoint(with: Self.platformModules), "\(name): \(target.dependencies)")
        }
        var reexports: [String] = []
        for (name, target) in targets {
            let folder = Self.folder(of: name, target)
            for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
                ?? FileManager.DirectoryEnumerator() where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("@_exported") {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    if Self.platformModules.contains(module) { reexports.append("\(name)/\(url.lastPathComponent)") }
                }
            }
        }
        #expect(reexports.isEmpty, "\(reexports)")
    }

    /// What a test target of `Tests/pure-targets` may not touch: those run alone and one suite at a time before the
    /// rest, so a suite there that starts a server, a bus, a tool or a real timer would be timed as if it were pure.
    static let impure = [
        "XvfbServer", "processWideXServer", "SessionBus", "dbus-daemon", "SystemLoop", "Task.sleep", "Thread.sleep",
        "usleep(", "ShellChild", "import X11", "import HUDFeeds",
    ]

    @Test func thePureTargetsArePure() throws {
        let targets = try Self.manifest()
        let list = try String(contentsOf: Self.root.appendingPathComponent("Tests/pure-targets"), encoding: .utf8)
        let pure = list.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(pure.count >= 5, "Tests/pure-targets read wrongly: \(pure)")
        for name in pure {
            let target = try #require(targets[name], "Tests/pure-targets names \(name), which Package.swift lacks")
            #expect(target.kind == "testTarget", "\(name) is not a test target")
            let folder = Self.folder(of: name, target)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            for case let url as URL in files ?? FileManager.DirectoryEnumerator() where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for word in Self.impure where text.contains(word) {
                    Issue.record("\(name)/\(url.lastPathComponent) uses \(word), but Tests/pure-targets calls it pure")
                }
            }
        }
    }

    /// The release binary links a Unicode scalar's name lookup that names nothing (packaging/unnamed-scalars.c),
    /// which keeps 0.55 MB of name tables out of it: no source asks a scalar's name or name alias, which would
    /// get nil there and a name in a debug build.
    @Test func noSourceAsksAUnicodeScalarsName() throws {
        let asks = #"properties\s*\.\s*name(Alias)?\b|\.nameAlias\b|Unicode\.Scalar\(name:"#
        #expect("let n = scalar.properties.name".range(of: asks, options: .regularExpression) != nil)
        #expect("let n = scalar.properties.names".range(of: asks, options: .regularExpression) == nil)
        var found: [String] = []
        let sources = FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"),
                                                     includingPropertiesForKeys: nil)
        for case let url as URL in sources ?? FileManager.DirectoryEnumerator() where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: asks, options: .regularExpression) != nil {
                found.append("\(url.lastPathComponent):\(n + 1)")
            }
        }
        #expect(found.isEmpty, "asks a scalar's name, which the release binary links without: \(found)")
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("--defsym=_swift_stdlib_getScalarName=x11hud_unnamed_scalar"))
    }

    /// The manual's table of modules names each Swift target's dependencies as Package.swift declares them.
    @Test func theManualsLayoutIsThePackages() throws {
        let targets = try Self.manifest()
        let section = try Manual.section("Layout of the code")
        var listed: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `Sources/") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            let names = cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
                    .replacingOccurrences(of: "Sources/", with: "")
            }
            let dependencies = Set(cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            }.filter { !$0.isEmpty && $0 != "—" })
            for name in names { listed[name] = dependencies }
        }
        for (name, target) in targets where target.kind == "target" || target.kind == "executableTarget" {
            let shown = try #require(listed[name], "the manual's layout does not list \(name)")
            let swiftDependencies = target.dependencies.filter { targets[$0] != nil }
            #expect(shown == swiftDependencies,
                    "\(name): the manual says \(shown.sorted()), Package.swift \(swiftDependencies.sorted())")
        }
    }
}
