/// What the HUD says and shows: the model values a program sets.
public struct HUDContent: Hashable, Sendable {
    public var mode: HUDMode
    /// Progress as a fraction. Out-of-range and non-finite values are clamped when set.
    public var progress: Double {
        get { storedProgress }
        set { storedProgress = Self.clampProgress(newValue) }
    }
    public var label: String
    public var details: String
    /// What a screen reader says for the HUD when it is not the label (an icon's meaning, a label written for the
    /// eye); nil: the label, as SVProgressHUD's accessibility label is its status.
    public var accessibilityLabel: String?
    /// The button's title; the button is shown only when this is not empty.
    public var buttonTitle: String
    /// The image or icon for `.custom` mode.
    public var custom: CustomIndicator?
    /// The titles of a bubble's buttons (a notification's actions), in rows under its text (`HUDStyle.bubble`).
    public var actions: [String] = []
    /// How many notifications a bubble stands for (duplicates stacked into it): above 1, `×N` at the end of its
    /// summary's line, kept whole however long the summary (`HUDStyle.bubble`).
    public var stackCount = 1
    /// How its job ended, once an icon that comes with a hide (`x11hud run`'s Done, Failed, Cancelled; a watch's
    /// end; `{"icon":"success","hide":1}`) says so; nil while it runs, and again once new progress comes.
    public var outcome: JobOutcome?

    private var storedProgress: Double = 0

    public init(
        mode: HUDMode = .indeterminate, progress: Double = 0, label: String = "", details: String = "",
        buttonTitle: String = "", custom: CustomIndicator? = nil
    ) {
        self.mode = mode
        self.label = label
        self.details = details
        self.buttonTitle = buttonTitle
        self.custom = custom
        self.progress = progress
    }

    /// Clamps into 0...1; NaN becomes 0 so that garbage never shows as progress.
    public static func clampProgress(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(max(value, 0), 1)
    }
}
