/// The `notify` setting (`--notify`): when a job's end is sent as a desktop notification too.
public enum NotifyChoice: String, CaseIterable, Hashable, Sendable, Codable {
    /// Only when the job's HUD is not on screen at its end (hidden by `--hide-after` or `x11hud hide`, or never
    /// shown for want of a display): then nothing else would tell it.
    case auto
    /// At every end, the HUD's too.
    case always
    /// Never.
    case never
}
