/// Why a row's parser refused a value. The parser, which knows the option's name as the user typed it and whether
/// the row is shown, turns it into ArgumentParser's sentence; a row's parser cannot, so it only says why.
public enum ValueError: Error, Equatable, CustomStringConvertible {
    /// "The value 'X' is invalid for '--opt <name>'", followed by the row's choices when it has some.
    case refused
    /// "The value 'X' is invalid for '--opt <name>': <rule>".
    case rule(String)

    /// The rule, so that a row's parser can build on another's ("…, or auto").
    public var description: String {
        switch self {
        case .refused: "refused"
        case .rule(let rule): rule
        }
    }
}
