import ArgumentParser

/// The command lines that start or change a HUD (the default command, `--id`, `run`, `hide`, `list`, zenity's and
/// yad's) and the one that starts the notification server, read without ArgumentParser: it builds a command's
/// argument set from reflection metadata, several times per parse, which was about 12 M of the 18.6 M instructions
/// before the window was mapped (issue 32), and the pages it touches stay resident in a long-lived server. This
/// reads the same options from the commands' tables (`FastOption`), the settings' names from the table of settings.
///
/// It reads only what it fully understands: valid options of those commands. For anything else (help, the version,
/// completions, another command, an unknown option, a value an option refuses, a missing value) it returns nil and
/// ArgumentParser reads the untouched arguments, so it says exactly what it said before, and `--help`, the man page
/// and the completions are still its own. The `validate()`s run here in ArgumentParser's order, and what they throw
/// goes where ArgumentParser's errors go; its messages and statuses for them are the same (FastParserTests).
enum FastParser {
    /// The command `arguments` (after `X11HUDCommand.splittingEmptyValues`) ask for, or nil for ArgumentParser to
    /// read them.
    static func command(_ arguments: [String]) throws -> (any ParsableCommand)? {
        switch arguments.first {
        case "run": return try parse(RunCommand.self, arguments.dropFirst())
        case "hide": return try parse(HideCommand.self, arguments.dropFirst())
        case "list": return try parse(ListCommand.self, arguments.dropFirst())
        case "show": return try parse(ShowCommand.self, arguments.dropFirst())
        // The server; its subcommands (`history`, `pause`, …) are positional, which the scan leaves to ArgumentParser.
        case "notifications": return try parse(NotificationsCommand.self, arguments.dropFirst())
        case let first? where Subcommand.parsedNames.contains(first): return nil
        default: return try parse(ShowCommand.self, arguments[...])
        }
    }

    /// The default command's options, as ArgumentParser's `ShowCommand.parse` reads them (zenity and yad).
    static func show(_ arguments: [String]) throws -> ShowCommand? {
        try parse(ShowCommand.self, arguments[...])
    }

    /// `arguments` read into a `C`, validated; nil if ArgumentParser must read them.
    static func parse<C: FastParsable>(_ type: C.Type, _ arguments: ArraySlice<String>) throws -> C? {
        var command = C.blank
        switch scan(arguments, options: C.fastOptions, into: &command) {
        case .refused:
            return nil
        case .options:
            break
        case .terminator(let rest):
            guard command.takeOperands(rest) else { return nil }
        }
        try command.fastValidate()
        return command
    }

    private enum Scanned {
        /// Something ArgumentParser must read.
        case refused
        /// Options only.
        case options
        /// Options, then `--` and these arguments.
        case terminator(ArraySlice<String>)
    }

    /// Reads `--name`, `--name value` and `--name=value` until the first `--`, as ArgumentParser does for options
    /// that take the next argument as their value whatever it looks like (`parsing: .unconditional`, all of
    /// x11hud's). Repeated options are fine: the last value is the one kept, as with ArgumentParser.
    private static func scan<C>(_ arguments: ArraySlice<String>, options: [FastOption<C>],
                                into command: inout C) -> Scanned {
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let argument = arguments[i]
            i += 1
            if argument == "--" { return .terminator(arguments[i...]) }
            // A positional argument (none of these commands takes one before `--`), or a short flag.
            guard argument.hasPrefix("--"), !concernsArgumentParser(argument) else { return .refused }
            let body = argument.utf8.dropFirst(2)
            let equals = body.firstIndex(of: UInt8(ascii: "="))
            let name = Substring(body[..<(equals ?? body.endIndex)])
            guard let option = options.first(where: { $0.names.contains { $0 == name } }) else { return .refused }
            var value = equals.map { String(Substring(body[body.index(after: $0)...])) }
            if !option.takesValue {
                // ArgumentParser refuses a value after a flag.
                guard value == nil else { return .refused }
                try? option.apply(&command, "")
                continue
            }
            if value == nil {
                // `--` ends the options even where a value is due; ArgumentParser then reports a missing value, or
                // takes `--` itself as the value, and the terminator with it.
                guard i < arguments.endIndex, arguments[i] != "--", !concernsArgumentParser(arguments[i]) else {
                    return .refused
                }
                value = arguments[i]
                i += 1
            } else if value == "" {
                // `--name=` takes the next argument as its value in ArgumentParser (`splittingEmptyValues` turns it
                // into `--name ""` on the command line, but zenity's forwarded options come here as given).
                return .refused
            }
            do { try option.apply(&command, value ?? "") } catch { return .refused }
        }
        return .options
    }

    /// Whether ArgumentParser looks at this argument itself wherever it stands, even as an option's value: when a
    /// `validate()` fails it looks for help, version, completion and dump-help requests in every argument, and a
    /// single dash starts a pack of short flags, in which an `h` asks for help. Also what it refuses before parsing:
    /// three dashes, and `-=`.
    static func concernsArgumentParser(_ argument: String) -> Bool {
        let utf8 = argument.utf8
        guard utf8.first == UInt8(ascii: "-") else { return false }
        let rest = utf8.dropFirst()
        if rest.first != UInt8(ascii: "-") {
            return rest.first == UInt8(ascii: "=") || rest.contains(UInt8(ascii: "h"))
        }
        if rest.dropFirst().first == UInt8(ascii: "-") { return true }
        let name = Substring(rest.dropFirst().prefix { $0 != UInt8(ascii: "=") })
        return builtInNames.contains { $0 == name }
    }

    /// The options ArgumentParser answers itself.
    private static let builtInNames = [
        "help", "help-hidden", "version", "experimental-dump-help", "generate-completion-script",
    ]
}

/// A command `FastParser` reads: its options, a value with each property at its default, and its `validate()`s.
protocol FastParsable: ParsableArguments {
    /// Its own options, without its option groups'.
    static var ownFastOptions: [FastOption<Self>] { get }
    /// Every option it reads: its option groups' and its own.
    static var fastOptions: [FastOption<Self>] { get }
    /// Sets its option groups to their blanks (before its own options are reset).
    mutating func blankGroups()
    /// Takes the arguments after `--`; false if ArgumentParser must read them.
    mutating func takeOperands(_ operands: ArraySlice<String>) -> Bool
    /// Its `validate()` and its option groups' in the order ArgumentParser runs them: a group's when it is decoded
    /// (in the order of the properties), then the command's own.
    mutating func fastValidate() throws
}

extension FastParsable {
    static var fastOptions: [FastOption<Self>] { ownFastOptions }
    mutating func blankGroups() {}
    mutating func fastValidate() throws { try validate() }

    /// A trailing `--` is ignored by ArgumentParser, anything after it refused.
    mutating func takeOperands(_ operands: ArraySlice<String>) -> Bool { operands.isEmpty }

    /// The value ArgumentParser decodes from no arguments (before validation).
    static var blank: Self {
        var value = Self()
        value.blankGroups()
        for option in ownFastOptions { option.reset(&value) }
        return value
    }
}
