import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 42: x11hud on a Wayland compositor with XWayland off (a private headless sway per test), driven as users
/// drive it: a pipe, `run` with a real rsync, a click on the button through the compositor, and the ways it can
/// fail. What it shows is read back with grim.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable, "no sway"))
struct WaylandCommandTests {
    static let background = RGBA(red: 0x20 / 255.0, green: 0x40 / 255.0, blue: 0x60 / 255.0)

    /// The box round every pixel that is not the desktop's, if any.
    static func drawnBox(_ shot: Screenshot) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in stride(from: 0, to: shot.height, by: 2) {
            for x in stride(from: 0, to: shot.width, by: 2) where !shot.pixel(x: x, y: y).isClose(to: background) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// Light pixels (the ring's or bar's filled part, the text) inside `box`.
    static func lightPixels(_ shot: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let p = shot.pixel(x: x, y: y)
                if p.red > 0.6, p.green > 0.6, p.blue > 0.6 { found.append((x, y)) }
            }
        }
        return found
    }

    static func hud(_ arguments: [String], on sway: SwayServer, input: Pipe? = nil) throws -> ChildProcess {
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["XDG_CACHE_HOME"] = "/tmp/x11hud-tests-cache-\(getuid())"
        environment["GTK_THEME"] = nil
        return try ChildProcess(CLI.binary, arguments, environment: environment, input: input, output: .discard)
    }

    /// The issue's first line: `seq 0 10 100 | x11hud --mode annular --label Saving` shows the ring (its filled
    /// part on the right half at 50 %, none on the left), exits 0 at the end of its input, and leaves nothing on
    /// the output.
    @Test func aPipeShowsTheRingAndLeavesNothingBehind() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let input = Pipe()
        let hud = try Self.hud(["--mode", "annular", "--label", "Saving"], on: sway, input: input)
        input.fileHandleForWriting.write(Data("0\n10\n20\n30\n40\n50\n".utf8))
        // Steady: the fade-in and the ring's easing to 50 % have ended.
        let (shot, steady) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) {
            try sway.screenshot()
        }
        #expect(steady)
        let box = try #require(Self.drawnBox(shot), "nothing drawn on the output")
        let centre = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        #expect(abs(centre.0 - sway.width / 2) <= 4, "the bezel is not centred: \(box)")
        #expect(box.maxX - box.minX > 60 && box.maxX - box.minX < 260, "\(box)")
        // The bezel is MBProgressHUD's dark grey, not the desktop.
        #expect(shot.pixel(x: box.minX + 6, y: centre.1).red < 0.2)
        // The ring: its upper part, above the label; light pixels right of the centre line, none left of it.
        let ringBox = (minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.minY + (box.maxY - box.minY) / 2)
        let ring = Self.lightPixels(shot, in: ringBox)
        let right = ring.filter { $0.0 > centre.0 + 2 }.count, left = ring.filter { $0.0 < centre.0 - 2 }.count
        #expect(right > 40 && left < right / 8, "ring pixels right \(right), left \(left)")
        input.fileHandleForWriting.write(Data("60\n70\n80\n90\n100\n".utf8))
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(8)), "x11hud did not end with its input")
        #expect(hud.status == 0, "\(hud.stderr)")
        #expect(hud.stderr.isEmpty, "\(hud.stderr)")
        #expect(Self.drawnBox(try sway.screenshot()) == nil, "a surface was left on the output")
    }

    /// A bar without text (a volume key's) maps cairo and not the rest of the text stack on Wayland too; its first
    /// label brings Pango and a font, and is drawn (issue 51).
    @Test func aBarWithoutTextMapsCairoAloneUntilALabelComes() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-textfree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let input = Pipe()
        let bar = try ChildProcess(try CLI.lazyBinary(in: dir), ["--mode", "bar"], environment: environment,
                                   input: input, output: .discard)
        defer { bar.kill() }
        func write(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        func beyond() throws -> [String] {
            try CLI.mappedFiles(bar.pid).filter { file in CLI.beyondCairo.contains { file.contains($0) } }.sorted()
        }
        for value in [20, 40, 60] { write("\(value)") }
        let drawn = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.drawnBox(sway.screenshot()) != nil && CLI.mappedFiles(bar.pid).contains { $0.contains("libcairo") }
        }
        #expect(drawn, "the bar was not drawn")
        // Drawn, and for half a second after (the old background load came within 0.1 s of the first frame).
        let loaded = try Tools.waitUntil(timeout: 0.5) { try !beyond().isEmpty }
        let early = try beyond()
        #expect(!loaded && early.isEmpty, "a bar without text mapped \(early)")
        write(#"{"label":"Copying"}"#)
        let labelled = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            let files = try beyond()
            let font = files.contains { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }
            return font && files.contains { $0.contains("libpango") }
        }
        let late = try beyond()
        #expect(labelled, "the label brought no Pango or font: \(late)")
        try input.fileHandleForWriting.close()
        #expect(bar.waitForExit(timeout: Sanitizer.upTo(8)))
        #expect(bar.status == 0, "\(bar.stderr)")
    }

    /// `x11hud run --mode bar -- rsync …`: the bar's filled part grows while rsync copies, and x11hud ends with
    /// rsync's status.
    @Test func runMovesTheBarWithARealRsync() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let work = URL(fileURLWithPath: sway.runtimeDirectory).appendingPathComponent("copy")
        let source = work.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for i in 0..<12 {
            let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 &+ i) }
            try Data(bytes).write(to: source.appendingPathComponent("file\(i)"))
        }
        let hud = try Self.hud(["run", "--mode", "bar", "--label", "Copying", "--", "rsync", "-a",
                                "--info=progress2", "--bwlimit=3M", source.path + "/",
                                work.appendingPathComponent("dst").path], on: sway)
        var filled: [Int] = []
        var last = -1
        _ = Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            guard let shot = try? sway.screenshot(), let box = Self.drawnBox(shot) else { return false }
            let count = Self.lightPixels(shot, in: box).count
            if count != last { filled.append(count) }
            last = count
            return filled.count >= 4 || !hud.isRunning
        }
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(15)), "x11hud run did not end")
        #expect(hud.status == 0, "\(hud.stderr)")
        #expect(filled.count >= 3, "the bar did not move: \(filled)")
        #expect(filled == filled.sorted() || filled.last! > filled.first!, "\(filled)")
        let copied = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("dst").path)
        #expect(copied.count == 12)
    }

    /// A click on the button through the compositor's pointer cancels: exit 1 once the input ends.
    @Test func aClickOnTheButtonCancels() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let pointer = try WaylandPointer(on: sway)
        let input = Pipe()
        let hud = try Self.hud(["--label", "Copying", "--button", "Stop", "--progress", "0.3"], on: sway,
                               input: input)
        let (shot, _) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) {
            try sway.screenshot()
        }
        let box = try #require(Self.drawnBox(shot))
        // The button is the lowest light thing in the bezel (its title and outline).
        let lowest = try #require(Self.lightPixels(shot, in: box).map(\.1).max())
        try pointer.click(x: (box.minX + box.maxX) / 2, y: lowest - 4)
        // The button hides the HUD at once; its input is still open, so nothing else could have.
        let gone = try Tools.waitUntil(timeout: Sanitizer.upTo(3)) { Self.drawnBox(try sway.screenshot()) == nil }
        #expect(gone, "the HUD stayed up after a click at \((box.minX + box.maxX) / 2), \(lowest - 4) in \(box)")
        try input.fileHandleForWriting.close()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(8)))
        #expect(hud.status == 1, "the click did not reach the button: status \(hud.status), \(hud.stderr)")
    }

    /// Where a HUD cannot be shown on Wayland, one line says why: no compositor at WAYLAND_DISPLAY and no X
    /// display (69); a command that needs X11 with `--backend wayland` (64); a backend that does not exist (64).
    @Test func whatCannotBeShownIsSaidInOneLine() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = "/nonexistent/wayland-9"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let missing = try ChildProcess.run(CLI.binary, ["--label", "x", "--hide-after", "0.1"],
                                           environment: environment)
        #expect(missing.status == 69)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("cannot connect to the Wayland compositor at '/nonexistent/wayland-9'"),
                "\(missing.stderr)")
        let over = try ChildProcess.run(CLI.binary, ["--backend", "wayland", "--over-window", "active"],
                                        environment: environment)
        #expect(over.status == 64)
        #expect(over.stderr.contains("--over-window needs X11"), "\(over.stderr)")
        let bad = try ChildProcess.run(CLI.binary, ["--backend", "quartz"], environment: environment)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("one of auto, x11, wayland"), "\(bad.stderr)")
    }
}

/// Issue 42 item 2: named HUDs on Wayland, through one socket per name in the user's runtime directory.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable, "no sway"))
struct WaylandNamedHUDTests {
    /// `x11hud --id vol --progress 0.N` from ten processes at once is one HUD: one process shows it (and ends with
    /// its --hide-after), the nine others hand their update over and exit at once; the name's socket is gone after.
    @Test func tenProcessesAtOnceAreOneHUD() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let huds = try (1...10).map { i in
            try WaylandCommandTests.hud(["--id", "vol", "--progress", "0.\(i - 1)", "--label", "Volume",
                                         "--hide-after", "2"], on: sway)
        }
        let start = Date()
        var ended: [Double] = Array(repeating: -1, count: huds.count)
        _ = Tools.waitUntil(timeout: Sanitizer.upTo(10)) {
            for (i, hud) in huds.enumerated() where ended[i] < 0 && !hud.isRunning {
                ended[i] = Date().timeIntervalSince(start)
            }
            return !ended.contains(-1)
        }
        #expect(huds.allSatisfy { !$0.isRunning && $0.status == 0 }, "\(huds.map(\.stderr))")
        let showing = ended.filter { $0 >= 1.9 }
        #expect(showing.count == 1, "processes that showed a HUD of their own: \(ended)")
        let sockets = try FileManager.default.subpathsOfDirectory(atPath: sway.runtimeDirectory + "/x11hud")
        #expect(!sockets.contains { $0.hasSuffix(".sock") }, "a name's socket was left: \(sockets)")
    }

    /// `x11hud hide --id NAME` reaches the HUD another process shows: it hides, that process exits 0.
    @Test func hideByNameReachesTheOwner() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let owner = try WaylandCommandTests.hud(["--id", "save", "--label", "Saving"], on: sway)
        let up = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        }
        #expect(up, "the HUD never appeared: \(owner.stderr)")
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let missing = try ChildProcess.run(CLI.binary, ["hide", "--id", "other"], environment: environment)
        #expect(missing.status == 1 && missing.stderr.contains("no HUD 'other' is up"), "\(missing.stderr)")
        let hide = try ChildProcess.run(CLI.binary, ["hide", "--id", "save"], environment: environment)
        #expect(hide.status == 0, "\(hide.stderr)")
        #expect(owner.waitForExit(timeout: Sanitizer.upTo(5)), "the HUD's process did not end")
        #expect(owner.status == 0, "\(owner.stderr)")
        #expect(WaylandCommandTests.drawnBox(try sway.screenshot()) == nil)
    }

    /// `x11hud hide --all` reaches a HUD shown without a name too (every Wayland HUD has a socket).
    @Test func hideAllReachesAHUDWithoutAName() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let hud = try WaylandCommandTests.hud(["--label", "Working"], on: sway)
        let up = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        }
        #expect(up, "the HUD never appeared: \(hud.stderr)")
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let hide = try ChildProcess.run(CLI.binary, ["hide", "--all"], environment: environment)
        #expect(hide.status == 0, "\(hide.stderr)")
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(5)), "the HUD's process did not end")
        #expect(hud.status == 0, "\(hud.stderr)")
    }

    /// SIGTERM ends a HUD at once (143) and takes its socket with it, named or not: nothing is left in the
    /// directory `list` and `hide` read.
    @Test func aSignalLeavesNoSocketBehind() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let named = try WaylandCommandTests.hud(["--id", "save", "--label", "Saving"], on: sway)
        let other = try WaylandCommandTests.hud(["--label", "Other"], on: sway)
        let directory = sway.runtimeDirectory + "/x11hud"
        let sockets = { (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? [] }
        let both = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            sockets().filter { $0.hasSuffix(".sock") }.count == 2
        }
        #expect(both, "sockets: \(sockets()); \(named.stderr) \(other.stderr)")
        kill(named.pid, SIGTERM)
        kill(other.pid, SIGTERM)
        #expect(named.waitForExit(timeout: Sanitizer.upTo(5)) && other.waitForExit(timeout: Sanitizer.upTo(5)))
        #expect(named.status == 143 && other.status == 143, "\(named.stderr) \(other.stderr)")
        #expect(!sockets().contains { $0.hasSuffix(".sock") }, "a socket was left: \(sockets())")
    }

    /// `x11hud list` on Wayland asks each HUD through its socket: a named bar and an unnamed spinner, with what they
    /// show, in the same lines and JSON as on X11.
    @Test func listNamesEveryHUDUp() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let named = try WaylandCommandTests.hud(["--id", "save", "--mode", "bar", "--progress", "0.3", "--label",
                                                 "Saving"], on: sway)
        let other = try WaylandCommandTests.hud(["--label", "Other"], on: sway)
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        var lines: [String] = []
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            lines = try ChildProcess.run(CLI.binary, ["list"], environment: environment).stdout
                .split(separator: "\n").map(String.init)
            return lines.count == 2
        }
        let sorted = [named.pid, other.pid].sorted()
        let expected = ["save\t\(named.pid)\tbar\tSaving\tHEADLESS-1",
                        "-\t\(other.pid)\tindeterminate\tOther\tHEADLESS-1"]
        #expect(lines == (sorted[0] == named.pid ? expected : expected.reversed()), "\(lines)")
        let json = try ChildProcess.run(CLI.binary, ["list", "--json"], environment: environment).stdout
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let bar = try #require(objects.first { $0["id"] as? String == "save" }, "\(json)")
        #expect(bar["progress"] as? Double == 0.3 && bar["outcome"] as? String == "running", "\(json)")
        #expect(try ChildProcess.run(CLI.binary, ["hide", "--all"], environment: environment).status == 0)
        #expect(named.waitForExit(timeout: Sanitizer.upTo(5)) && other.waitForExit(timeout: Sanitizer.upTo(5)))
    }

    /// The Wayland chapter's block runs as written, with bash, on sway: the ring from a pipe, then a named volume
    /// OSD, hidden by its name while it is up.
    @Test func theChaptersBlockRunsAsWritten() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let block = try #require(Manual.blocks("sh", in: try Manual.section("What works there")).first)
        let home = URL(fileURLWithPath: sway.runtimeDirectory).appendingPathComponent("home")
        let bin = home.appendingPathComponent(".tools")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("x11hud"),
                                                   withDestinationURL: CLI.binary)
        var environment = sway.environment
        environment["HOME"] = home.path
        environment["PATH"] = "\(bin.path):/usr/bin:/bin"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let lines = block.split(separator: "\n").map(String.init)
        // The pipe and the named HUD as written; then the hide while the HUD is still up.
        let first = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", lines[0]],
                                         environment: environment, directory: home, timeout: Sanitizer.upTo(20))
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let named = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", lines[1]],
                                     environment: environment, output: .discard, directory: home)
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        }
        let hide = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", lines[2]],
                                        environment: environment, directory: home)
        #expect(hide.status == 0, "\(hide.stderr)")
        #expect(named.waitForExit(timeout: Sanitizer.upTo(5)) && named.status == 0, "\(named.stderr)")
    }
}

/// Issue 42 item 3: `x11hud notifications` on Wayland, fed by the real notify-send on a private session bus.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable && SessionBus.isAvailable, "no sway or dbus"))
struct WaylandNotificationTests {
    /// A private sway and session bus, and `x11hud notifications` serving them once it owns the name.
    static func serve() throws -> (SwayServer, SessionBus, [String: String], ChildProcess) {
        let sway = try SwayServer()
        let bus: SessionBus
        do { bus = try SessionBus() } catch {
            sway.stop()
            throw error
        }
        var environment = sway.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let server = try ChildProcess(CLI.binary, ["notifications"], environment: environment, output: .discard)
        guard try Tools.waitUntil(timeout: Sanitizer.upTo(5), { try bus.hasOwner("org.freedesktop.Notifications") })
        else {
            stop(sway, bus, server)
            throw TestFailure("the server did not take the name: \(server.stderr)")
        }
        return (sway, bus, environment, server)
    }

    static func stop(_ sway: SwayServer, _ bus: SessionBus, _ server: ChildProcess) {
        server.kill()
        bus.stop()
        sway.stop()
    }

    /// A bubble stands in the top-right corner; a click on its button reaches notify-send as the action.
    @Test func aBubbleInTheTopRightCornerAndItsButtonReachTheSender() throws {
        let (sway, bus, environment, server) = try Self.serve()
        defer { Self.stop(sway, bus, server) }
        let pointer = try WaylandPointer(on: sway)
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                      ["-A", "open=Open", "Mail", "A message from Ada"], environment: environment)
        let (shot, _) = try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) {
            try sway.screenshot()
        }
        let box = try #require(WaylandCommandTests.drawnBox(shot), "no bubble: \(server.stderr)")
        #expect(box.minX > sway.width / 2 && box.minY < 60 && box.maxY < sway.height / 2,
                "the bubble is not in the top-right corner: \(box)")
        #expect(sway.width - box.maxX < 40, "\(box)")
        // The button is the lowest light thing in the bubble: its title, in its outline.
        let lowest = try #require(WaylandCommandTests.lightPixels(shot, in: box).map(\.1).max())
        let row = WaylandCommandTests.lightPixels(shot, in: box).filter { $0.1 == lowest }.map(\.0)
        try pointer.click(x: (row.min()! + row.max()!) / 2, y: lowest - 3)
        #expect(client.waitForExit(timeout: Sanitizer.upTo(5)), "notify-send still waits for an action")
        #expect(client.stdout == "open\n", "\(client.stdout) \(client.stderr)")
    }
}

extension WaylandNotificationTests {
    /// The rows of `box` in `shot` that hold anything drawn, as runs (top, bottom): one per bezel of a column.
    static func bands(_ shot: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> [(Int, Int)] {
        var bands: [(Int, Int)] = []
        for y in box.minY...box.maxY {
            let drawn = stride(from: box.minX, through: box.maxX, by: 2).contains {
                !shot.pixel(x: $0, y: y).isClose(to: WaylandCommandTests.background)
            }
            guard drawn else { continue }
            if let last = bands.last, last.1 == y - 1 { bands[bands.count - 1].1 = y } else { bands.append((y, y)) }
        }
        return bands
    }

    /// A HUD of another process in the bubbles' corner stacks with them, as on X11: newest at the edge, so the
    /// HUD stands at the top and the bubble below it, a gap between; once the HUD is killed (SIGKILL: it cannot say
    /// so) the bubble goes back up. `list` lists both.
    @Test func aHUDInTheBubblesCornerStacksWithThem() throws {
        let (sway, bus, environment, server) = try Self.serve()
        defer { Self.stop(sway, bus, server) }
        let sent = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                        ["-t", "0", "Mail", "A message from Ada"], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        let settled = {
            try Tools.waitForSteady(still: Sanitizer.upTo(0.6), timeout: Sanitizer.upTo(8)) { try sway.screenshot() }.0
        }
        let bubble = try #require(WaylandCommandTests.drawnBox(try settled()), "no bubble: \(server.stderr)")
        let hud = try WaylandCommandTests.hud(["--position", "top-right", "--mode", "text", "--label", "Saved",
                                               "--hide-after", "60"], on: sway)
        defer { hud.kill() }
        _ = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            (WaylandCommandTests.drawnBox(try sway.screenshot())?.maxY ?? 0) > bubble.maxY + 20
        }
        let shot = try settled()
        let both = try #require(WaylandCommandTests.drawnBox(shot))
        let column = Self.bands(shot, in: both)
        #expect(column.count == 2, "not two bezels one above the other: \(column), bubble alone \(bubble)")
        if column.count == 2 {
            let (top, below) = (column[0], column[1])
            #expect(top.0 == bubble.minY || abs(top.0 - bubble.minY) <= 2, "the HUD is not at the edge: \(column)")
            #expect(abs((below.1 - below.0) - (bubble.maxY - bubble.minY)) <= 2, "the bubble is not below: \(column)")
            #expect((8...14).contains(below.0 - top.1 - 1), "the gap is not HUDStack's 10: \(column)")
        }
        let listed = try ChildProcess.run(CLI.binary, ["list"], environment: environment, timeout: 10)
        let lines = listed.stdout.split(separator: "\n")
        #expect(listed.status == 0 && lines.count == 2 && lines.contains { $0.hasPrefix("notification-") }
            && lines.contains { $0.contains("Saved") }, "\(listed.stdout)")
        hud.kill()
        #expect(hud.waitForExit(timeout: Sanitizer.upTo(5)))
        let back = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()).map { abs($0.minY - bubble.minY) <= 2
                && abs($0.maxY - bubble.maxY) <= 2 } ?? false
        }
        #expect(back, "the bubble did not go back to the edge")
    }
}

extension WaylandNotificationTests {
    /// `x11hud list` on the environment's display, one row of tab-separated fields a HUD.
    static func list(_ environment: [String: String]) throws -> [[String]] {
        let r = try ChildProcess.run(CLI.binary, ["list"], environment: environment, timeout: 10)
        return r.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }

    /// Each notification is a named HUD, as on X11: `list` shows it by `notification-ID`, thirty synchronous
    /// updates are one `notify-send:volume`, `x11hud --id notify-send:volume` from another process changes that
    /// bubble, `hide --id` closes one with reason 3 (closed), as `NotificationClosed` says on the bus, and
    /// `hide --all` the others.
    @Test func aNotificationIsANamedHUD() throws {
        let (sway, bus, environment, server) = try Self.serve()
        defer { Self.stop(sway, bus, server) }
        let monitor = try NotificationMonitor(environment: environment)
        let sh = { (script: String) in
            try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment,
                                 timeout: 30)
        }
        let sent = try sh("notify-send -p -t 0 Backup 'Copying photos'")
        let id = sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(sent.status == 0 && UInt32(id) != nil, "\(sent.stderr)")
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.list(environment).contains { $0.first == "notification-\(id)" && $0.contains("Backup") }
        }, "\((try? Self.list(environment)) ?? [])")

        let volume = try sh("for i in $(seq 1 30); do notify-send -h string:x-canonical-private-synchronous:volume "
            + "-h int:value:$i \"Volume $i\" || exit 1; done")
        #expect(volume.status == 0, "\(volume.stderr)")
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.list(environment).filter { $0.first == "notify-send:volume" }.map { $0[3] } == ["Volume 30"]
        }, "\((try? Self.list(environment)) ?? [])")
        let changed = try ChildProcess.run(CLI.binary, ["--id", "notify-send:volume", "--label", "Muted"],
                                           environment: environment, timeout: 10)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.list(environment).filter { $0.first == "notify-send:volume" }.map { $0[3] } == ["Muted"]
        }, "\((try? Self.list(environment)) ?? [])")
        #expect(try Self.list(environment).count == 2, "another process's --id made a HUD of its own")

        #expect(try sh("\(CLI.binary.path) hide --id notification-\(id)").status == 0)
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try !Self.list(environment).contains { $0.first == "notification-\(id)" }
        }, "\((try? Self.list(environment)) ?? [])")
        let closed = "NotificationClosed (uint32 \(id), uint32 3)"
        #expect(monitor.read { $0.contains(closed) }, "\(monitor.text.suffix(600))")
        // `hide --all` reaches the rest, as every HUD of the display.
        #expect(try sh("\(CLI.binary.path) hide --all").status == 0)
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) { try Self.list(environment).isEmpty },
                "\((try? Self.list(environment)) ?? [])")
        let count = try ChildProcess.run(CLI.binary, ["notifications", "count"], environment: environment, timeout: 10)
        #expect(count.stdout.hasPrefix("shown 0\n"), "\(count.stdout)")
    }
}

extension WaylandNotificationTests {
    /// A notification whose name another x11hud shows already (`x11hud --id notify-send:vol`, a volume key's
    /// script) goes to that HUD, as on X11: one HUD, the script's process's, with the notification's text.
    @Test func aNotificationForANameUpElsewhereUpdatesThatHUD() throws {
        let (sway, bus, environment, server) = try Self.serve()
        defer { Self.stop(sway, bus, server) }
        let script = try WaylandCommandTests.hud(["--id", "notify-send:vol", "--mode", "bar", "--progress", "0.1",
                                                  "--label", "Volume 10", "--hide-after", "30"], on: sway)
        defer { script.kill() }
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.list(environment).map(\.first) == ["notify-send:vol"]
        }, "\((try? Self.list(environment)) ?? [])")
        let sent = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/notify-send"),
                                        ["-h", "string:x-canonical-private-synchronous:vol", "-h", "int:value:70",
                                         "Volume 70"], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            try Self.list(environment).map { [$0[0], $0[1], $0[3]] }
                == [["notify-send:vol", "\(script.pid)", "Volume 70"]]
        }, "\((try? Self.list(environment)) ?? [])")
    }
}

/// Issue 42 item 2: the resident (`x11hud serve`) on Wayland, through its socket in the user's runtime directory.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable, "no sway"))
struct WaylandResidentTests {
    /// One resident per compositor; a client's HUD is drawn by it (listed with the resident's pid), ended with the
    /// client's input (exit 0), and hidden when its client is killed; SIGTERM ends the resident with 143 and takes
    /// its socket.
    @Test func theResidentDrawsEachClientsHUD() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        let resident = try WaylandCommandTests.hud(["serve"], on: sway)
        defer { resident.kill() }
        let top = sway.runtimeDirectory + "/x11hud"
        let socket = {
            ((try? FileManager.default.subpathsOfDirectory(atPath: top)) ?? [])
                .first { $0.hasSuffix("/serve.resident") }.map { top + "/" + $0 }
        }
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) { socket() != nil }, "no resident's socket")
        let second = try WaylandCommandTests.hud(["serve"], on: sway)
        if !second.waitForExit(timeout: Sanitizer.upTo(5)) { second.kill() }
        #expect(second.status == 75 && second.stderr.contains("another x11hud serve runs"), "\(second.stderr)")

        let input = Pipe()
        let client = try WaylandCommandTests.hud(["--mode", "bar", "--progress", "0.5", "--label", "Served"],
                                                 on: sway, input: input)
        let up = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        }
        #expect(up, "the served HUD never appeared")
        let list = try ChildProcess.run(CLI.binary, ["list"], environment: environment).stdout
        // Named as on X11: `served.`, the client's pid and a number.
        let fields = list.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        #expect(list.split(separator: "\n").count == 1, "\(list)")
        #expect(fields.first?.hasPrefix("served.\(client.pid).") == true, "\(list)")
        #expect(Array(fields.dropFirst()) == ["\(resident.pid)", "bar", "Served", "HEADLESS-1"], "\(list)")
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Sanitizer.upTo(5)) && client.status == 0, "\(client.stderr)")
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) == nil
        }, "the HUD stayed after its client ended")

        let other = try WaylandCommandTests.hud(["--label", "Other"], on: sway)
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        })
        other.kill()
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) == nil
        }, "the HUD of a killed client stayed")

        kill(resident.pid, SIGTERM)
        #expect(resident.waitForExit(timeout: Sanitizer.upTo(5)) && resident.status == 143, "\(resident.stderr)")
        #expect(socket() == nil, "the resident's socket was left")
    }

    /// A resident killed mid-HUD: its client goes on with a HUD of its own (listed with the client's pid), from
    /// what it had forwarded, and still ends with its input.
    @Test func aClientOutlivesItsResident() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let resident = try WaylandCommandTests.hud(["serve"], on: sway)
        defer { resident.kill() }
        let top = sway.runtimeDirectory + "/x11hud"
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            ((try? FileManager.default.subpathsOfDirectory(atPath: top)) ?? []).contains { $0.hasSuffix(".resident") }
        })
        let input = Pipe()
        let client = try WaylandCommandTests.hud(["--mode", "bar", "--label", "Served"], on: sway, input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("40\n".utf8))
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        })
        resident.kill()
        var environment = sway.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/x11hud-tests"
        var list = ""
        let own = try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            list = try ChildProcess.run(CLI.binary, ["list"], environment: environment).stdout
            return try list == "-\t\(client.pid)\tbar\tServed\tHEADLESS-1\n"
                && WaylandCommandTests.drawnBox(try sway.screenshot()) != nil
        }
        #expect(own, "the client did not show a HUD of its own: \(list)")
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Sanitizer.upTo(5)) && client.status == 0, "\(client.stderr)")
    }
}
