import CommandOptions
import HUDCommandLine
import HUDBase
import HUDFeeds
import HUDShow
import WaylandPlatform
import X11Display
import X11Platform

/// Which display system shows the HUD (`--backend`, on every command): a Wayland compositor with layer-shell where
/// one is there, else X11 (also XWayland's); or the one named.
enum Backend: String, Codable, CaseIterable {
    case auto, x11, wayland

    static func parse(_ text: String) throws(ValueError) -> Backend {
        guard let backend = Backend(rawValue: text.lowercased()) else {
            throw ValueError.rule("one of auto, x11, wayland")
        }
        return backend
    }

    /// `--backend` for a command that asks the HUDs already up (`list`, `hide`): the same choice a HUD makes.
    static func row<C>(_ path: WritableKeyPath<C, Backend?>) -> OptionRow<C> {
        .option("backend", valueName: "auto|x11|wayland", help: """
            Ask X11 or a Wayland compositor with layer-shell, as a HUD chooses ('auto', the default: Wayland when \
            $WAYLAND_DISPLAY names one and no --display is given).
            """, choices: allCases.map(\.rawValue), parse: parse) { $0[keyPath: path] = $1 }
    }
}

/// The one place that picks the platform, for every command, and the only file of the command module that names
/// a platform module: above it, everything is written once against `DisplaySession` and `NameService`.
@MainActor enum Platform {
    /// The display `backend` asks for. Automatically: a Wayland compositor with layer-shell when `WAYLAND_DISPLAY`
    /// names one and neither `--display` nor an option only X11 can do (`needsX11`, such as `--over-window`) was
    /// given; a compositor without layer-shell (GNOME) leaves the HUD to XWayland when `DISPLAY` is set.
    /// - Throws: `ExitError` (69 with no display; 64 for an X11-only option with `--backend wayland`), in the words
    ///   of the platform asked for. With `drainsInput`, piped input is then read to its end before the exit.
    static func open(_ backend: Backend?, display: String?, needsX11: String? = nil,
                     drainsInput: Bool = false) throws(ExitError) -> any DisplaySession {
        let environment = ProcessEnvironment.variables
        let wayland = environment["WAYLAND_DISPLAY"] ?? "", x11 = environment["DISPLAY"] ?? ""
        do throws(PlatformFailure) {
            switch backend ?? .auto {
            case .x11:
                return try X11DisplaySession(display: display)
            case .wayland:
                if let needsX11 {
                    throw PlatformFailure(.usage,
                                          "\(needsX11) needs X11 (XWayland): not available with --backend wayland")
                }
                if let display {
                    ExitError.printError("warning: --display \(display) names an X display; --backend wayland shows on "
                        + "the compositor WAYLAND_DISPLAY names")
                }
                return try openWayland(environment)
            case .auto:
                if display == nil, needsX11 == nil, !wayland.isEmpty {
                    do { return try openWayland(environment) } catch {
                        // GNOME and the others without layer-shell still run XWayland: the HUD goes there.
                        if x11.isEmpty { throw error }
                    }
                }
                if display == nil, x11.isEmpty {
                    if let needsX11, !wayland.isEmpty {
                        throw PlatformFailure(.displayUnavailable, "\(needsX11) needs X11 (XWayland), and DISPLAY is "
                            + "not set in this Wayland session")
                    }
                    throw PlatformFailure(.displayUnavailable, "no display: neither WAYLAND_DISPLAY nor DISPLAY "
                        + "is set, and no --display was given")
                }
                return try X11DisplaySession(display: display)
            }
        } catch {
            var failure = ExitError(error.status, error.message)
            if drainsInput, error.status == .displayUnavailable, FileDescriptorFeed.hasInput() {
                failure.message += ShowCommand.readingOn
                failure.drainsInput = true
            }
            throw failure
        }
    }

    /// Whether `command` will show its own HUD on `session`, as far as can be told without asking anyone: with no
    /// `--id` and the resident bypassed; on Wayland also when there is no resident's socket in the compositor's name
    /// directory (or it is bypassed) and no socket for its `--id`. Costs an `access` or two.
    static func showsOwnHUD(_ command: ShowCommand, on session: any DisplaySession) -> Bool {
        guard let wayland = session as? WaylandDisplaySession else { return command.id == nil && Resident.isBypassed }
        let name = wayland.displayName
        if !Resident.isBypassed, WaylandDisplaySession.hasResident(display: name) { return false }
        return command.id.map { !WaylandDisplaySession.hasHUD(named: $0, display: name) } ?? true
    }

    private static func openWayland(_ environment: [String: String]) throws(PlatformFailure) -> WaylandDisplaySession {
        // No XSETTINGS on Wayland: GTK_THEME, else GTK 3's settings.ini.
        try WaylandDisplaySession(environment: environment, prefersDark: {
            DesktopTheme.prefersDark(gtkThemeVariable: environment["GTK_THEME"], xsettings: [:],
                                     gtkSettings: GTKSettingsFile.load(environment: environment))
        }, iconTheme: { GTKSettingsFile.load(environment: environment)?.iconThemeName })
    }
}
