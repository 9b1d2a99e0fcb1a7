import Foundation
import HUDTestSupport
import Testing

/// The real binary on the real clock: `--hide-after` timed from its start, and its exit statuses. The policy of grace
/// time, minimum show time and delayed hides is played to the exact moment on an injected clock in
/// `InProcessHUDTests`; here only what needs real time is checked, with upper limits loose enough for a loaded
/// machine (a debug build starting, polling every few tens of milliseconds) and a lower limit that still fails an
/// early hide.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer, .ownThreads)
struct LifecycleTimingTests {
    /// When the window was first seen mapped (seconds since start, nil if never) and how the process ended.
    func watch(_ extra: [String],
               timeout: Double = 8) throws -> (appeared: Double?, exit: (status: Int32, seconds: Double)?) {
        let display = try server().display
        let hud = try HUDProcess(Expected.arguments + extra, display: display)
        var appeared: Double?
        let deadline = Date().addingTimeInterval(timeout)
        while hud.process.isRunning, Date() < deadline {
            if appeared == nil, try hud.visibleWindow(display: display) != nil {
                appeared = Date().timeIntervalSince(hud.started)
            }
            usleep(10_000)
        }
        return (appeared, hud.waitForExit(timeout: 1))
    }

    @Test func hideAfterShowsAtOnceThenFadesOutAndExits0() throws {
        let (appeared, exit) = try watch(["--hide-after", "1"])
        #expect(try #require(appeared) < Expected.upTo(1.5))
        #expect(exit?.status == 0)
        // 1 s up, 0.3 s fade-out.
        #expect((1.25...Expected.upTo(4)).contains(try #require(exit).seconds))
    }

    /// SIGTERM at any moment of start-up ends the HUD: before its signal watch, by the signal itself (15);
    /// after, through the watch (143). It was lost for a moment after the watch was made and before Dispatch had
    /// registered it (the signal was set to be ignored first): a HUD killed then stayed up for good.
    @Test func sigtermEarlyInStartUpAlwaysEndsTheHUD() throws {
        let display = try server().display
        var statuses: [Int32] = []
        for delay in stride(from: 0, to: 60_000, by: 1_000) {
            let hud = try HUDProcess(Expected.arguments + ["--label", "Starting"], display: display)
            usleep(useconds_t(delay))
            kill(hud.pid, SIGTERM)
            let exit = hud.waitForExit(timeout: Expected.upTo(3))
            if exit == nil { hud.kill() }
            statuses.append(exit?.status ?? -1)
        }
        #expect(statuses.allSatisfy { $0 == 143 || $0 == SIGTERM }, "statuses, one per delay: \(statuses)")
        // The later ones reach the watch: the test covers the moment it is made.
        #expect(statuses.contains(143), "\(statuses)")
    }

    @Test func aDisplayThatCannotBeOpenedIsNamedAndExits69() throws {
        let hud = try HUDProcess(Expected.arguments + ["--display", ":9876"], display: nil)
        let exit = hud.waitForExit(timeout: 5)
        #expect(exit?.status == 69)
        let lines = hud.errorOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(":9876") == true)
    }

    @Test func noDisplayAtAllExits69() throws {
        let hud = try HUDProcess(Expected.arguments, display: nil)
        #expect(hud.waitForExit(timeout: 5)?.status == 69)
        #expect(hud.errorOutput.contains("DISPLAY"))
    }
}
