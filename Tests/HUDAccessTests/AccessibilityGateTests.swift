import HUDAccess
import Testing

/// What decides that nothing is opened: the environment and the accessibility bus's directory, read as GTK and
/// at-spi2-core's bus launcher leave them.
struct AccessibilityGateTests {
    let desktop = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "XDG_RUNTIME_DIR": "/run/user/1000"]

    @Test func withTheLaunchersDirectoryTheDesktopIsAsked() {
        let verdict = AccessibilityGate.verdict(environment: desktop) { $0 == "/run/user/1000/at-spi" }
        #expect(verdict == .ask)
    }

    @Test func withoutItNothingIsOpened() {
        let verdict = AccessibilityGate.verdict(environment: desktop) { _ in false }
        #expect(verdict == .off("no accessibility bus in /run/user/1000/at-spi"))
    }

    @Test func noAtBridgeWinsOverEverything() {
        var environment = desktop
        environment["NO_AT_BRIDGE"] = "1"
        environment["AT_SPI_BUS_ADDRESS"] = "unix:path=/tmp/a11y"
        #expect(AccessibilityGate.verdict(environment: environment) { _ in true } == .off("NO_AT_BRIDGE=1"))
        environment["NO_AT_BRIDGE"] = "0"
        #expect(AccessibilityGate.verdict(environment: environment) { _ in false } == .bus("unix:path=/tmp/a11y"))
    }

    @Test func withoutABusNothingIsAsked() {
        #expect(AccessibilityGate.verdict(environment: [:]) { _ in true } == .off("no session bus"))
        #expect(AccessibilityGate.verdict(environment: ["DBUS_SESSION_BUS_ADDRESS": ""]) { _ in true }
            == .off("no session bus"))
    }

    @Test func withoutARuntimeDirectoryTheLauncherIsLookedForWhereGLibPutsIt() {
        let environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/b", "HOME": "/home/a"]
        #expect(AccessibilityGate.verdict(environment: environment) { $0 == "/home/a/.cache/at-spi" } == .ask)
        #expect(AccessibilityGate.verdict(environment: environment) { _ in false }
            == .off("no accessibility bus in /home/a/.cache/at-spi"))
        #expect(AccessibilityGate.verdict(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/b"]) { _ in true }
            == .off("no runtime directory"))
    }

    @Test func onlyAnErrorThatSaysNothingIsThereMeansNoLauncher() {
        #expect(AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.ServiceUnknown"))
        #expect(AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.NameHasNoOwner"))
        #expect(AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.UnknownProperty"))
        #expect(!AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.Timeout"))
        #expect(!AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.NoReply"))
        #expect(!AccessibilityGate.meansNoLauncher("org.freedesktop.DBus.Error.TimedOut"))
        #expect(!AccessibilityGate.meansNoLauncher("ServiceUnknown"))
    }

    @Test func eitherSwitchIsOn() {
        #expect(AccessibilityGate.isOn(["IsEnabled": true, "ScreenReaderEnabled": false]))
        #expect(AccessibilityGate.isOn(["IsEnabled": false, "ScreenReaderEnabled": true]))
        #expect(!AccessibilityGate.isOn(["IsEnabled": false, "ScreenReaderEnabled": false]))
        #expect(!AccessibilityGate.isOn([:]))
    }
}
