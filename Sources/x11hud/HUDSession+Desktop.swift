import CommandOptions
import FoundationEssentials
import X11Platform

extension HUDSession {
    /// Whether this process's desktop asks for dark windows, with its environment (`GTK_THEME`, the config
    /// directory of settings.ini): what `Settings.resolveAutoTheme` asks when the theme is `auto`.
    @MainActor func desktopPrefersDark() -> Bool? {
        desktopPrefersDarkTheme(environment: ProcessInfo.processInfo.environment)
    }
}
