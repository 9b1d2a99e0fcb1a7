/// A command line the parser refuses, worded as ArgumentParser words it, so that scripts and users see the same
/// messages as before the parser was x11hud's own. `description` is one line: where ArgumentParser listed six or
/// more choices one per line, they follow the colon, separated by commas (what x11hud printed).
public enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// Unknown option '--bogus'
    case unknownOption(String)
    /// Unknown option '--moed'. Did you mean '--mode'?  (a shown option's name less than 4 edits away)
    case unknownOptionSuggesting(option: String, suggestion: String)
    /// Unexpected argument '-'
    case unexpectedArgument(String)
    /// 2 unexpected arguments: 'a', 'b'
    case unexpectedArguments([String])
    /// Invalid option: ---mode    /    Invalid option: -=
    case invalidOption(String)
    /// Missing value for '--mode <mode>'
    case missingValue(String)
    /// Missing expected argument '<on|off|toggle|status>'
    case missingArgument(String)
    /// The option '--stdin' does not take any value, but 'yes' was specified.
    case flagWithValue(option: String, value: String)
    /// The value 'bogus' is invalid for '--mode <mode>', then the rule after a colon, or the choices.
    case invalidValue(value: String, option: String, choices: [String], rule: String?)
    /// A `validate` message as it is.
    case usage(String)

    public var description: String {
        switch self {
        case .unknownOption(let option):
            return "Unknown option '\(option)'"
        case .unknownOptionSuggesting(let option, let suggestion):
            return "Unknown option '\(option)'. Did you mean '\(suggestion)'?"
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'"
        case .unexpectedArguments(let arguments):
            return "\(arguments.count) unexpected arguments: '\(arguments.joined(separator: "', '"))'"
        case .invalidOption(let option):
            return "Invalid option: \(option)"
        case .missingValue(let option):
            return "Missing value for '\(option)'"
        case .missingArgument(let argument):
            return "Missing expected argument '\(argument)'"
        case .flagWithValue(let option, let value):
            return "The option '\(option)' does not take any value, but '\(value)' was specified."
        case .invalidValue(let value, let option, let choices, let rule):
            let start = "The value '\(value)' is invalid for '\(option)'"
            if let rule { return "\(start): \(rule)" }
            return start + Self.choiceList(choices)
        case .usage(let message):
            return message
        }
    }

    /// ArgumentParser's `formattedValueList`: up to five inline ("'a' and 'b'", "'a', 'b' or 'c'"), more as a list.
    static func choiceList(_ choices: [String]) -> String {
        switch choices.count {
        case 0:
            return ""
        case 1...5:
            let quoted = choices.map { "'\($0)'" }
            let list = quoted.count <= 2
                ? quoted.joined(separator: " and ")
                : quoted.dropLast().joined(separator: ", ") + " or \(quoted.last!)"
            return ". Please provide one of \(list)."
        default:
            return ". Please provide one of the following: " + choices.joined(separator: ", ")
        }
    }
}
