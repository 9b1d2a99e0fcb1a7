import HUDBase

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

        /// The program's name alone (`x11hud`), what the shell completes.
        var command: String { program.split(separator: " ").first.map(String.init) ?? "" }

        /// The shell-safe name for the program's functions.
        var functionName: String {
            "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
    }

    /// The two questions bash's and zsh's walks ask of a word, as shell functions: `_takes_value PATH WORD` (an
    /// option of the command at PATH that takes the next word) and `_is_subcommand PATH WORD`. `arm` writes the
    /// shell's `case` pattern for the words joined by `|` (bash `a|b)`, zsh `(a|b))`).
    static func walkTests(_ tree: Tree, arm: (String) -> String) -> [String] {
        var lines: [String] = []
        for (name, words) in [("takes_value", tree.valuedWords), ("is_subcommand", tree.subcommandWords)] {
            lines += ["\(tree.functionName)_\(name)() {", "    case \"$1 $2\" in"]
            if !words.isEmpty { lines.append("    \(arm(words.map(quoted).joined(separator: "|"))) return 0 ;;") }
            lines += ["    esac", "    return 1", "}", ""]
        }
        return lines
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
}
