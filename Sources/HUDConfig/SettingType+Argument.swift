import HUDScene

extension SettingType {
    /// A value given on the command line (`--margin 12`, `--offset -100,0`), held to the rules the config file is
    /// held to: the value, or nil for a name a choice does not have (the command line then lists the names), or why
    /// it is refused.
    public func argument(_ text: String) throws(InvalidSetting) -> ConfigValue? {
        switch self {
        case .choice(_, let make):
            return make(text)
        case .color:
            do { return .color(try RGBA(hex: text)) } catch { throw InvalidSetting(reason: "\(error)") }
        case .font:
            do { return .font(try FontSpec(text)) } catch { throw InvalidSetting(reason: "\(error)") }
        case .number:
            return .number(try number(text))
        case .whole:
            return .number(Double(try whole(text)))
        case .hintNames(let count):
            let names = text.split(separator: ",").map { String($0).trimmingWhitespace() }
            guard count.contains(names.count), names.allSatisfy(Self.isHintName) else {
                throw InvalidSetting(reason: "expected \(summary)")
            }
            return .names(names)
        case .point:
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0].trimmingWhitespace()),
                  let y = Double(parts[1].trimmingWhitespace()), x.isFinite, y.isFinite
            else { throw InvalidSetting(reason: "expected X,Y in points (0,40 or -100,0)") }
            return .offset(Point(x: x, y: y))
        case .monitor:
            return .monitor(text)
        case .command:
            return .command(text)
        }
    }

    /// The names a choice takes; empty for other types.
    public var choices: [String] {
        if case .choice(let names, _) = self { return names }
        return []
    }
}
