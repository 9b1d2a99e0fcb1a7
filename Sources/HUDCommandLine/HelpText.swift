/// `--help` in ArgumentParser's layout, so the text reads as it did and the golden help texts still match.
public enum HelpText {
    /// The help screen's width: ArgumentParser's when standard output is not a terminal, and the golden texts'.
    public static let width = 80
    static let indent = 2
    static let labelColumn = 26

    /// OVERVIEW (abstract and discussion), USAGE, ARGUMENTS, the rows' own sections in order of first use, OPTIONS
    /// (with `--version` when `version` and `-h, --help`), SUBCOMMANDS. Hidden rows only with `showHidden`, secret
    /// ones never. Printed with `print`, as ArgumentParser printed it.
    public static func render(_ info: CommandInfo, showHidden: Bool = false, version: Bool = true) -> String {
        var arguments: [(String, String)] = []
        var titled: [(title: String, rows: [(String, String)])] = []
        var options: [(String, String)] = []

        for positional in info.positionals {
            arguments.append(("<\(positional.name)>", describe(positional.help, positional.choices, nil)))
        }
        if let terminator = info.terminator {
            arguments.append(("<\(terminator.name)>", describe(terminator.help, terminator.choices, nil)))
        }
        for option in info.options where option.listedInHelp {
            guard option.visibility == .shown || (showHidden && option.visibility == .hidden) else { continue }
            let element = (option.label, describe(option.help, option.choices, option.defaultValue))
            if let title = option.section, !title.isEmpty {
                if let index = titled.firstIndex(where: { $0.title == title }) {
                    titled[index].rows.append(element)
                } else {
                    titled.append((title, [element]))
                }
            } else {
                options.append(element)
            }
        }
        if version { options.append(("--version", "Show the version.")) }
        options.append(("-h, --help", "Show help information."))
        let subcommands = info.subcommands.map { ($0.name, $0.abstract) }

        var sections: [(String, [(String, String)])] = [("ARGUMENTS", arguments)]
        sections += titled.map { ($0.title.uppercased(), $0.rows) }
        sections += [("OPTIONS", options), ("SUBCOMMANDS", subcommands)]
        let renderedSections = sections.filter { !$0.1.isEmpty }.map { title, elements in
            "\(title):\n" + elements.map { element($0.0, $0.1) }.joined()
        }.joined(separator: "\n")

        var abstract = info.abstract
        if !info.discussion.isEmpty {
            if !abstract.isEmpty { abstract += "\n" }
            abstract += "\n\(info.discussion)"
        }
        let renderedAbstract = abstract.isEmpty ? "" : "OVERVIEW: \(abstract)".wrapped(to: width) + "\n\n"
        let renderedUsage = info.usage.isEmpty ? "" : "USAGE: \(info.usage.hangingIndented(by: 7))\n\n"
        var seeAlso = ""
        if !subcommands.isEmpty {
            var names = info.path
            names.insert("help", at: min(1, names.count))
            seeAlso = "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
        }
        return renderedAbstract + renderedUsage + renderedSections + seeAlso
    }

    /// The help, then ArgumentParser's "(values: …)", "(default: …)" or "(values: …; default: …)".
    static func describe(_ help: String, _ choices: [String], _ defaultValue: String?) -> String {
        let values = choices.filter { !$0.isEmpty }.joined(separator: ", ")
        let defaultValue = defaultValue ?? ""
        let suffix = switch (values.isEmpty, defaultValue.isEmpty) {
        case (true, true): ""
        case (false, true): "(values: \(values))"
        case (true, false): "(default: \(defaultValue))"
        case (false, false): "(values: \(values); default: \(defaultValue))"
        }
        return [help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A label in a 2-space indent and its text from column 26, or on the next line when the label reaches it.
    static func element(_ label: String, _ abstract: String) -> String {
        let paddedLabel = String(repeating: " ", count: indent) + label
        guard !abstract.isEmpty else { return paddedLabel + "\n" }
        let wrapped = abstract.wrapped(to: width, wrappingIndent: labelColumn)
        if paddedLabel.count < labelColumn {
            return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
        }
        return paddedLabel + "\n" + wrapped + "\n"
    }
}
