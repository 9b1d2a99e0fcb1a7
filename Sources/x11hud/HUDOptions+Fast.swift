import ArgumentParser
import HUDConfig
import HUDScene

extension HUDOptions {
    /// The options as `FastParser` reads them: every setting of the table (`ConfigKey`), then the others. Each reads
    /// its value with the function its `@Option` names, so both parsers take and refuse the same values.
    static var ownFastOptions: [FastOption<HUDOptions>] {
        ConfigKey.allCases.map(settingOption) + [
            .argument("mode") { $0.mode = $1 },
            .text("label", "text") { $0.label = $1 ?? "" },
            .text("details", "title") { $0.details = $1 ?? "" },
            .value("progress", parse: ProgressValue.parse) { $0.progress = $1 },
            .value("percentage", parse: Percentage.parse) { $0.percentage = $1 },
            .flag("pulsate") { $0.pulsate = $1 },
            .argument("icon") { $0.icon = $1 },
            .flag("static-icons") { $0.staticIcons = $1 },
            .flag("banner") { $0.banner = $1 },
            .flag("show-value") { $0.showValue = $1 },
            .text("image") { $0.image = $1 },
            .text("button") { $0.button = $1 ?? "" },
            .value("min-size", parse: SizeValue.parse) { $0.minSize = $1 },
            .flag("square") { $0.square = $1 },
            .text("config") { $0.config = $1 },
            .flag("no-config") { $0.noConfig = $1 },
            .flag("print-config") { $0.printConfig = $1 },
            .flag("print-settings") { $0.printSettings = $1 },
            .flag("markup") { $0.markup = $1 },
        ]
    }

    /// A setting's option, named as `NameSpecification.setting` names it.
    private static func settingOption(_ key: ConfigKey) -> FastOption<HUDOptions> {
        FastOption(names: [key.rawValue], takesValue: true, reset: { $0.resetSetting(key) },
                   apply: { try $0.setSetting(key, $1) })
    }

    /// Sets a setting's property from its option's value, read as its `@Option` reads it.
    private mutating func setSetting(_ key: ConfigKey, _ text: String) throws {
        switch key {
        case .theme: theme = try parseArgument(text)
        case .bezelColor: bezelColor = try parseColor(text)
        case .contentColor: contentColor = try parseColor(text)
        case .backgroundColor: backgroundColor = try parseColor(text)
        case .font: labelFont = try parseFont(text)
        case .detailsFont: detailsFont = try parseFont(text)
        case .buttonFont: buttonFont = try parseFont(text)
        case .cornerRadius: cornerRadius = try ConfigKey.cornerRadius.number(text)
        case .margin: margin = try ConfigKey.margin.number(text)
        case .animation: animation = try parseArgument(text)
        case .position: position = try parseArgument(text)
        case .offset: offset = try OffsetValue.parse(text)
        case .monitor: monitor = text
        case .scale: scale = try ConfigKey.scale.number(text)
        case .pieStyle: pieStyle = try parseArgument(text)
        case .spinner: spinner = try parseArgument(text)
        case .bezelStyle: bezelStyle = try parseArgument(text)
        }
    }

    /// Sets a setting's property to its value when the option is not given: none, so the config file's applies.
    private mutating func resetSetting(_ key: ConfigKey) {
        switch key {
        case .theme: theme = nil
        case .bezelColor: bezelColor = nil
        case .contentColor: contentColor = nil
        case .backgroundColor: backgroundColor = nil
        case .font: labelFont = nil
        case .detailsFont: detailsFont = nil
        case .buttonFont: buttonFont = nil
        case .cornerRadius: cornerRadius = nil
        case .margin: margin = nil
        case .animation: animation = nil
        case .position: position = nil
        case .offset: offset = nil
        case .monitor: monitor = nil
        case .scale: scale = nil
        case .pieStyle: pieStyle = nil
        case .spinner: spinner = nil
        case .bezelStyle: bezelStyle = nil
        }
    }
}

extension HUDOptions: FastParsable {}
