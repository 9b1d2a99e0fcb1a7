import HUDConfig
import HUDScene

extension HUDOptions: FastParsable {
    /// The options as `FastParser` reads them: the look's (`LookOptions`), then the settings of the table that are
    /// a HUD's own, then the others. Each reads its value with the function its `@Option` names, so both parsers
    /// take and refuse the same values.
    static var ownFastOptions: [FastOption<HUDOptions>] {
        ownSettings.map { .setting($0) { try $0.setSetting($1, $2) } } + [
            .argument("mode") { $0.mode = $1 },
            .text("label", "text") { $0.label = $1 },
            .text("details", "title") { $0.details = $1 },
            .value("progress", parse: ProgressValue.parse) { $0.progress = $1 },
            .value("percentage", parse: Percentage.parse) { $0.percentage = $1 },
            .flag("pulsate") { $0.pulsate = $1 },
            .argument("icon") { $0.icon = $1 },
            .flag("banner") { $0.banner = $1 },
            .text("image") { $0.image = $1 },
            .text("button") { $0.button = $1 },
            .value("min-size", parse: SizeValue.parse) { $0.minSize = $1 },
            .flag("square") { $0.square = $1 },
            .flag("print-settings") { $0.printSettings = $1 },
            .flag("markup") { $0.markup = $1 },
        ]
    }

    static var fastOptions: [FastOption<HUDOptions>] {
        LookOptions.fastOptions.map { $0.lifted { try $1(&$0.look) } } + ownFastOptions
    }

    /// The settings whose options are the HUD's own, not the look's that `x11hud notifications` shares.
    static let ownSettings: [ConfigKey] = [.backgroundColor, .pieStyle, .spinner]

    mutating func blankGroups() {
        look = .blank
    }

    mutating func fastValidate() throws {
        try look.fastValidate()
        try validate()
    }

    /// Sets one of `ownSettings`' properties from its option's value, read as its `@Option` reads it; nil: not
    /// given, so the config file's value applies.
    fileprivate mutating func setSetting(_ key: ConfigKey, _ text: String?) throws {
        func read<T>(_ parse: (String) throws -> T) throws -> T? { try text.map(parse) }
        switch key {
        case .backgroundColor: backgroundColor = try read(parseColor)
        case .pieStyle: pieStyle = try read(parseArgument)
        case .spinner: spinner = try read(parseArgument)
        default: break  // the look's (`LookOptions.setSetting`)
        }
    }
}
