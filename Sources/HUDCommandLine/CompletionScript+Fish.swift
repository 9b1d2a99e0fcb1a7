/// The fish script: a `complete` line for each option and value, conditioned on the command typed.
extension CompletionScript {
    static func fish(_ tree: Tree) -> String {
        let f = tree.functionName
        let program = tree.command
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
