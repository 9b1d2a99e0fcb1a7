/// Completion scripts for bash, zsh and fish, written from the same tables as `--help`, for the whole tree:
/// subcommands at the first word (and below), each command's shown options, an option's values from its
/// completion (choices, files by extension, directories, a command's output), operands' choices, the command line
/// after `--`. Hidden and secret options are not offered. The default subcommand's options complete right after the
/// program's name.
///
/// Each script walks the words before the cursor the same way: a word naming a subcommand of the command reached
/// so far descends into it, an option taking a value skips the next word, `--` ends the options.
public enum CompletionScript {
    public enum Shell: String, CaseIterable, Sendable { case zsh, bash, fish }

    /// A completion script for the whole tree, for `x11hud --generate-completion-script <shell>`.
    public static func render(_ root: CommandInfo, shell: Shell, defaultSubcommand: String?) -> String {
        let tree = Tree(root, defaultSubcommand: defaultSubcommand)
        switch shell {
        case .bash: return bash(tree)
        case .zsh: return zsh(tree)
        case .fish: return fish(tree)
        }
    }

    /// The commands of the tree, each with what it offers.
    struct Tree {
        struct Node {
            /// "x11hud notifications pause".
            var path: String
            var info: CommandInfo
            /// The shown options, the default subcommand's included for the root.
            var options: [OptionInfo]
        }

        var program: String
        var nodes: [Node] = []

        init(_ root: CommandInfo, defaultSubcommand: String?) {
            program = root.path.joined(separator: " ")
            add(root, path: program, defaultSubcommand: defaultSubcommand)
        }

        private mutating func add(_ info: CommandInfo, path: String, defaultSubcommand: String?) {
            var options = info.options.filter { $0.visibility == .shown }
            if let defaultSubcommand, let fallback = info.subcommands.first(where: { $0.name == defaultSubcommand }) {
                options += fallback.options.filter { $0.visibility == .shown }
            }
            nodes.append(Node(path: path, info: info, options: options))
            for subcommand in info.subcommands {
                add(subcommand, path: "\(path) \(subcommand.name)", defaultSubcommand: nil)
            }
        }

        /// Every node's value-taking options as "path --name", for the walk's skipping.
        var valuedWords: [String] {
            nodes.flatMap { node in
                node.options.filter { $0.valueName != nil }.flatMap { $0.names.map { "\(node.path) --\($0)" } }
            }
        }

        var subcommandWords: [String] {
            nodes.flatMap { node in node.info.subcommands.map { "\(node.path) \($0.name)" } }
        }

        /// The shell-safe name for the program's functions.
        var functionName: String {
            "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
    }

    /// `text` in single quotes for bash and zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `text` in single quotes for fish, where a backslash escapes inside them.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The first sentence of a help text, on one line: what a completion menu has room for.
    static func summary(_ help: String) -> String {
        let line = help.split(whereSeparator: \.isNewline).joined(separator: " ")
        if let end = line.firstRange(of: ". ") { return String(line[..<end.lowerBound]) }
        return line.hasSuffix(".") ? String(line.dropLast()) : line
    }

    // MARK: bash

    static func bash(_ tree: Tree) -> String {
        let f = tree.functionName
        var lines = [
            "# bash completion for \(tree.program), written by \(tree.program) from its table of options.",
            "",
            "\(f)_takes_value() {",
            "    case \"$1 $2\" in",
        ]
        let valued = tree.valuedWords
        if !valued.isEmpty { lines.append("    \(valued.map(quoted).joined(separator: "|"))) return 0 ;;") }
        lines += ["    esac", "    return 1", "}", "", "\(f)_is_subcommand() {", "    case \"$1 $2\" in"]
        let subcommands = tree.subcommandWords
        if !subcommands.isEmpty { lines.append("    \(subcommands.map(quoted).joined(separator: "|"))) return 0 ;;") }
        lines += ["    esac", "    return 1", "}", ""]

        // Values of the option `$2` of the command `$1`.
        lines += ["\(f)_values() {", "    local cur=$3", "    case \"$1 $2\" in"]
        for node in tree.nodes {
            for option in node.options where option.valueName != nil {
                guard let action = bashAction(option.completion) else { continue }
                let keys = option.names.map { quoted("\(node.path) --\($0)") }.joined(separator: "|")
                lines.append("    \(keys)) \(action) ;;")
            }
        }
        lines += ["    esac", "}", ""]

        // Words for the command `$1`: its options when `$2` starts with a dash, else its subcommands and the
        // choices of its operand number `$3`.
        lines += ["\(f)_words() {", "    case \"$1\" in"]
        for node in tree.nodes {
            let options = node.options.flatMap { $0.names.map { "--\($0)" } } + ["--version", "-h", "--help"]
            var operands = node.info.subcommands.map(\.name)
            var positional: [String] = []
            for (index, operand) in node.info.positionals.enumerated() where !operand.choices.isEmpty {
                positional.append("        \(index)) words+=(\(operand.choices.map(quoted).joined(separator: " "))) ;;")
            }
            if node.info.terminator != nil { operands.append("--") }
            lines.append("    \(quoted(node.path)))")
            lines.append("        if [[ $2 == -* ]]; then words=(\(options.map(quoted).joined(separator: " ")))")
            lines.append("        else words=(\(operands.map(quoted).joined(separator: " ")))")
            if !positional.isEmpty {
                lines += ["        case $3 in"] + positional + ["        esac"]
            }
            lines += ["        fi", "        ;;"]
        }
        lines += ["    esac", "}", ""]

        lines += [
            "\(f)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev= path=\(quoted(tree.program)) word i skip=0 operand=0",
            "    local terminator=0",
            "    local -a words=()",
            "    COMPREPLY=()",
            "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        word=${COMP_WORDS[i]}",
            "        if (( terminator )); then (( terminator++ )); continue; fi",
            "        if (( skip )); then skip=0; continue; fi",
            "        case $word in",
            "        --) terminator=1 ;;",
            "        =) skip=1 ;;",
            "        -*)",
            "            if \(f)_takes_value \"$path\" \"$word\"; then",
            "                skip=1",
            "                [[ ${COMP_WORDS[i+1]} == = ]] && (( i++ ))",
            "            fi",
            "            ;;",
            "        *)",
            "            if \(f)_is_subcommand \"$path\" \"$word\"; then path=\"$path $word\"; operand=0",
            "            else (( operand++ )); fi",
            "            ;;",
            "        esac",
            "    done",
            "    if (( terminator )); then",
            "        if (( terminator == 1 )); then",
            "            mapfile -t COMPREPLY < <(compgen -c -- \"$cur\")",
            "        else",
            "            compopt -o filenames 2>/dev/null",
            "            mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
            "        fi",
            "        return 0",
            "    fi",
            "    # `--name=value` comes as three words: --name, =, value.",
            "    if [[ $cur == = ]]; then",
            "        \(f)_values \"$path\" \"$prev\" ''",
            "        return 0",
            "    fi",
            "    if [[ $prev == = ]] && (( COMP_CWORD > 1 )); then",
            "        \(f)_values \"$path\" \"${COMP_WORDS[COMP_CWORD-2]}\" \"$cur\"",
            "        return 0",
            "    fi",
            "    if (( skip )); then",
            "        \(f)_values \"$path\" \"$prev\" \"$cur\"",
            "        return 0",
            "    fi",
            "    \(f)_words \"$path\" \"$cur\" \"$operand\"",
            "    mapfile -t COMPREPLY < <(compgen -W \"${words[*]}\" -- \"$cur\")",
            "}",
            "",
            "complete -F \(f) \(tree.program.split(separator: " ").first ?? "")",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func bashAction(_ completion: Completion) -> String? {
        switch completion {
        case .none:
            return nil
        case .values(let values):
            return "mapfile -t COMPREPLY < <(compgen -W \(quoted(values.joined(separator: " "))) -- \"$cur\")"
        case .file(let extensions) where extensions.isEmpty:
            return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .file(let extensions):
            let pattern = "*.@(" + extensions.map { "\($0)|\($0.uppercased())" }.joined(separator: "|") + ")"
            return "compopt -o filenames 2>/dev/null; local f; while IFS= read -r f; do "
                + "[[ -d $f || $f == \(pattern) ]] && COMPREPLY+=(\"$f\"); done < <(compgen -f -- \"$cur\")"
        case .directory:
            return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .shellCommand(let command):
            return "local IFS=$'\\n'; mapfile -t COMPREPLY < <(compgen -W \"$(\(command) 2>/dev/null)\" -- \"$cur\")"
        }
    }

    // MARK: zsh

    static func zsh(_ tree: Tree) -> String {
        let f = tree.functionName
        let program = tree.program.split(separator: " ").first.map(String.init) ?? ""
        var lines = [
            "#compdef \(program)",
            "# zsh completion for \(tree.program), written by \(tree.program) from its table of options.",
            "",
            "\(f)_takes_value() {",
            "    case \"$1 $2\" in",
        ]
        let valued = tree.valuedWords
        if !valued.isEmpty { lines.append("    (\(valued.map(quoted).joined(separator: "|")))) return 0 ;;") }
        lines += ["    esac", "    return 1", "}", "", "\(f)_is_subcommand() {", "    case \"$1 $2\" in"]
        let subcommands = tree.subcommandWords
        if !subcommands.isEmpty { lines.append("    (\(subcommands.map(quoted).joined(separator: "|")))) return 0 ;;") }
        lines += ["    esac", "    return 1", "}", ""]

        lines += ["\(f)_values() {", "    case \"$1 $2\" in"]
        for node in tree.nodes {
            for option in node.options where option.valueName != nil {
                guard let action = zshAction(option.completion) else { continue }
                let keys = option.names.map { quoted("\(node.path) --\($0)") }.joined(separator: "|")
                lines.append("    (\(keys)) \(action) ;;")
            }
        }
        lines += ["    (*) _message 'value' ;;", "    esac", "}", ""]

        lines += ["\(f)_words() {", "    local -a entries", "    case \"$1\" in"]
        for node in tree.nodes {
            lines.append("    (\(quoted(node.path)))")
            lines.append("        if [[ $2 == -* ]]; then")
            var entries: [String] = []
            for option in node.options {
                let description = summary(option.help).replacing(":", with: "\\:")
                for name in option.names { entries.append(quoted("--\(name):\(description)")) }
            }
            entries += [quoted("--version:Show the version"), quoted("-h:Show help information"),
                        quoted("--help:Show help information")]
            lines.append("            entries=(\(entries.joined(separator: " ")))")
            lines.append("            _describe -t options option entries")
            lines.append("        else")
            let commands = node.info.subcommands.map {
                quoted("\($0.name):" + summary($0.abstract).replacing(":", with: "\\:"))
            }
            if !commands.isEmpty {
                lines.append("            entries=(\(commands.joined(separator: " ")))")
                lines.append("            _describe -t commands command entries")
            }
            let positional = node.info.positionals.enumerated().filter { !$0.element.choices.isEmpty }
            if !positional.isEmpty {
                lines.append("            case $3 in")
                for (index, operand) in positional {
                    let choices = operand.choices.map(quoted).joined(separator: " ")
                    lines.append("            (\(index)) compadd -- \(choices) ;;")
                }
                lines.append("            esac")
            }
            if node.info.terminator != nil { lines.append("            compadd -- --") }
            if commands.isEmpty, positional.isEmpty, node.info.terminator == nil { lines.append("            :") }
            lines += ["        fi", "        ;;"]
        }
        lines += ["    esac", "}", ""]

        lines += [
            "\(f)() {",
            "    local cmdpath=\(quoted(tree.program)) word cur=${words[CURRENT]} prev=${words[CURRENT-1]}",
            "    integer i skip=0 operand=0 terminator=0",
            "    for (( i = 2; i < CURRENT; i++ )); do",
            "        word=${words[i]}",
            "        if (( skip )); then skip=0; continue; fi",
            "        case $word in",
            "        (--) terminator=i; break ;;",
            "        (--*=*) ;;",
            "        (-*) \(f)_takes_value \"$cmdpath\" \"$word\" && skip=1 ;;",
            "        (*)",
            "            if \(f)_is_subcommand \"$cmdpath\" \"$word\"; then cmdpath=\"$cmdpath $word\"; operand=0",
            "            else (( operand++ )); fi",
            "            ;;",
            "        esac",
            "    done",
            "    if (( terminator )); then",
            "        words=(\"${(@)words[terminator+1,-1]}\")",
            "        (( CURRENT -= terminator ))",
            "        _normal",
            "        return",
            "    fi",
            "    if (( skip )); then",
            "        \(f)_values \"$cmdpath\" \"$prev\"",
            "        return",
            "    fi",
            "    if [[ $cur == --*=* ]]; then",
            "        local name=${cur%%=*}",
            "        compset -P '*='",
            "        \(f)_values \"$cmdpath\" \"$name\"",
            "        return",
            "    fi",
            "    \(f)_words \"$cmdpath\" \"$cur\" \"$operand\"",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    \(f) \"$@\"",
            "else",
            "    compdef \(f) \(program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshAction(_ completion: Completion) -> String? {
        switch completion {
        case .none:
            return nil
        case .values(let values):
            return "compadd -- " + values.map(quoted).joined(separator: " ")
        case .file(let extensions) where extensions.isEmpty:
            return "_files"
        case .file(let extensions):
            let pattern = "*.(" + extensions.map { "\($0)|\($0.uppercased())" }.joined(separator: "|") + ")"
            return "_files -g \(quoted(pattern))"
        case .directory:
            return "_files -/"
        case .shellCommand(let command):
            return "compadd -- ${(f)\"$(\(command) 2>/dev/null)\"}"
        }
    }

    // MARK: fish

    static func fish(_ tree: Tree) -> String {
        let f = tree.functionName
        let program = tree.program.split(separator: " ").first.map(String.init) ?? ""
        var lines = [
            "# fish completion for \(tree.program), written by \(tree.program) from its table of options.",
            "",
            "function \(f)_path",
            "    set -l cmdpath \(fishQuoted(tree.program))",
            "    set -l skip 0",
            "    for word in (commandline -opc)[2..-1]",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $word",
            "            case '--'",
            "                echo \"$cmdpath --\"",
            "                return",
            "            case '--*=*'",
            "            case '-*'",
            "                if contains -- \"$cmdpath $word\" $\(f)_valued",
            "                    set skip 1",
            "                end",
            "            case '*'",
            "                if contains -- \"$cmdpath $word\" $\(f)_subcommands",
            "                    set cmdpath \"$cmdpath $word\"",
            "                end",
            "        end",
            "    end",
            "    echo $cmdpath",
            "end",
            "",
            "function \(f)_at",
            "    contains -- (\(f)_path) $argv",
            "end",
            "",
            "set -g \(f)_valued " + tree.valuedWords.map(fishQuoted).joined(separator: " "),
            "set -g \(f)_subcommands " + tree.subcommandWords.map(fishQuoted).joined(separator: " "),
            "",
            "complete -c \(program) -f",
        ]
        for node in tree.nodes {
            let at = "-n " + fishQuoted("\(f)_at \(fishQuoted(node.path))")
            for subcommand in node.info.subcommands {
                lines.append("complete -c \(program) \(at) -a \(fishQuoted(subcommand.name)) -d "
                             + fishQuoted(summary(subcommand.abstract)))
            }
            for operand in node.info.positionals where !operand.choices.isEmpty {
                lines.append("complete -c \(program) \(at) -a \(fishQuoted(operand.choices.joined(separator: " ")))"
                             + " -d \(fishQuoted(summary(operand.help)))")
            }
            if node.info.terminator != nil {
                lines.append("complete -c \(program) \(at) -a '--'")
                let after = "-n " + fishQuoted("\(f)_at \(fishQuoted(node.path + " --"))")
                lines.append("complete -c \(program) \(after) -a '(__fish_complete_command)'")
            }
            for option in node.options {
                var line = "complete -c \(program) \(at) " + option.names.map { "-l \(fishQuoted($0))" }
                    .joined(separator: " ")
                if option.valueName != nil { line += " -r" + fishAction(option.completion) }
                lines.append(line + " -d \(fishQuoted(summary(option.help)))")
            }
            lines.append("complete -c \(program) \(at) -l version -d 'Show the version'")
            lines.append("complete -c \(program) \(at) -s h -l help -d 'Show help information'")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishAction(_ completion: Completion) -> String {
        switch completion {
        case .none:
            return ""
        case .values(let values):
            return " -a \(fishQuoted(values.joined(separator: " ")))"
        case .file(let extensions) where extensions.isEmpty:
            return " -F"
        case .file(let extensions):
            let suffixes = extensions.map { ".\($0)" }.joined(separator: " ")
            return " -a " + fishQuoted("(__fish_complete_suffix \(suffixes))")
        case .directory:
            return " -a '(__fish_complete_directories)'"
        case .shellCommand(let command):
            return " -a " + fishQuoted("(\(command) 2>/dev/null)")
        }
    }
}
