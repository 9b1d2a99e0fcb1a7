import ArgumentParser
import HUDConfig
import HUDScene

/// The options of a HUD's look that every HUD honours, notifications too: its settings (colours, fonts, metrics,
/// place, animation), the monitor and scale, and the config file. `HUDOptions` adds a HUD's content (`--label`,
/// `--progress`, `--icon`, `--button`…) and the settings only a HUD of the command line uses; `x11hud notifications`
/// takes these alone, as every notification brings its own content.
struct LookOptions: ParsableArguments {
    // Each option's name and help are its row of the table of settings (`ConfigKey.setting`).

    @Option(name: .setting(.theme), parsing: .unconditional, help: .setting(.theme))
    var theme: ThemeChoice?

    @Option(name: .setting(.bezelColor), parsing: .unconditional, help: .setting(.bezelColor), transform: parseColor)
    var bezelColor: RGBA?

    @Option(name: .setting(.bezelStyle), parsing: .unconditional, help: .setting(.bezelStyle))
    var bezelStyle: BezelStyle?

    @Option(name: .setting(.contentColor), parsing: .unconditional, help: .setting(.contentColor),
            transform: parseColor)
    var contentColor: RGBA?

    @Option(name: .setting(.font), parsing: .unconditional, help: .setting(.font), transform: parseFont)
    var labelFont: FontSpec?

    @Option(name: .setting(.detailsFont), parsing: .unconditional, help: .setting(.detailsFont), transform: parseFont)
    var detailsFont: FontSpec?

    @Option(name: .setting(.buttonFont), parsing: .unconditional, help: .setting(.buttonFont), transform: parseFont)
    var buttonFont: FontSpec?

    @Option(name: .setting(.scale), parsing: .unconditional, help: .setting(.scale),
            transform: ConfigKey.scale.number)
    var scale: Double?

    @Option(name: .setting(.margin), parsing: .unconditional, help: .setting(.margin),
            transform: ConfigKey.margin.number)
    var margin: Double?

    @Option(name: .setting(.cornerRadius), parsing: .unconditional, help: .setting(.cornerRadius),
            transform: ConfigKey.cornerRadius.number)
    var cornerRadius: Double?

    @Option(name: .setting(.position), parsing: .unconditional, help: .setting(.position))
    var position: Position?

    @Option(name: .setting(.offset), parsing: .unconditional, help: .setting(.offset), transform: OffsetValue.parse)
    var offset: OffsetValue?

    @Option(name: .setting(.animation), parsing: .unconditional, help: .setting(.animation))
    var animation: HUDAnimation?

    @Option(name: .setting(.monitor), parsing: .unconditional, help: .setting(.monitor),
            completion: .shellCommand(MonitorCompletion.command))
    var monitor: String?

    @Flag(name: .customLong("static-icons"), help: "Show icons whole at once instead of drawing their strokes in.")
    var staticIcons = false

    @Flag(name: .customLong("show-value"), help: "Show the percentage inside the ring or pie, or beside the bar.")
    var showValue = false

    @Option(parsing: .unconditional, help: ArgumentHelp("""
        Read defaults from this file instead of $XDG_CONFIG_HOME/x11hud/config.toml (the system's files, \
        /etc/xdg/x11hud/config.toml, still apply under it).
        """, valueName: "file"), completion: .file(extensions: ["toml"]))
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Read no config file, neither the user's nor the system's.")
    var noConfig = false

    @Flag(name: .customLong("print-config"), help: """
        Print the effective settings, the [notifications] table's included, and where each came from, then exit.
        """)
    var printConfig = false

    /// The config files under these options and `more` (a HUD's own settings options).
    func settings(adding more: [(ConfigKey, ConfigValue?)] = []) throws -> Settings {
        let given: [(ConfigKey, ConfigValue?)] = [
            (.theme, theme.map { .theme($0) }), (.bezelColor, bezelColor.map { .color($0) }),
            (.contentColor, contentColor.map { .color($0) }), (.font, labelFont.map { .font($0) }),
            (.detailsFont, detailsFont.map { .font($0) }), (.buttonFont, buttonFont.map { .font($0) }),
            (.cornerRadius, cornerRadius.map { .number($0) }), (.margin, margin.map { .number($0) }),
            (.animation, animation.map { .animation($0) }), (.position, position.map { .position($0) }),
            (.offset, offset.map { .offset($0.point) }), (.monitor, monitor.map { .monitor($0) }),
            (.scale, scale.map { .number($0) }), (.bezelStyle, bezelStyle.map { .bezelStyle($0) }),
        ]
        return try Settings.load(config: config, noConfig: noConfig, given: given + more)
    }

    /// The look of `settings` (made by `settings(adding:)`, its `auto` theme resolved): built-in defaults, then the
    /// config files, then the flags.
    func style(_ settings: Settings) -> HUDStyle {
        var style = settings.style
        if staticIcons { style.liveIcons = false }
        if showValue { style.showsValue = true }
        return style
    }
}
