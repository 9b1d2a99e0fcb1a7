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
        FastOption(names: [key.rawValue], takesValue: true, reset: { try? $0.setSetting(key, nil) },
                   apply: { try $0.setSetting(key, $1) })
    }

    /// Sets a setting's property from its option's value, read as its `@Option` reads it; nil: not given, so the
    /// config file's value applies.
    private mutating func setSetting(_ key: ConfigKey, _ text: String?) throws {
        func read<T>(_ parse: (String) throws -> T) throws -> T? { try text.map(parse) }
        switch key {
        case .theme: theme = try read(parseArgument)
        case .bezelColor: bezelColor = try read(parseColor)
        case .contentColor: contentColor = try read(parseColor)
        case .backgroundColor: backgroundColor = try read(parseColor)
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
        case .pieStyle: pieStyle = try read(parseArgument)
        case .spinner: spinner = try read(parseArgument)
        case .bezelStyle: bezelStyle = try read(parseArgument)
        }
    }
}

extension HUDOptions: FastParsable {}
