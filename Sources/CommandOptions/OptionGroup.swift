package import HUDCommandLine
package import HUDConfig

/// A group of options shared by commands (the look, a HUD's content, the watchers): its rows of the command-line
/// table, its value when no option is given, and its check once all are read.
package protocol OptionGroup {
    init()
    static var rows: [OptionRow<Self>] { get }
    /// Throws `UsageError` for a usage problem (status 64), `ExitError` for another status.
    mutating func validate() throws
}

extension OptionRow {
    /// A setting's option: its row of the table of settings (`SettingKey.setting`) gives its name, value name,
    /// help and values, and reads its value as the config file's is read.
    package static func setting<Key: SettingKey & RawRepresentable>(_ key: Key, section: String? = nil,
                                                            help: String? = nil,
                                                            set: @escaping (inout Root, ConfigValue?) -> Void)
        -> OptionRow where Key.RawValue == String {
        let setting = key.setting
        let completion: Completion = if case .monitor = setting.type {
            .shellCommand(MonitorCompletion.command)
        } else if setting.type.choices.isEmpty {
            .none
        } else {
            .values(setting.type.choices)
        }
        return .option(key.rawValue, valueName: setting.valueName, help: help ?? setting.optionHelp,
                       choices: setting.type.choices, completion: completion, section: section,
                       parse: { text throws(ValueError) -> ConfigValue in
                           let value: ConfigValue?
                           do throws(InvalidSetting) { value = try setting.type.argument(text) } catch {
                               throw .rule(error.reason)
                           }
                           guard let value else { throw .refused }
                           return value
                       }, set: set)
    }
}
