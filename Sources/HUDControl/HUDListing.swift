import HUDScene

/// What `x11hud list` prints of one HUD on the display.
public struct HUDListing: Hashable, Sendable, Codable {
    public var id: String?
    public var pid: Int32
    public var mode: String
    public var label: String
    public var monitor: String
    /// The spinner's style, while the mode is the spinner.
    public var spinner: String?
    /// The progress shown, a fraction from 0 to 1; nil while the HUD shows none (the spinner, an icon, text).
    public var progress: Double?
    /// The details label as shown: `--details auto`'s figures too.
    public var details: String
    /// How its job ended, once the HUD shows it (`done`, `failed`, `cancelled`, `unknown`), else `running`.
    public var outcome = "running"

    public init(id: String?, pid: Int32, mode: String, label: String, monitor: String, spinner: String?,
                progress: Double?, details: String, outcome: String = "running") {
        self.id = id
        self.pid = pid
        self.mode = mode
        self.label = label
        self.monitor = monitor
        self.spinner = spinner
        self.progress = progress
        self.details = details
        self.outcome = outcome
    }

    private enum CodingKeys: String, CodingKey {
        case id, pid, mode, label, monitor, spinner, progress, details, outcome
    }

    /// `progress` is always written, `null` when there is none, so that a status bar reading it need not tell a
    /// missing key from a spinner; `id` only when the HUD has one and `spinner` only while it turns, as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(pid, forKey: .pid)
        try c.encode(mode, forKey: .mode)
        try c.encode(label, forKey: .label)
        try c.encode(monitor, forKey: .monitor)
        try c.encodeIfPresent(spinner, forKey: .spinner)
        try c.encode(progress, forKey: .progress)
        try c.encode(details, forKey: .details)
        try c.encode(outcome, forKey: .outcome)
    }
}

extension HUDListing {
    /// Read back as `encode` writes it (another process's answer to `list`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decodeIfPresent(String.self, forKey: .id), pid: try c.decode(Int32.self, forKey: .pid),
                  mode: try c.decode(String.self, forKey: .mode), label: try c.decode(String.self, forKey: .label),
                  monitor: try c.decode(String.self, forKey: .monitor),
                  spinner: try c.decodeIfPresent(String.self, forKey: .spinner),
                  progress: try c.decodeIfPresent(Double.self, forKey: .progress),
                  details: try c.decode(String.self, forKey: .details),
                  outcome: try c.decodeIfPresent(String.self, forKey: .outcome) ?? "running")
    }

    /// What `controller`'s HUD shows, as `list` prints it: its text without markup, a stack's count after its
    /// summary, the value the indicator goes to (to 0.01 %, so a stream of tiny steps does not change the
    /// listing), its spinner while it turns, how its job ended.
    @MainActor public init(_ controller: HUDController, pid: Int32, monitor: String) {
        let scene = controller.scene, content = scene.content
        let shown = { (text: String) in scene.style.markup ? TextBlock.plainText(fromMarkup: text) : text }
        let count = content.stackCount > 1 ? "  ×\(content.stackCount)" : ""
        let progress = [.determinate, .annular, .bar].contains(content.mode)
            ? (content.progress * 10_000).rounded() / 10_000 : nil
        self.init(id: controller.id, pid: pid, mode: content.mode.rawValue, label: shown(content.label) + count,
                  monitor: monitor, spinner: content.mode == .indeterminate ? scene.style.spinner.rawValue : nil,
                  progress: progress, details: shown(content.details),
                  outcome: content.outcome?.rawValue ?? "running")
    }
}
