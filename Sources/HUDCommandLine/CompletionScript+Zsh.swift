import HUDBase

/// The zsh script: a #compdef function with one branch of a `case` for each command.
extension CompletionScript {
    static func zsh(_ tree: Tree) -> String {
        let f = tree.functionName
        let program = tree.command
        var lines = [
            "#compdef \(program)",
            "# zsh completion for \(tree.program), written by \(tree.program) from its table of options.",
            "",
        ] + walkTests(tree) { "(\($0)))" }

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
}
