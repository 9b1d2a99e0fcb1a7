package import HUDCommandLine
package import HUDConfig
package import HUDScene

/// The options of a HUD's look that every HUD honours, notifications too: its settings (colours, fonts, metrics,
/// place, animation), the monitor and scale, and the config file. `HUDOptions` adds a HUD's content (`--label`,
/// `--progress`, `--icon`, `--button`…) and the settings only a HUD of the command line uses; `x11hud notifications`
/// takes these alone, as every notification brings its own content.
package struct LookOptions: OptionGroup, Codable {
    package init() {}

    /// The settings given as options: each option is its row of the table of settings (`ConfigKey.setting`).
    package var given: [ConfigKey: ConfigValue] = [:]
    package var staticIcons = false
    package var showValue = false
    package var config: String?
    package var noConfig = false
    package var printConfig = false

    /// The settings every HUD honours, in the order `--help` lists them.
    package static let settingKeys: [ConfigKey] = [
        .theme, .bezelColor, .bezelStyle, .contentColor, .font, .detailsFont, .buttonFont, .scale, .margin,
        .cornerRadius, .position, .offset, .animation, .monitor, .accessibility,
    ]

    package static let rows = sectionRows(nil)

    /// The rows, under `section` in `--help` (the notification server's "Look (as for the HUD)"), with `help`
    /// instead of a setting's own where a command uses it otherwise (the server's fonts are the summary's and body's).
    package static func sectionRows(_ section: String?, help: [ConfigKey: String] = [:]) -> [OptionRow<LookOptions>] {
        settingKeys.map { key in .setting(key, section: section, help: help[key]) { $0.given[key] = $1 } } + [
            .flag("static-icons", help: "Show icons whole at once instead of drawing their strokes in.",
                  section: section) { $0.staticIcons = $1 },
            .flag("show-value", help: "Show the percentage inside the ring or pie, or beside the bar.",
                  section: section) { $0.showValue = $1 },
            .text("config", valueName: "file", help: """
                Read defaults from this file instead of $XDG_CONFIG_HOME/x11hud/config.toml (the system's files, \
                /etc/xdg/x11hud/config.toml, still apply under it).
                """, completion: .file(extensions: ["toml"]), section: section) { $0.config = $1 },
            .flag("no-config", help: "Read no config file, neither the user's nor the system's.",
                  section: section) { $0.noConfig = $1 },
            .flag("print-config", help: """
                Print the effective settings, the [notifications] table's included, and where each came from, then \
                exit.
                """, section: section) { $0.printConfig = $1 },
        ]
    }

    package mutating func validate() throws {}

    package var animation: HUDAnimation? { if case .animation(let v)? = given[.animation] { v } else { nil } }
    package var labelFont: FontSpec? { if case .font(let v)? = given[.font] { v } else { nil } }
    package var detailsFont: FontSpec? { if case .font(let v)? = given[.detailsFont] { v } else { nil } }
    package var cornerRadius: Double? { if case .number(let v)? = given[.cornerRadius] { v } else { nil } }
    package var position: Position? { if case .position(let v)? = given[.position] { v } else { nil } }

    /// The look of `settings` (made by `settings()`, its `auto` theme resolved): built-in defaults, then the
    /// config files, then the flags.
    package func style(_ settings: Settings) -> HUDStyle {
        var style = settings.style
        if staticIcons { style.liveIcons = false }
        if showValue { style.showsValue = true }
        return style
    }
}
