import HUDScene
import X11Display
import Foundation
import HUDTestSupport
import Testing
@testable import X11Platform

/// Monitor choice, work area, DPI and theme logic, without an X server.
@Suite(.ownThreads) struct PlacementLogicTests {
    let left = Monitor(name: "L", frame: PixelRect(x: 0, y: 0, width: 640, height: 720), primary: true, output: nil)
    let right = Monitor(name: "DP-2", frame: PixelRect(x: 640, y: 0, width: 640, height: 720), primary: false,
                        output: nil)
    var both: [Monitor] { [left, right] }

    @Test func choicesReadFromText() {
        #expect(MonitorChoice("pointer") == .pointer)
        #expect(MonitorChoice("PRIMARY") == .primary)
        #expect(MonitorChoice("focus") == .focus)
        #expect(MonitorChoice("1") == .index(1))
        #expect(MonitorChoice("DP-2") == .named("DP-2"))
    }

    @Test func pickFollowsEachPolicy() {
        #expect(MonitorChoice.primary.pick(from: both, pointer: nil, focus: nil) == left)
        #expect(MonitorChoice.pointer.pick(from: both, pointer: (900, 100), focus: nil) == right)
        #expect(MonitorChoice.pointer.pick(from: both, pointer: nil, focus: nil) == left)
        let window = PixelRect(x: 500, y: 100, width: 400, height: 300)  // mostly on the right
        #expect(MonitorChoice.focus.pick(from: both, pointer: (10, 10), focus: window) == right)
        #expect(MonitorChoice.focus.pick(from: both, pointer: (10, 10), focus: nil) == left)
        #expect(MonitorChoice.named("dp-2").pick(from: both, pointer: nil, focus: nil) == right)
        #expect(MonitorChoice.index(1).pick(from: both, pointer: nil, focus: nil) == right)
    }

    @Test func missingMonitorsFallBackToThePrimary() {
        #expect(MonitorChoice.named("HDMI-9").pick(from: both, pointer: nil, focus: nil) == left)
        #expect(!MonitorChoice.named("HDMI-9").matches(any: both))
        #expect(MonitorChoice.index(7).pick(from: both, pointer: nil, focus: nil) == left)
        #expect(MonitorChoice.primary.pick(from: [], pointer: nil, focus: nil) == nil)
    }

    @Test func workAreaIsClippedToTheMonitor() {
        let panelTop = PixelRect(x: 0, y: 30, width: 1280, height: 690)
        #expect(usableArea(of: right.frame, workArea: panelTop) == PixelRect(x: 640, y: 30, width: 640, height: 690))
        #expect(usableArea(of: right.frame, workArea: nil) == right.frame)
        // A work area that misses the monitor (another monitor's only) leaves the whole monitor.
        #expect(usableArea(of: right.frame, workArea: PixelRect(x: 0, y: 0, width: 640, height: 720)) == right.frame)
    }

    @Test func dpiFromTheXResources() {
        let resources = "Xcursor.size:\t24\nXft.dpi:\t192\nXft.antialias:\t1\n"
        #expect(XResources.dpi(in: resources) == 192)
        #expect(XResources.dpi(in: "Xft.antialias: 1\n") == nil)
        #expect(XResources.dpi(in: "Xft.dpi: lots\n") == nil)
        #expect(XResources.scale(forDPI: 192) == 2)
        #expect(XResources.scale(forDPI: 144) == 1.5)
        #expect(XResources.scale(forDPI: 72) == 1)  // never smaller than 1
        #expect(XResources.scale(forDPI: nil) == 1)
    }

    /// An `_XSETTINGS_SETTINGS` property as a settings manager writes it (LSB first).
    func xsettingsBytes(_ strings: [(String, String)], integers: [(String, Int32)] = []) -> [UInt8] {
        func card32(_ v: UInt32) -> [UInt8] {
            [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
        }
        func padded(_ s: String) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: 0, count: (4 - s.utf8.count % 4) % 4) }
        var out: [UInt8] = [0, 0, 0, 0] + card32(7) + card32(UInt32(strings.count + integers.count))
        for (name, value) in strings {
            out += [1, 0, UInt8(name.utf8.count), 0] + padded(name) + card32(0)
            out += card32(UInt32(value.utf8.count)) + padded(value)
        }
        for (name, value) in integers {
            out += [0, 0, UInt8(name.utf8.count), 0] + padded(name) + card32(0) + card32(UInt32(bitPattern: value))
        }
        return out
    }

    @Test func xsettingsAreDecoded() {
        let settings = XSettings.parse(xsettingsBytes([("Net/ThemeName", "Adwaita-dark")],
                                                      integers: [("Xft/DPI", 98304)]))
        #expect(settings["Net/ThemeName"] == .string("Adwaita-dark"))
        #expect(settings["Xft/DPI"] == .integer(98304))
        // Truncated or garbage data gives what could be read, never a crash.
        let whole = xsettingsBytes([("Net/ThemeName", "Adwaita")])
        for cut in 0..<whole.count { _ = XSettings.parse(Array(whole.prefix(cut))) }
        #expect(XSettings.parse([0xff, 1, 2]).isEmpty)
    }

    @Test func desktopThemePreferenceInOrder() {
        let dark: [String: XSettingValue] = ["Net/ThemeName": .string("Adwaita-dark")]
        let light: [String: XSettingValue] = ["Net/ThemeName": .string("Adwaita")]
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: dark, gtkSettings: nil) == true)
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: light, gtkSettings: nil) == false)
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: "Adwaita:dark", xsettings: light,
                                         gtkSettings: nil) == true)
        let ini = "[Settings]\ngtk-theme-name=Arc\ngtk-application-prefer-dark-theme=1\n"
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: [:],
                                         gtkSettings: GTKSettingsFile(text: ini)) == true)
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: [:],
                                         gtkSettings: GTKSettingsFile(text: "gtk-theme-name=Arc\n")) == false)
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: [:],
                                         gtkSettings: GTKSettingsFile(text: "gtk-theme-name = Arc-Dark \n")) == true)
        #expect(DesktopTheme.prefersDark(gtkThemeVariable: nil, xsettings: [:], gtkSettings: nil) == nil)
    }

    /// GTK's settings.ini is read one way for the theme and the icon theme: whitespace around keys and values is
    /// not part of them, comments and group headers are skipped, and a later line wins.
    @Test func gtkSettingsIniIsReadOnce() {
        let file = GTKSettingsFile(text: """
            # gtk-icon-theme-name = Commented
            [Settings]
              gtk-icon-theme-name  =  Papirus Dark\t
            gtk-theme-name=Adwaita
            gtk-theme-name = Arc
            gtk-application-prefer-dark-theme = TRUE
            no equals sign
            =value without a key
            """)
        #expect(file.iconThemeName == "Papirus Dark")
        #expect(file.themeName == "Arc")
        #expect(file.prefersDarkTheme == true)
        #expect(file.values.count == 3)
        let empty = GTKSettingsFile(text: "gtk-icon-theme-name =\r\ngtk-application-prefer-dark-theme=0\r\n")
        #expect(empty.iconThemeName == nil, "an empty name names no theme")
        #expect(empty.prefersDarkTheme == nil)
        #expect(empty.values["gtk-application-prefer-dark-theme"] == "0", "\\r is not part of the value")
    }

    /// The file is found where the XDG rules put it, and a missing one is nil.
    @Test func gtkSettingsIniIsFoundUnderTheConfigHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("x11hud-gtk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(GTKSettingsFile.load(environment: ["XDG_CONFIG_HOME": home.path]) == nil)
        let directory = home.appendingPathComponent("gtk-3.0")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "[Settings]\ngtk-icon-theme-name=Tango\n".write(to: directory.appendingPathComponent("settings.ini"),
                                                            atomically: true, encoding: .utf8)
        #expect(GTKSettingsFile.load(environment: ["XDG_CONFIG_HOME": home.path])?.iconThemeName == "Tango")
        #expect(GTKSettingsFile.load(environment: ["HOME": home.path + "/nowhere"]) == nil)
    }
}
