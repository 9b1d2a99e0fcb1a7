import Foundation
import HUDScene
import HUDTestSupport
import Testing

/// Issue 42 item 3: over a fullscreen window ordinary notifications wait on Wayland as on X11, where the compositor
/// lists windows (sway does, with wlr-foreign-toplevel-management). A real foot made fullscreen by swaymsg, the real
/// notify-send on a private session bus, and what the user sees read back with grim.
@Suite(.ownThreads, .serialized, .enabled(if: SwayServer.isAvailable && SessionBus.isAvailable
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/foot"), "no sway, dbus-daemon or foot"))
struct WaylandFullscreenTests {
    /// The top-right quarter of the output, where the bubbles stand.
    static func corner(_ sway: SwayServer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (sway.width / 2, 0, sway.width - 1, sway.height / 2)
    }

    /// The box round every pixel of `region` that differs between `before` and `after`, if any.
    static func changedBox(_ before: Screenshot, _ after: Screenshot,
                           in region: (minX: Int, minY: Int, maxX: Int, maxY: Int))
        -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in stride(from: region.minY, through: region.maxY, by: 2) {
            for x in stride(from: region.minX, through: region.maxX, by: 2)
            where !after.pixel(x: x, y: y).isClose(to: before.pixel(x: x, y: y)) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// The user's fullscreen video is a foot: ordinary notifications wait (the corner stays as it was), a critical
    /// one shows over it, and once foot leaves fullscreen the one that waited shows below the critical one.
    @Test func anOrdinaryNotificationWaitsUntilFullscreenEnds() throws {
        let desk = try FullscreenDesk()
        defer { desk.stop() }
        let corner = Self.corner(desk.sway)
        let tiled = try desk.settledShot()
        try desk.setFullscreen(true)
        let full = try desk.settledShot()
        #expect(Self.changedBox(tiled, full, in: corner) != nil, "foot's title bar did not go")

        try desk.holdOne()
        // Long enough for a bubble's fade-in to have shown: nothing moved, the corner is foot's.
        let (held, steady) = try Tools.waitForSteady(still: Sanitizer.upTo(1), timeout: Sanitizer.upTo(8)) {
            try desk.sway.screenshot()
        }
        #expect(steady)
        let shown = Self.changedBox(full, held, in: corner)
        #expect(shown == nil, "a bubble shows over the fullscreen window at \(String(describing: shown))")

        try desk.notify(["-u", "critical", "-t", "0", "Battery low", "plug in now"])
        #expect(try Tools.waitUntil(timeout: Sanitizer.upTo(5)) {
            Self.changedBox(full, try desk.sway.screenshot(), in: corner) != nil
        }, "the critical notification did not show: \(desk.server.stderr)")
        let critical = try #require(Self.changedBox(full, try desk.settledShot(), in: corner))
        #expect(critical.minY < 60 && desk.sway.width - critical.maxX < 40, "not in the corner: \(critical)")
        #expect(try desk.counts() == ["shown 1", "waiting 1"])

        try desk.setFullscreen(false)
        let both = try Tools.waitFor(timeout: Sanitizer.upTo(5), { try desk.counts() },
                                      until: { $0 == ["shown 2", "waiting 0"] })
        #expect(both == ["shown 2", "waiting 0"], "the held one did not show once fullscreen ended")
        let column = try #require(Self.changedBox(tiled, try desk.settledShot(), in: corner))
        // The critical one stands at the column's edge; the one that waited comes below it.
        #expect(abs(column.minY - critical.minY) <= 4 && column.maxY > critical.maxY + 20,
                "critical \(critical), column \(column)")
    }

    /// Fullscreen counts only while the fullscreen window has the focus, as on X11: the user goes to another
    /// workspace and what waited shows there.
    @Test func whatWaitedShowsOnceTheFullscreenWindowLosesTheFocus() throws {
        let desk = try FullscreenDesk()
        defer { desk.stop() }
        try desk.setFullscreen(true)
        _ = try desk.settledShot()
        try desk.holdOne()
        #expect(try desk.sway.swaymsg(["workspace", "2"]).status == 0)
        let counts = try Tools.waitFor(timeout: Sanitizer.upTo(5), { try desk.counts() },
                                      until: { $0 == ["shown 1", "waiting 0"] })
        #expect(counts == ["shown 1", "waiting 0"], "the held one did not show on the other workspace")
        // The empty workspace shows the desktop: the bubble is the only thing drawn, in the top-right corner.
        let box = try #require(WaylandCommandTests.drawnBox(try desk.settledShot()), "no bubble")
        #expect(box.minX > desk.sway.width / 2 && box.minY < 60 && box.maxY < desk.sway.height / 2, "\(box)")
    }

    /// With two outputs and the bubbles sent to one by name, a fullscreen window holds them back only where it is:
    /// foot fullscreen on HEADLESS-1 holds back bubbles for HEADLESS-1, and lets those for HEADLESS-2 show at
    /// once, in that output's top-right corner.
    @Test func fullscreenHoldsBackOnlyTheBubblesOfItsOwnOutput() throws {
        for (output, held) in [("HEADLESS-1", true), ("HEADLESS-2", false)] {
            let desk = try FullscreenDesk(outputs: 2, serverArguments: ["--monitor", output])
            defer { desk.stop() }
            try desk.setFullscreen(true)
            let full = try desk.settledShot()
            #expect(full.width == 2 * desk.sway.width, "grim did not take both outputs: \(full.width)")
            if held {
                try desk.holdOne()
                continue
            }
            try desk.notify(["-t", "0", "Mail", "A message from Ada"])
            let counts = try Tools.waitFor(timeout: Sanitizer.upTo(5), { try desk.counts() },
                                          until: { $0 == ["shown 1", "waiting 0"] })
            #expect(counts == ["shown 1", "waiting 0"], "the bubble for the other output waited")
            let right = (minX: desk.sway.width, minY: 0, maxX: 2 * desk.sway.width - 1, maxY: desk.sway.height - 1)
            let box = try #require(Self.changedBox(full, try desk.settledShot(), in: right), "no bubble on \(output)")
            #expect(box.minX > desk.sway.width * 3 / 2 && box.minY < 60 && 2 * desk.sway.width - box.maxX < 40,
                    "not in HEADLESS-2's top-right corner: \(box)")
            let left = (minX: 0, minY: 0, maxX: desk.sway.width - 1, maxY: desk.sway.height - 1)
            let elsewhere = Self.changedBox(full, try desk.sway.screenshot(), in: left)
            #expect(elsewhere == nil, "HEADLESS-1 changed at \(String(describing: elsewhere))")
        }
    }

    /// Only the notification server binds the window list: a HUD has no use for every window's title and state
    /// (WAYLAND_DEBUG shows what each client binds).
    @Test func onlyTheNotificationServerBindsTheWindowList() throws {
        let desk = try FullscreenDesk()
        defer { desk.stop() }
        var environment = desk.environment
        environment["WAYLAND_DEBUG"] = "1"
        let hud = try ChildProcess.run(CLI.binary, ["--mode", "text", "--label", "x", "--hide-after", "0"],
                                       environment: environment, timeout: 10)
        let binds = hud.stderr.split(separator: "\n").filter { $0.contains(".bind(") }
        #expect(hud.status == 0 && binds.contains { $0.contains("zwlr_layer_shell_v1") }, "\(hud.stderr.suffix(800))")
        #expect(!binds.contains { $0.contains("zwlr_foreign_toplevel_manager_v1") }, "\(binds)")
        // The server does, and so knows foot is there: fullscreen, it holds a notification back.
        try desk.setFullscreen(true)
        try desk.holdOne()
    }
}
