/// Reads one command's arguments against its table, in ArgumentParser's order, so that a command line with two
/// problems reports the one ArgumentParser reported:
///
/// 1. the arguments up to the first `--` are split: three dashes, or `-=`, end it at once (Invalid option);
/// 2. options, in order: a flag given a value, a missing value, a value a row refuses;
/// 3. operands, and their values;
/// 4. a missing required operand, then `validate`: each reported unless help, `--help-hidden` or `--version` is
///    among the arguments (even as an option's value, as ArgumentParser looks);
/// 5. help, `--help-hidden` or `--version` among the arguments left over;
/// 6. an unknown option, then unexpected arguments.
///
/// An option taking a value takes the next argument whatever it is, `--` included (`--mode -- x` gives `--mode`
/// the value `--`); `--name=` gives it the empty string (what x11hud did before ArgumentParser saw `--name=`).
public enum CommandLineParser {
    /// The command `arguments` (without the command's own name) ask for. Throws `CommandLineError` for what the
    /// table refuses (a `UsageError` from `validate` becomes `.usage`), and `validate`'s other errors unchanged.
    public static func parse<Root>(_ spec: CommandSpec<Root>, _ arguments: ArraySlice<String>) throws -> Parsed<Root> {
        let arguments = Array(arguments)
        let tokens = try split(arguments)
        var used = [Bool](repeating: false, count: tokens.count)
        var root = spec.blank()
        for row in spec.options { row.reset(&root) }

        // Options. A value taken from the next argument uses that argument up, whatever it looked like.
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard !used[index], case .option(let option) = tokens[index], option.dashes == 2,
                  let row = spec.options.first(where: { $0.names.contains(option.name) }) else { continue }
            used[index] = true
            let synopsis = row.synopsis(typed: option.name)
            let value: String
            switch row.value {
            case .flag:
                if let attached = option.value {
                    throw CommandLineError.flagWithValue(option: "--\(option.name)", value: attached)
                }
                value = ""
            case .value:
                if let attached = option.value {
                    value = attached
                } else if index + 1 < tokens.count {
                    used[index + 1] = true
                    value = arguments[index + 1]
                } else {
                    throw CommandLineError.missingValue(synopsis)
                }
            }
            do throws(ValueError) {
                try row.apply(&root, value)
            } catch {
                throw invalid(value, synopsis, row.visibility == .shown ? row.choices : [], error)
            }
        }

        // Operands.
        var missing: String?
        switch spec.operands {
        case .none:
            break
        case .afterTerminator(_, _, let set):
            var operands: [String] = []
            if let terminator = tokens.indices.first(where: { !used[$0] && tokens[$0] == .terminator }) {
                for position in terminator..<tokens.count { used[position] = true }
                operands = Array(arguments[(terminator + 1)...])
            }
            set(&root, operands)
        case .positional(let rows):
            var words = tokens.indices.filter { !used[$0] && tokens[$0].isValue }[...]
            for row in rows {
                guard let position = words.popFirst() else {
                    if !row.isOptional, missing == nil { missing = "<\(row.name)>" }
                    continue
                }
                used[position] = true
                let word = arguments[position]
                do throws(ValueError) {
                    if !row.choices.isEmpty, !row.choices.contains(word) { throw .refused }
                    try row.apply(&root, word)
                } catch {
                    throw invalid(word, "<\(row.name)>", row.choices, error)
                }
            }
        }

        let everywhere = tokens.indices.filter { tokens[$0] != .terminator }
        if let missing {
            if let request = builtInRequest(tokens, everywhere, spec) { return request }
            throw CommandLineError.missingArgument(missing)
        }
        do {
            try spec.validate(&root)
        } catch {
            if let request = builtInRequest(tokens, everywhere, spec) { return request }
            if let error = error as? UsageError { throw CommandLineError.usage(error.description) }
            throw error
        }

        let left = tokens.indices.filter { !used[$0] && tokens[$0] != .terminator }
        if let request = builtInRequest(tokens, left, spec) { return request }
        if let unknown = left.first(where: { !tokens[$0].isValue }), case .option(let option) = tokens[unknown] {
            throw unknownOption(option, spec.options)
        }
        switch left.count {
        case 0: return .command(root)
        case 1: throw CommandLineError.unexpectedArgument(arguments[left[0]])
        default: throw CommandLineError.unexpectedArguments(left.map { arguments[$0] })
        }
    }

    private static func invalid(_ value: String, _ synopsis: String, _ choices: [String],
                                _ error: ValueError) -> CommandLineError {
        switch error {
        case .refused: .invalidValue(value: value, option: synopsis, choices: choices, rule: nil)
        case .rule(let rule): .invalidValue(value: value, option: synopsis, choices: [], rule: rule)
        }
    }

    /// Help (`-h`, `--help`, an `h` in a pack of short flags), then `--help-hidden`, then `--version`, among the
    /// arguments at `positions`, as ArgumentParser looks for them.
    private static func builtInRequest<Root>(_ tokens: [Token], _ positions: [Int],
                                             _ spec: CommandSpec<Root>) -> Parsed<Root>? {
        let options = positions.compactMap { position -> Token.Option? in
            if case .option(let option) = tokens[position] { option } else { nil }
        }
        if options.contains(where: { $0.asksForHelp }) { return .help(spec.info, hidden: false) }
        if options.contains(where: { $0.dashes == 2 && $0.name == "help-hidden" }) {
            return .help(spec.info, hidden: true)
        }
        if options.contains(where: { $0.dashes == 2 && $0.name == "version" }) { return .version }
        return nil
    }

    /// ArgumentParser's suggestion: the closest shown long name less than 4 edits away; none for `-x`.
    private static func unknownOption<Root>(_ option: Token.Option, _ rows: [OptionRow<Root>]) -> CommandLineError {
        let typed = option.synopsis
        guard option.dashes == 2 || option.name.count > 1 else { return .unknownOption(typed) }
        let candidates = rows.filter { $0.visibility == .shown }.flatMap { $0.names.map { "--\($0)" } }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(candidate, typed)
            if distance < 4, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        guard let best else { return .unknownOption(typed) }
        return .unknownOptionSuggesting(option: typed, suggestion: best.name)
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// One argument as ArgumentParser's SplitArguments sees it.
    enum Token: Equatable {
        struct Option: Equatable {
            /// 1 or 2.
            var dashes: Int
            /// Without the dashes and the `=value`.
            var name: String
            var value: String?

            /// How ArgumentParser names it in a message: `-x`, `-xy`, `--name`.
            var synopsis: String { String(repeating: "-", count: dashes) + name }

            /// `-h`, `--help`, or a pack of short flags with an `h` in it (`-help`, `-vh`): ArgumentParser reads
            /// each letter of `-abc` as a flag too.
            var asksForHelp: Bool {
                if dashes == 2 { return name == "help" }
                return value == nil ? name.contains("h") : name == "h"
            }
        }

        case option(Option)
        case value
        case terminator

        var isValue: Bool { self == .value }
    }

    /// The arguments up to the first `--` are options or values; after it, values. ArgumentParser refuses three
    /// dashes and an empty name before `=` here, before any option is read.
    static func split(_ arguments: [String]) throws(CommandLineError) -> [Token] {
        var tokens: [Token] = []
        var ended = false
        for argument in arguments {
            if ended {
                tokens.append(.value)
                continue
            }
            let dashes = argument.prefix { $0 == "-" }.count
            let rest = argument.dropFirst(dashes)
            if rest.isEmpty {
                switch dashes {
                case 0, 1: tokens.append(.value)
                case 2: tokens.append(.terminator); ended = true
                default: throw .invalidOption(argument)
                }
                continue
            }
            switch dashes {
            case 0:
                tokens.append(.value)
            case 1, 2:
                if let equals = rest.firstIndex(of: "=") {
                    let name = String(rest[..<equals])
                    if name.isEmpty, dashes == 1 { throw .invalidOption(argument) }
                    let value = String(rest[rest.index(after: equals)...])
                    tokens.append(.option(.init(dashes: dashes, name: name, value: value)))
                } else {
                    tokens.append(.option(.init(dashes: dashes, name: String(rest), value: nil)))
                }
            default:
                throw .invalidOption(argument)
            }
        }
        return tokens
    }
}
