import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// `x11hud serve` (issue 32, item 3): while a resident x11hud runs, every x11hud that shows a HUD hands it over and
/// only forwards; it keeps its own exit status, signals and producer, and goes on alone when the resident goes.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct ResidentTests {
    /// One HUD of `x11hud list`: its id, the process that draws it, and its label.
    struct Listed: Equatable {
        var id: String
        var pid: Int32
        var label: String
    }

    static func listed(_ display: String) throws -> [Listed] {
        try Tools.run(HUDProcess.binary.path, ["list"], display: display).stdout.split(separator: "\n").compactMap {
            let fields = $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let pid = Int32(fields[1]) else { return nil }
            return Listed(id: fields[0], pid: pid, label: fields[3])
        }
    }

    /// A resident on `display`, once it serves (a probe's HUD is drawn by it); a second `serve` is then refused with
    /// one line and status 75.
    static func startResident(_ display: String, directory: URL? = nil, environment: [String: String] = [:]) throws
        -> HUDProcess {
        let resident = try HUDProcess(["serve"], display: display, directory: directory, environment: environment)
        var attempt = 0
        let serving = try Tools.waitUntil(timeout: Expected.upTo(10)) {
            attempt += 1
            let probe = try HUDProcess(["--label", "probe \(attempt)"], display: display)
            var drawer: Int32?
            _ = try Tools.waitUntil(timeout: Expected.upTo(5)) {
                drawer = try listed(display).first { $0.label == "probe \(attempt)" }?.pid
                return drawer != nil
            }
            kill(probe.pid, SIGTERM)
            _ = probe.waitForExit(timeout: 3)
            _ = try Tools.waitUntil(timeout: Expected.upTo(3)) { try listed(display).isEmpty }
            return drawer == resident.pid
        }
        try #require(serving, "the resident never drew a client's HUD")
        let second = try CLI.run(["serve"], environment: ChildProcess.environment(display: display), timeout: 10)
        #expect(second.status == 75 && second.stderr == "x11hud: serve: another x11hud serve runs on \(display)\n",
                "a second serve: \(second)")
        return resident
    }

    /// Whether the HUD labelled `label` is up, drawn by `resident`, within 5 s.
    static func drawn(_ label: String, by resident: HUDProcess, _ display: String) throws -> Bool {
        try Tools.waitUntil(timeout: Expected.upTo(5)) {
            try listed(display).contains { $0.pid == resident.pid && $0.label == label }
        }
    }

    /// Ends the resident with SIGTERM: status 143, and no HUD left on the display.
    static func stop(_ resident: HUDProcess, display: String) throws {
        kill(resident.pid, SIGTERM)
        #expect(resident.waitForExit(timeout: 5)?.status == 143)
        #expect(try listed(display).isEmpty)
        #expect(try resident.visibleWindow(display: display) == nil)
    }

    @Test func aShowThroughTheResidentIsDrawnInItsWindowWithItsLookAndTheClientExits0WhenItHides() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        // No window until a client asks.
        #expect(try resident.visibleWindow(display: display) == nil)
        // Up long enough to be looked at on a loaded machine (a fresh-clone run missed a 2 s one).
        let client = try HUDProcess(["--label", "Served", "--bezel-color", "#d02020", "--hide-after", "5"],
                                    display: display)
        _ = try resident.waitForWindow(display: display)
        // Its look came with its command line: the resident's window has the client's red bezel at the centre.
        var centre = RGBA.clear
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) {
            let shot = try screenshot(display: display)
            centre = shot.pixel(x: shot.width / 2, y: shot.height / 2 - 30)
            return centre.red > 0.6 && centre.green < 0.3
        }
        #expect(centre.red > 0.6 && centre.green < 0.3 && centre.blue < 0.3, "\(centre)")
        #expect(try Self.listed(display).map { [$0.pid, $0.label] as [AnyHashable] } == [[resident.pid, "Served"]])
        #expect(try client.visibleWindow(display: display) == nil, "the client opened a window of its own")
        let exit = try #require(client.waitForExit(timeout: Expected.upTo(9)))
        #expect(exit.status == 0 && exit.seconds >= 5, "\(exit) \(client.errorOutput)")
        #expect(resident.process.isRunning)
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) { try Self.listed(display).isEmpty }
        try Self.stop(resident, display: display)
    }

    @Test func aClickOnAServedHUDWithDismissOnClickEndsItsClientWith1() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let client = try HUDProcess(["--label", "Click me", "--dismiss-on-click"], display: display)
        let info = try WindowInfo.settled(id: try resident.waitForWindow(display: display), display: display)
        try Tools.run("xdotool", ["mousemove", String(info.x + info.width / 2), String(info.y + info.height / 2),
                                  "click", "1"], display: display)
        #expect(client.waitForExit(timeout: Expected.upTo(3))?.status == 1)
        try Self.stop(resident, display: display)
    }

    @Test func runThroughTheResidentExitsWithItsCommandsStatus() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let failing = try CLI.run(["run", "--", "false"], environment: ChildProcess.environment(display: display))
        #expect(failing.status == 1, "\(failing.stderr)")
        let client = try HUDProcess(["run", "--label", "Job", "--", "sh", "-c", "echo 40; sleep 1; exit 3"],
                                    display: display)
        #expect(try Self.drawn("Job", by: resident, display))
        // Issue 40 item 7: the served HUD lists how the job ended, as a HUD of the client's own would.
        var outcome: String?
        _ = try Tools.waitUntil(timeout: Expected.upTo(10)) {
            outcome = try CLI.listed(display: display).first { $0.outcome != "running" }?.outcome
            return outcome != nil
        }
        #expect(outcome == "failed")
        #expect(client.waitForExit(timeout: Expected.upTo(10))?.status == 3)
        try Self.stop(resident, display: display)
    }

    @Test func sigintEndsTheClientAndItsHUDButNotTheResident() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let client = try HUDProcess(["--label", "Interrupted"], display: display)
        #expect(try Self.drawn("Interrupted", by: resident, display))
        kill(client.pid, SIGINT)
        #expect(client.waitForExit(timeout: 3)?.status == 130)
        #expect(try Tools.waitUntil(timeout: Expected.upTo(3)) { try Self.listed(display).isEmpty })
        #expect(resident.process.isRunning)
        try Self.stop(resident, display: display)
    }

    @Test func aProducerWritingFasterThanTheHUDIsNeverKilled() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let script = "seq 1 200000 | \"$0\" --no-scan --label Seq 2>/dev/null; echo \"${PIPESTATUS[*]}\""
        let r = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, HUDProcess.binary.path],
                                     environment: ChildProcess.environment(display: display), timeout: 60)
        #expect(r.stdout == "0 0\n", "\(r.stdout) \(r.stderr)")
        try Self.stop(resident, display: display)
    }

    @Test func whenTheResidentIsKilledMidHUDTheClientGoesOnWithItsOwnWindow() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let input = Pipe()
        let client = try HUDProcess(["--label", "Alone", "--mode", "bar"], display: display, input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("30\n".utf8))
        #expect(try Self.drawn("Alone", by: resident, display))
        resident.kill()
        _ = try client.waitForWindow(display: display)
        // The client's own HUD, with the look and the content it had forwarded.
        #expect(try Tools.waitUntil(timeout: Expected.upTo(3)) {
            try Self.listed(display).map(\.pid) == [client.pid]
        })
        let listed = try CLI.listed(display: display)
        #expect(listed.map(\.label) == ["Alone"] && listed.first?.progress == 0.3, "\(listed)")
        try input.fileHandleForWriting.write(contentsOf: Data("60\n".utf8))
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Expected.upTo(5))?.status == 0)
        #expect(try Self.listed(display).isEmpty)
    }

    @Test func twoClientsAtOnceGetTwoHUDsAndABypassedOneItsOwn() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let one = try HUDProcess(["--label", "One", "--hide-after", "2"], display: display)
        let two = try HUDProcess(["--label", "Two", "--hide-after", "2"], display: display)
        var environment = ChildProcess.environment(display: display)
        environment["X11HUD_NO_SERVE"] = "1"
        let own = try ChildProcess(HUDProcess.binary, ["--label", "Own", "--hide-after", "2"],
                                   environment: environment)
        #expect(try Tools.waitUntil(timeout: Expected.upTo(5)) { try Self.listed(display).count == 3 })
        let listed = try Self.listed(display)
        #expect(Set(listed.map(\.label)) == ["One", "Two", "Own"])
        #expect(listed.filter { $0.pid == resident.pid }.map(\.label).sorted() == ["One", "Two"])
        #expect(listed.first { $0.label == "Own" }?.pid == own.pid)
        #expect(Set(listed.map(\.id)).count == 3, "\(listed)")
        #expect(one.waitForExit(timeout: Expected.upTo(6))?.status == 0)
        #expect(two.waitForExit(timeout: Expected.upTo(6))?.status == 0)
        #expect(own.waitForExit(timeout: Expected.upTo(6)) && own.status == 0)
        try Self.stop(resident, display: display)
    }

    @Test func aNamedHUDThroughTheResidentIsChangedInPlace() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let first = try HUDProcess(["--id", "vol", "--mode", "bar", "--progress", "40%", "--label", "Volume",
                                    "--hide-after", "2"], display: display)
        #expect(try Tools.waitUntil(timeout: Expected.upTo(5)) {
            try Self.listed(display) == [Listed(id: "vol", pid: resident.pid, label: "Volume")]
        })
        let update = try CLI.run(["--id", "vol", "--progress", "70%"],
                                 environment: ChildProcess.environment(display: display))
        #expect(update.status == 0)
        #expect(try Tools.waitUntil(timeout: Expected.upTo(3)) {
            try CLI.listed(display: display).map(\.progress) == [0.7]
        })
        #expect(first.waitForExit(timeout: Expected.upTo(6))?.status == 0)
        try Self.stop(resident, display: display)
    }

    @Test func zenityAndAWatcherThroughTheResidentKeepTheirStatuses() throws {
        let display = try server().display
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let input = Pipe()
        let zenity = try HUDProcess(["zenity", "--progress", "--text", "Zen", "--auto-close"], display: display,
                                    input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("40\n".utf8))
        #expect(try Self.drawn("Zen", by: resident, display))
        // --auto-close hides it at 100 %; a zenity script's input is then read to its end before the exit.
        try input.fileHandleForWriting.write(contentsOf: Data("100\n".utf8))
        #expect(try Tools.waitUntil(timeout: Expected.upTo(5)) { try Self.listed(display).isEmpty })
        try input.fileHandleForWriting.close()
        #expect(zenity.waitForExit(timeout: Expected.upTo(5))?.status == 0)
        // A watched process that fails: its status, as without the resident (issue 40).
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-served-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let writer = try ChildProcess(URL(fileURLWithPath: "/bin/sh"),
                                      ["-c", "exec 3>\"$0\"; printf 1234567890 >&3; sleep 1; exit 5", file.path])
        let watcher = try HUDProcess(["--watch-pid", String(writer.pid), "--total", "100", "--label", "Watched"],
                                     display: display)
        #expect(try Self.drawn("Watched", by: resident, display))
        #expect(watcher.waitForExit(timeout: Expected.upTo(8))?.status == 5)
        try Self.stop(resident, display: display)
    }

    /// Issue 38: a client's relative --image is found in the client's directory, and the resident's own working
    /// directory never changes (it used to chdir into each client's and back to /).
    @Test func aRelativeImageIsTheClientsAndTheResidentNeverChangesDirectory() throws {
        let display = try server().display
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-cwd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("resident"), work = root.appendingPathComponent("client")
        for dir in [home, work] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        let picture = work.appendingPathComponent("pic.png").path
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                        ["convert", "-size", "48x48", "xc:#00ff00", picture])
        try #require(made.status == 0, "convert: \(made.stderr)")
        let resident = try Self.startResident(display, directory: home)
        defer { resident.kill() }
        func residentDirectory() throws -> String {
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(resident.pid)/cwd")
        }
        let before = try residentDirectory()
        #expect(before == home.path)
        let client = try HUDProcess(["--image", "pic.png", "--label", "Relative", "--hide-after", "3"],
                                    display: display, directory: work)
        // Drawn by the resident (a client whose command line the resident cannot read shows its own HUD).
        #expect(try Self.drawn("Relative", by: resident, display))
        // The image is the client's green square, drawn above the label.
        #expect(try Tools.waitUntil(timeout: Expected.upTo(3)) {
            let shot = try screenshot(display: display)
            return (0..<shot.height).contains { y in
                let pixel = shot.pixel(x: shot.width / 2, y: y)
                return pixel.green > 0.9 && pixel.red < 0.1 && pixel.blue < 0.1
            }
        })
        #expect(try residentDirectory() == before)
        #expect(client.waitForExit(timeout: Expected.upTo(6))?.status == 0)
        #expect(try residentDirectory() == before)
        try Self.stop(resident, display: display)
    }

    @Test func aServedClientMapsNoCairoPangoOrFont() throws {
        let display = try server().display
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-served-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let binary = try CLI.lazyBinary(in: dir)
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let input = Pipe()
        let client = try ChildProcess(binary, ["--label", "Light", "--mode", "bar"],
                                      environment: ChildProcess.environment(display: display), input: input)
        defer { client.kill() }
        #expect(try Self.drawn("Light", by: resident, display))
        let text = try CLI.mappedFiles(client.pid).filter { file in
            ForwardingClientTests.textStack.contains { file.contains($0) }
        }
        #expect(client.isRunning && text.isEmpty, "a served client mapped \(text.sorted())")
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Expected.upTo(5)) && client.status == 0)
        try Self.stop(resident, display: display)
    }

    /// The resident keeps nothing of a HUD that has ended: its resident memory after 200 HUDs is that after 20.
    @Test func theResidentsMemoryDoesNotGrowWithTheHUDsItDrew() throws {
        let display = try server().display
        let resident = try Self.startResident(display, environment: Sanitizer.withoutQuarantine)
        defer { resident.kill() }
        func show(_ count: Int) throws {
            // Ten at a time, each up for a moment and then gone.
            for batch in stride(from: 0, to: count, by: 10) {
                let clients = try (batch..<min(batch + 10, count)).map {
                    try HUDProcess(["--label", "HUD \($0)", "--hide-after", "0.05"], display: display)
                }
                for client in clients { #expect(client.waitForExit(timeout: Expected.upTo(10))?.status == 0) }
            }
            #expect(try Tools.waitUntil(timeout: Expected.upTo(3)) { try Self.listed(display).isEmpty })
        }
        func rssKiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(resident.pid)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ")[1]) ?? 0
        }
        try show(20)
        let warm = try rssKiB()
        try show(180)
        let after = try rssKiB()
        #expect(after - warm < Sanitizer.memoryUpTo(2048),
                "resident memory grew from \(warm) KiB to \(after) KiB over 180 HUDs")
        try Self.stop(resident, display: display)
    }
    /// Issue 40 item 2: with a resident, `run --details auto` still lists bytes and a rate (the resident's HUD,
    /// fed only by its client's posts, wrote none before).
    @Test func runWithDetailsAutoThroughTheResidentListsBytesAndARate() throws {
        let display = try server().display
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-served-\(UUID().uuidString)")
        let source = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for n in 0..<16 {
            try Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ n) })
                .write(to: source.appendingPathComponent("f\(n)"))
        }
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let run = try HUDProcess(["run", "--label", "Copy", "--details", "auto", "--", "rsync", "-a", "--bwlimit=4M",
                                  "--info=progress2", "--no-inc-recursive", source.path + "/",
                                  dir.appendingPathComponent("dst").path + "/"], display: display)
        var details = ""
        let figures = try Tools.waitUntil(timeout: Expected.upTo(10)) {
            details = try CLI.listed(display: display).first { $0.label == "Copy" }?.details ?? ""
            return details.contains(" MB") && details.contains("/s")
        }
        #expect(figures, "the served HUD's details: '\(details)'")
        #expect(try Self.listed(display).first { $0.label == "Copy" }?.pid == resident.pid, "drawn by the resident")
        #expect(run.waitForExit(timeout: Expected.upTo(20))?.status == 0, "\(run.errorOutput)")
        try Self.stop(resident, display: display)
    }

    /// Issue 40 item 2: a served HUD is drawn as its client's own would be, pixel for pixel, mid-run: the same
    /// figures from the same input, `--details auto` included.
    @Test func aServedHUDLooksPixelForPixelAsTheClientsOwn() throws {
        let display = try server().display
        func shown() throws -> [RGBA] {
            let input = Pipe()
            let hud = try HUDProcess(["--mode", "bar", "--label", "Backup", "--details", "auto"], display: display,
                                     input: input)
            defer {
                try? input.fileHandleForWriting.close()
                _ = hud.waitForExit(timeout: 5)
            }
            // The figures come once the HUD is up, so that both ease the bar from empty.
            _ = try Tools.waitUntil(timeout: Expected.upTo(5)) { try CLI.listed(display: display).count == 1 }
            input.fileHandleForWriting.write(Data("{\"bytes\":1200000000,\"total_bytes\":2700000000}\n".utf8))
            // Its figures, then the look after the fade and the bar's ease have ended.
            _ = try Tools.waitUntil(timeout: Expected.upTo(5)) {
                try CLI.listed(display: display).first?.details == "1.2 GB of 2.7 GB"
            }
            // Unchanged for longer than an ease lasts: the bar's ease ends with its exact value drawn, after its
            // last pixel crossing, and two quick shots between the two could match.
            var last: [RGBA] = []
            var since = Date()
            _ = try Tools.waitUntil(timeout: Expected.upTo(5)) {
                let shot = try screenshot(display: display)
                let (cx, cy) = (shot.width / 2, shot.height / 2)
                let pixels = (cy - 70..<cy + 70).flatMap { y in (cx - 110..<cx + 110).map { shot.pixel(x: $0, y: y) } }
                if pixels != last { (last, since) = (pixels, Date()) }
                return Date().timeIntervalSince(since) > 0.3
            }
            return last
        }
        let own = try shown()
        let root = try RGBA(hex: XvfbServer.rootColor)
        #expect(own.count { !$0.isClose(to: root) } > 5_000, "no HUD drawn")
        _ = try Tools.waitUntil(timeout: Expected.upTo(3)) { try Self.listed(display).isEmpty }
        let resident = try Self.startResident(display)
        defer { resident.kill() }
        let served = try shown()
        let differ = zip(own, served).enumerated().filter { !$0.1.0.isClose(to: $0.1.1, tolerance: 0.01) }
            .map { "(\($0.0 % 220), \($0.0 / 220)): \($0.1.0) against \($0.1.1)" }
        #expect(differ.isEmpty, "\(differ.count) pixels differ from the own HUD's: \(differ.prefix(9))")
        try Self.stop(resident, display: display)
    }
}

