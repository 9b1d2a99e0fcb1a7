import CommandOptions
import Foundation
import HUDBase
import HUDControl
import HUDLoop
import HUDScene
import HUDShow
import HUDTestSupport
import ProgressFeed
import Testing
@testable import x11hud

/// The resident is written once, against the seam: what it gives a client's HUD is checked here on a display
/// session of the test's own, without a display, for any platform that implements the seam.
@MainActor struct ResidentSeamTests {
    /// A HUD that is only its controller.
    final class Presenter: HUDPresenter {
        let controller = HUDController(clock: ManualLoop(now: 0), scene: HUDScene(
            content: HUDContent(), style: .theme(.dark), area: Rect(x: 0, y: 0, width: 800, height: 600)))
        var isVisible: Bool { controller.isUp }
        var canDim: Bool { true }
        func attach(_ source: any HUDInputSource, policy: FeedPolicy) { controller.policy = policy }
        func inputArrived() {}
    }

    /// A display session and its names, recording what the resident asks of them.
    final class Session: DisplaySession, NameService {
        let loop: any EventLoop = ManualLoop(now: 0)
        let displayName = "test-0"
        var taken: Set<String> = []
        var claimed: [HUDPlace] = []
        var made: [HUDPlace] = []
        var huds: [Presenter] = []
        var ends: [Int32] = []
        var warnings: [String] = []

        func names() throws(PlatformFailure) -> any NameService { self }
        func makeHUD(_ place: HUDPlace) throws(PlatformFailure) -> any HUDPresenter {
            made.append(place)
            let hud = Presenter()
            huds.append(hud)
            return hud
        }
        func placeWarning(for hud: any HUDPresenter, place: HUDPlace) -> String? { nil }
        func unsupported(_ style: HUDStyle) -> [String] { [] }
        func window(_ choice: WindowChoice) throws(PlatformFailure) -> UInt {
            throw PlatformFailure(.usage, "no windows here")
        }
        func ended(_ hud: any HUDPresenter, status: Int32) { ends.append(status) }
        func existingHUD(named name: String) -> (any HUDPresenter)? { nil }
        func forget(_ name: String) {}
        func usableArea(_ place: HUDPlace) -> Rect { Rect(x: 0, y: 0, width: 800, height: 600) }
        func textMeasurer(_ place: HUDPlace) -> any TextMeasuring { FixedMetrics() }
        func iconTheme() -> String? { nil }
        func activeWindowIsFullscreen(at place: HUDPlace) -> Bool { false }
        func watchActiveWindow(_ body: (@MainActor () -> Void)?) {}
        func watchSignals() {}
        func whenLost(saying note: String, _ handler: @escaping @Sendable () -> Never) {}
        func desktopPrefersDark() -> Bool? { nil }
        func run() -> Never { fatalError("not run in a test") }

        func claim(_ place: HUDPlace) throws(PlatformFailure) -> NameClaimResult {
            claimed.append(place)
            if let name = place.name, taken.contains(name) { throw PlatformFailure(.nameTaken, "taken") }
            return .ours
        }
        func whenFree(_ name: String, _ action: @escaping @MainActor () -> Void) {}
        func isShown(_ name: String) -> Bool { taken.contains(name) }
        func resident(naming name: String) -> (any DeliveryEndpoint)? { nil }
        func endpoint(named name: String) -> (any DeliveryEndpoint)? { nil }
        func endpoints(over window: UInt?) -> [any DeliveryEndpoint] { [] }
        func list(_ done: @escaping @MainActor ([HUDListing]) -> Void) { done([]) }
        func serve(_ show: @escaping @MainActor ([String]) -> (any HUDPresenter)?) throws(PlatformFailure) -> Bool {
            true
        }
        func sweep() {}
    }

    /// The lines a client sends for `arguments`, named `name`.
    func request(_ arguments: [String], name: String) throws -> [String] {
        var command = try parsed(ShowCommand.self, ["--no-config"] + arguments)
        try command.hud.loadFiles()
        return [Resident.request(for: command, name: name)]
    }

    /// Issue 50's drift: the Wayland resident left a served HUD without its input rules. Written once now, the
    /// policy comes with the HUD whatever the session.
    @Test func aServedHUDGetsItsClientsInputRules() throws {
        let session = Session()
        let hud = try #require(Resident.show(try request(["--pulsate", "--auto-close", "--label", "Copying"],
                                                         name: "served.7.1"), on: session))
        #expect(hud.policy.modeIsExplicit)
        #expect(hud.policy.autoClose)
        #expect(hud.content.mode == .indeterminate && hud.content.label == "Copying")
        let plain = try #require(Resident.show(try request(["--label", "Plain"], name: "served.7.2"), on: session))
        #expect(!plain.policy.modeIsExplicit && !plain.policy.autoClose)
    }

    /// The HUD is made at the place the client asked for, under the name it sent (claimed first), and its end is
    /// told to the session with the status the client's rules read.
    @Test func theNameIsClaimedAndTheEndTold() throws {
        let session = Session()
        let hud = try #require(Resident.show(try request(["--label", "x", "--monitor", "HDMI-1", "--scale", "2"],
                                                         name: "served.9.3"), on: session))
        #expect(session.claimed.map(\.name) == ["served.9.3"])
        #expect(session.made == [HUDPlace(name: "served.9.3", scale: 2, monitor: "HDMI-1")])
        hud.cancel()
        hud.completion?()
        #expect(session.ends == [ExitStatus.cancelled.code])
    }

    /// A name up already, a window that cannot be had, or a line that is no request: no HUD, so the client shows
    /// its own.
    @Test func whatCannotBeServedIsRefused() throws {
        let session = Session()
        session.taken = ["vol"]
        #expect(Resident.show(try request(["--id", "vol", "--label", "x"], name: "vol"), on: session) == nil)
        #expect(Resident.show(try request(["--over-window", "active"], name: "w"), on: session) == nil)
        #expect(Resident.show(["not json"], on: session) == nil)
        #expect(Resident.show([], on: session) == nil)
        #expect(session.made.isEmpty)
    }
}
