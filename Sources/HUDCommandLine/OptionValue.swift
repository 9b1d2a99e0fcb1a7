/// How a row takes its value. Every x11hud option that takes one takes the next argument whatever it looks like
/// (ArgumentParser's `.unconditional`, getopt's way): `--label --mode` labels the HUD "--mode".
public enum OptionValue: Sendable, Equatable {
    /// `--pulsate`; `--pulsate=x` is refused.
    case flag
    /// `--mode <mode>`: the next argument, or the text after `=` (`--mode=` is the empty string).
    case value(name: String)
}

/// Where a row is seen. Kept apart from the row's help so that one table answers `--help`, `--help-hidden`, the
/// man page and the completions without each deciding for itself.
public enum Visibility: String, Sendable, Equatable, Codable {
    /// In `--help`, the man page and the completions.
    case shown
    /// Only in `--help-hidden` (ArgumentParser's `.hidden`); not completed.
    case hidden
    /// Nowhere (ArgumentParser's `.private`): still accepted.
    case secret
}
