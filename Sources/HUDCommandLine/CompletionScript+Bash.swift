/// The bash script: a completion function that walks the words typed to the command they name.
extension CompletionScript {
    static func bash(_ tree: Tree) -> String {
        let f = tree.functionName
        var lines = [
            "# bash completion for \(tree.program), written by \(tree.program) from its table of options.",
            "",
        ] + walkTests(tree) { "\($0))" }

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
}
