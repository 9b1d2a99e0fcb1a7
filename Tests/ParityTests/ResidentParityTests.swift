import Foundation
import Glibc
import HUDTestSupport
import Testing

/// The resident (`x11hud serve`) is written once above the seam: what a client keeps of its own (its status,
/// its signals, its HUD when the resident goes) is tested from one body on X11 and on Wayland.
@Suite(.ownThreads, .serialized)
struct ResidentParityTests {
    static let platforms = ParityTests.platforms

    /// `run` through the resident ends with its command's status, and the served HUD lists how the job ended.
    @Test(arguments: platforms)
    func runThroughTheResidentExitsWithItsCommandsStatus(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = try display.startResident()
        defer { resident.kill() }
        let client = try display.start(["run", "--label", "Job", "--", "sh", "-c", "echo 40; sleep 1; exit 3"])
        defer { client.kill() }
        #expect(try display.waitForList { $0.contains { $0.label == "Job" && $0.pid == resident.pid } })
        var outcome: String?
        _ = try display.waitForList(timeout: 10) { huds in
            outcome = huds.first { $0.outcome != "running" }?.outcome
            return outcome != nil
        }
        #expect(outcome == "failed")
        #expect(client.waitForExit(timeout: Sanitizer.upTo(10)))
        #expect(client.status == 3)
    }

    /// Issue 52: a producer gone silent, its pipe still open, turns `--details auto` to `stalled` about 5 s after
    /// its last figure, with no line to say so, in a HUD of the process's own and in the resident's alike; the
    /// next figure clears it.
    @Test(arguments: platforms, [false, true])
    func aSilentProducerTurnsTheDetailsStalled(_ platform: TestPlatform, served: Bool) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = served ? try display.startResident() : nil
        defer { resident?.kill() }
        let input = Pipe()
        let client = try display.start(["--label", "Quiet", "--details", "auto"], input: input)
        defer { client.kill() }
        func shown() -> Comment { "\((try? display.listed()) ?? [])" }
        func details(_ text: String, timeout: Double = 8) throws -> Bool {
            try display.waitForList(timeout: timeout) { $0.contains { $0.label == "Quiet" && $0.details == text } }
        }
        input.fileHandleForWriting.write(Data("{\"bytes\":1000000,\"total_bytes\":10000000}\n".utf8))
        #expect(try details("1.0 MB of 10 MB"), shown())
        let quiet = Date()
        #expect(try details("1.0 MB of 10 MB · stalled", timeout: 9), shown())
        #expect(Date().timeIntervalSince(quiet) >= 4, "stalled before 5 s of silence")
        #expect(try display.listed().first { $0.label == "Quiet" }?.pid == (resident?.pid ?? client.pid))
        input.fileHandleForWriting.write(Data("{\"bytes\":2000000}\n".utf8))
        #expect(try details("2.0 MB of 10 MB"), shown())
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Sanitizer.upTo(5)))
        #expect(client.status == 0)
    }

    /// SIGINT ends a client (130) and its HUD in the resident, never the resident.
    @Test(arguments: platforms)
    func sigintEndsTheClientAndItsHUDButNotTheResident(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = try display.startResident()
        defer { resident.kill() }
        let client = try display.start(["--label", "Interrupted"])
        defer { client.kill() }
        #expect(try display.waitForList { $0.contains { $0.label == "Interrupted" && $0.pid == resident.pid } })
        kill(client.pid, SIGINT)
        #expect(client.waitForExit(timeout: Sanitizer.upTo(3)))
        #expect(client.status == 130)
        #expect(try display.waitForList(timeout: 3) { $0.isEmpty })
        #expect(resident.isRunning)
    }

    /// A resident killed mid-HUD: its client goes on with a HUD of its own, from what it had forwarded.
    @Test(arguments: platforms)
    func whenTheResidentIsKilledTheClientGoesOnWithItsOwn(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = try display.startResident()
        defer { resident.kill() }
        let input = Pipe()
        let client = try display.start(["--label", "Alone", "--mode", "bar"], input: input)
        defer { client.kill() }
        input.fileHandleForWriting.write(Data("30\n".utf8))
        #expect(try display.waitForList { $0.contains { $0.label == "Alone" && $0.pid == resident.pid } })
        resident.kill()
        #expect(try display.waitForList { huds in
            huds.map(\.pid) == [client.pid] && huds.first?.label == "Alone" && huds.first?.progress == 0.3
        }, "the client did not take over with what it had forwarded")
        input.fileHandleForWriting.write(Data("60\n".utf8))
        try input.fileHandleForWriting.close()
        #expect(client.waitForExit(timeout: Sanitizer.upTo(5)))
        #expect(client.status == 0)
    }

    /// Two clients at once get two HUDs in the resident, each with a name of its own; a client with
    /// `X11HUD_NO_SERVE=1` draws its own.
    @Test(arguments: platforms)
    func twoClientsAtOnceGetTwoHUDsAndABypassedOneItsOwn(_ platform: TestPlatform) throws {
        let display = try TestDisplay(platform)
        defer { display.stop() }
        let resident = try display.startResident()
        defer { resident.kill() }
        let one = try display.start(["--label", "One", "--hide-after", "2"])
        defer { one.kill() }
        let two = try display.start(["--label", "Two", "--hide-after", "2"])
        defer { two.kill() }
        display.set("X11HUD_NO_SERVE", "1")
        let own = try display.start(["--label", "Own", "--hide-after", "2"])
        defer { own.kill() }
        #expect(try display.waitForList { $0.count == 3 })
        let listed = try display.listed()
        #expect(Set(listed.map(\.label)) == ["One", "Two", "Own"])
        #expect(listed.filter { $0.pid == resident.pid }.map(\.label).sorted() == ["One", "Two"])
        #expect(listed.first { $0.label == "Own" }?.pid == own.pid)
        // A served HUD without --id is listed by a name made up for it, as on either platform.
        #expect(listed.filter { $0.pid == resident.pid }.allSatisfy { $0.id?.hasPrefix("served.") == true },
                "\(listed)")
        for client in [one, two, own] {
            #expect(client.waitForExit(timeout: Sanitizer.upTo(6)))
            #expect(client.status == 0)
        }
    }
}
