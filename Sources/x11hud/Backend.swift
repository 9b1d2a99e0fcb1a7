import CommandOptions
import FoundationEssentials
import Glibc
import HUDBase
import HUDCommandLine
import HUDFeeds
import WaylandPlatform
import X11Display

/// Which display system shows the HUD (`--backend`): a Wayland compositor with layer-shell where one is there,
/// else X11 (also XWayland's); or the one named.
enum Backend: String, Codable, CaseIterable {
    case auto, x11, wayland

    static func parse(_ text: String) throws(ValueError) -> Backend {
        guard let backend = Backend(rawValue: text.lowercased()) else {
            throw ValueError.rule("one of auto, x11, wayland")
        }
        return backend
    }

    /// The Wayland session `command` shows on, or nil for X11. Automatically: when `WAYLAND_DISPLAY` names a
    /// compositor with layer-shell and no `--display` was given; a compositor without it (GNOME) leaves the HUD to
    /// XWayland when `DISPLAY` is set, as does --over-window (it names an X window).
    /// - Throws: `ExitError` when Wayland was asked for and cannot be had, or is the only display there is.
    @MainActor static func waylandSession(for command: ShowCommand) throws(ExitError) -> WaylandSession? {
        try waylandSession(command.backend, display: command.display, needsX11: command.x11Only)
    }

    /// The same for any command: `backend` as given, `display` its --display, `needsX11` the first option it was
    /// given that only X11 can do.
    @MainActor static func waylandSession(_ backend: Backend?, display: String?, needsX11: String? = nil)
        throws(ExitError) -> WaylandSession? {
        switch backend ?? .auto {
        case .x11:
            return nil
        case .wayland:
            if let needsX11 {
                throw ExitError(message: "\(needsX11) needs X11 (XWayland): not available with --backend wayland yet",
                                code: ExitStatus.usage.code)
            }
            return try open()
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            guard display == nil, needsX11 == nil, !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
                return nil
            }
            do throws(ExitError) { return try open() } catch {
                // GNOME and the others without layer-shell still run XWayland: the HUD goes there.
                if !(environment["DISPLAY"] ?? "").isEmpty { return nil }
                throw error
            }
        }
    }

    @MainActor private static func open() throws(ExitError) -> WaylandSession {
        do { return try WaylandSession() } catch {
            var failure = ExitError(message: error.message, code: error.exitCode)
            if FileDescriptorFeed.hasInput() {
                failure.message += ShowCommand.readingOn
                failure.drainsInput = true
            }
            throw failure
        }
    }
}

extension ShowCommand {
    /// The first option given that only X11 can do, if any.
    var x11Only: String? { overWindow != nil ? "--over-window" : nil }
}

extension Backend {
    /// Whether the desktop asks for dark windows where there is no XSETTINGS (Wayland): `GTK_THEME`, else GTK 3's
    /// settings.ini.
    static func desktopPrefersDark(environment: [String: String]) -> Bool? {
        DesktopTheme.prefersDark(gtkThemeVariable: environment["GTK_THEME"], xsettings: [:],
                                 gtkSettings: GTKSettingsFile.load(environment: environment))
    }

    /// The output `monitor` (`--monitor`, config `monitor`) names by name or index; nil leaves the choice to the
    /// compositor (sway: the focused output; where the pointer is, Wayland does not tell a client not under it).
    @MainActor static func output(_ monitor: String, _ session: WaylandSession) -> String? {
        switch MonitorChoice(monitor) {
        case .named(let name): return name
        case .index(let index):
            let names = session.outputNames
            return names.indices.contains(index) ? names[index] : "\(index)"
        case .pointer, .primary, .focus: return nil
        }
    }
}
