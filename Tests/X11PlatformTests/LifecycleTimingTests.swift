import Foundation
import HUDTestSupport
import Testing

/// Grace time, minimum show time, hide-after and exit statuses of the real binary, timed from its start.
/// The tolerances allow for a debug build starting up and for polling every few tens of milliseconds.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "no Xvfb binary"), .privateXServer)
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
        #expect(try #require(appeared) < Expected.upTo(0.5))
        #expect(exit?.status == 0)
        // 1 s up, 0.3 s fade-out.
        #expect((1.25...Expected.upTo(1.9)).contains(try #require(exit).seconds))
    }

    @Test func aHideBeforeTheGraceTimeEndsShowsNothing() throws {
        let (appeared, exit) = try watch(["--grace", "1", "--hide-after", "0.5"])
        #expect(appeared == nil)
        #expect(exit?.status == 0)
        #expect((0.45...Expected.upTo(1.0)).contains(try #require(exit).seconds))
    }

    @Test func theMinimumShowTimeHoldsBackAnEarlyHide() throws {
        let (appeared, exit) = try watch(["--grace", "0.5", "--min-show", "1.5", "--hide-after", "1"])
        #expect((0.45...Expected.upTo(0.95)).contains(try #require(appeared)))
        #expect(exit?.status == 0)
        // Shown at 0.5, held until 0.5 + 1.5, then 0.3 s fade-out.
        #expect((2.25...Expected.upTo(2.9)).contains(try #require(exit).seconds))
    }

    /// MBProgressHUD #605: there the grace timer cancels the delayed hide and the HUD never goes.
    @Test func theGraceTimeDoesNotCancelHideAfter() throws {
        let (appeared, exit) = try watch(["--grace", "0.5", "--hide-after", "1.2"])
        #expect((0.45...Expected.upTo(0.95)).contains(try #require(appeared)))
        #expect(exit?.status == 0)
        #expect((1.45...Expected.upTo(2.1)).contains(try #require(exit).seconds))
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
