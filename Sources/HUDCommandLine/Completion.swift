/// What a shell offers for a value. Declared on the row, so the three completion scripts cannot drift apart.
public enum Completion: Sendable, Equatable, Codable {
    case none
    /// Files with one of these extensions (without the dot) and directories to descend into; `[]`: any file.
    case file(extensions: [String])
    case directory
    /// The lines the shell command prints (`x11hud --print-monitors`), run when the user asks.
    case shellCommand(String)
    /// A fixed list; rows with choices complete them unless told otherwise.
    case values([String])
}
