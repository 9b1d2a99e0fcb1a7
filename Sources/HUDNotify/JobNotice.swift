import HUDBase
public import HUDConfig
public import HUDScene

/// A job's end as one desktop notification (`--notify`), for the session's notification server whichever it is
/// (dunst, mako, `x11hud notifications`): the job's label as the summary, how it ended as the body (with the reason
/// when it failed), critical when it failed, from the application `x11hud`.
public struct JobNotice: Equatable, Sendable {
    public var summary: String
    public var body: String
    public var urgency: Urgency
    /// A freedesktop icon name for the outcome.
    public var icon: String
    public static let appName = "x11hud"

    /// - Parameters:
    ///   - label: the job's label (`--label`, else the command's name).
    ///   - outcome: how it ended.
    ///   - said: what its HUD says of that end ("Done", "Failed", `--fail-label`'s text…).
    ///   - reason: why it failed, in its own words; left out of any other end.
    public init(label: String, outcome: JobOutcome, said: String, reason: String?) {
        summary = label
        let reason = outcome == .failed ? reason.flatMap { $0.isEmpty ? nil : $0 } : nil
        // Servers read the body as markup (dunst, mako and x11hud's own do): a reason's `<` or `&` is text.
        body = Self.escaped(reason.map { "\(said): \($0)" } ?? said)
        urgency = outcome == .failed ? .critical : .normal
        switch outcome {
        case .done: icon = "dialog-information"
        case .failed: icon = "dialog-error"
        case .cancelled, .unknown: icon = "dialog-warning"
        }
    }

    /// Whether a job's end is sent: never with `never`, always with `always`; with `auto`, only when its HUD did not
    /// show it (it was hidden before, or there was no display), and not for an end a signal to x11hud itself asked
    /// for (whoever sent it knows).
    public static func isSent(_ choice: NotifyChoice, endShown: Bool, stoppedBySignal: Bool = false) -> Bool {
        switch choice {
        case .never: false
        case .always: true
        case .auto: !endShown && !stoppedBySignal
        }
    }

    /// `text` with `&`, `<` and `>` as entities.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
