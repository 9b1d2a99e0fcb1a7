import HUDConfig
import HUDScene

extension LookOptions: FastParsable {
    /// The options as `FastParser` reads them: the settings of the table (`ConfigKey`) that are this group's (the
    /// others are `HUDOptions`' own), then the others. Each reads its value with the function its `@Option` names,
    /// so both parsers take and refuse the same values.
    static var ownFastOptions: [FastOption<LookOptions>] {
        let settings = ConfigKey.allCases.filter { !HUDOptions.ownSettings.contains($0) }
        return settings.map { .setting($0) { try $0.setSetting($1, $2) } } + [
            .flag("static-icons") { $0.staticIcons = $1 },
            .flag("show-value") { $0.showValue = $1 },
            .text("config") { $0.config = $1 },
            .flag("no-config") { $0.noConfig = $1 },
            .flag("print-config") { $0.printConfig = $1 },
        ]
    }

    /// Sets a setting's property from its option's value, read as its `@Option` reads it; nil: not given, so the
    /// config file's value applies.
    fileprivate mutating func setSetting(_ key: ConfigKey, _ text: String?) throws {
        func read<T>(_ parse: (String) throws -> T) throws -> T? { try text.map(parse) }
        switch key {
        case .theme: theme = try read(parseArgument)
        case .bezelColor: bezelColor = try read(parseColor)
        case .contentColor: contentColor = try read(parseColor)
        case .font: labelFont = try read(parseFont)
        case .detailsFont: detailsFont = try read(parseFont)
        case .buttonFont: buttonFont = try read(parseFont)
        case .cornerRadius: cornerRadius = try read(ConfigKey.cornerRadius.number)
        case .margin: margin = try read(ConfigKey.margin.number)
        case .animation: animation = try read(parseArgument)
        case .position: position = try read(parseArgument)
        case .offset: offset = try read(OffsetValue.parse)
        case .monitor: monitor = text
        case .scale: scale = try read(ConfigKey.scale.number)
        case .bezelStyle: bezelStyle = try read(parseArgument)
        case .backgroundColor, .pieStyle, .spinner: break  // HUDOptions' own (`HUDOptions.ownSettings`)
        }
    }
}
