import HUDBase
import HUDScene
import Testing

/// Issue 11: every value from outside is held to one documented range before it can do harm downstream.
@Suite struct InputLimitsTests {
    @Test func everyDurationIsClampedIntoOneDay() {
        #expect(InputLimits.clampedDuration(1e18) == 86_400)
        #expect(InputLimits.clampedDuration(.infinity) == 86_400)
        #expect(InputLimits.clampedDuration(-1) == 0)
        #expect(InputLimits.clampedDuration(.nan) == 0)
        #expect(InputLimits.clampedDuration(1.5) == 1.5)
    }

    @Test func nanosecondsSaturateInsteadOfTrapping() {
        #expect(InputLimits.nanoseconds(1e18) == UInt64.max)
        #expect(InputLimits.nanoseconds(.infinity) == UInt64.max)
        #expect(InputLimits.nanoseconds(.nan) == 0)
        #expect(InputLimits.nanoseconds(-5) == 0)
        #expect(InputLimits.nanoseconds(1.5) == 1_500_000_000)
    }

    @Test func aHugeHideDelayBecomesADeadlineADayAway() {
        var scene = HUDScene(content: HUDContent(), style: .theme(.dark),
                             area: Rect(x: 0, y: 0, width: 640, height: 480))
        var lifecycle = HUDLifecycle(graceTime: 1e18, minShowTime: -3)
        #expect(lifecycle.graceTime == 86_400 && lifecycle.minShowTime == 0)
        lifecycle.graceTime = 0
        let now = 1_000_000.0
        lifecycle.show(at: now, scene: &scene)
        lifecycle.hide(at: now, afterDelay: 1e18, scene: &scene)
        #expect(lifecycle.nextDeadline(scene: scene) == now + 86_400)
    }

    @Test(arguments: ["Sans 1000000000", "Sans 100000", "Sans 600", "Sans -5", "Sans 0.5", "Sans 99999999999999999999",
                      "Sans 1000px"])
    func outOfRangeFontSizesAreRefusedWithOneRule(_ description: String) {
        #expect(throws: FontParseError.self) { try FontSpec(description) }
        do { _ = try FontSpec(description) } catch {
            #expect(error.reason == InputLimits.fontSizeRule, "\(description): \(error.reason)")
        }
    }

    @Test(arguments: ["Sans 1", "Sans Bold 512", "DejaVu Sans 12", "Sans 20px", "Monospace"])
    func sizesInRangeAreAccepted(_ description: String) throws {
        _ = try FontSpec(description)
    }

    @Test func relativeXDGPathsAreIgnored() {
        #expect(XDGBaseDirectory.configHome(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config")
        #expect(XDGBaseDirectory.configHome(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x")
        #expect(XDGBaseDirectory.configHome(environment: ["HOME": "relative"]) == nil)
        let environment = ["XDG_CONFIG_HOME": "./c", "HOME": "/h"]
        let ini = XDGBaseDirectory.configFile("gtk-3.0/settings.ini", environment: environment)
        #expect(ini == "/h/.config/gtk-3.0/settings.ini")
    }

    /// The data rule is the config rule: relative paths ignored, the default when the list is unset, empty or names
    /// no absolute path, the user's directory first.
    @Test func theDataDirectoriesFollowTheSameRule() {
        let defaults = ["/usr/local/share", "/usr/share"]
        #expect(XDGBaseDirectory.dataDirectories(environment: [:]) == defaults)
        #expect(XDGBaseDirectory.dataDirectories(environment: ["XDG_DATA_DIRS": ""]) == defaults)
        #expect(XDGBaseDirectory.dataDirectories(environment: ["XDG_DATA_DIRS": "a:b"]) == defaults)
        #expect(XDGBaseDirectory.dataDirectories(environment: ["XDG_DATA_DIRS": "a:/x::/y"]) == ["/x", "/y"])
        #expect(XDGBaseDirectory.dataHome(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]) == "/h/.local/share")
        #expect(XDGBaseDirectory.dataHome(environment: ["HOME": "relative"]) == nil)
        let environment = ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/x"]
        #expect(XDGBaseDirectory.dataSearchPath(environment: environment) == ["/d", "/x"])
        #expect(XDGBaseDirectory.configDirectories(environment: ["XDG_CONFIG_DIRS": ""]) == ["/etc/xdg"])
    }
}
