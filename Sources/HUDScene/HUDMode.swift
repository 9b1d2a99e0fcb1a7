/// What the HUD shows above its labels, after `MBProgressHUDMode`.
public enum HUDMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// An activity spinner that turns until the HUD hides.
    case indeterminate
    /// MBProgressHUD's "pie": a progress arc inside a circular outline (or a filled pie, see `DeterminateStyle`).
    case determinate
    /// A thin ring that fills clockwise from 12 o'clock.
    case annular
    /// A horizontal capsule that fills from the left.
    case bar
    /// An image file or a built-in icon.
    case custom
    /// Labels only.
    case text

    /// Reads a mode by its name or a familiar alias (`spinner`, `pie`, `ring`, `icon`, `image`).
    public init?(name: String) {
        switch name.lowercased() {
        case "indeterminate", "spinner": self = .indeterminate
        case "determinate", "pie": self = .determinate
        case "annular", "ring": self = .annular
        case "bar": self = .bar
        case "custom", "icon", "image": self = .custom
        case "text": self = .text
        default: return nil
        }
    }

    /// The mode once a progress value arrives: unless a mode was chosen, the spinner shown by default turns into the
    /// ring, as MBProgressHUD users switch it. The command line and live input both follow this rule.
    public func receivingProgress(explicitly modeIsExplicit: Bool) -> HUDMode {
        !modeIsExplicit && self == .indeterminate ? .annular : self
    }
}

/// How `HUDMode.determinate` is drawn.
public enum DeterminateStyle: String, CaseIterable, Hashable, Sendable, Codable {
    /// MBProgressHUD 1.x: a 4 pt arc hugging the inside of a 2 pt outline.
    case outline
    /// MBProgressHUD 0.9: a filled wedge inside the outline.
    case filled
}

/// The vector icons that ship with x11hud, drawn in the content colour like a template image.
public enum Icon: String, CaseIterable, Hashable, Sendable, Codable {
    case success
    case error
    case info
    case warning
    /// A plus, ProgressHUD's `added`.
    case added
}

/// How the job a HUD follows ended, once the HUD shows it: the icon it ends with (`x11hud list --json`'s
/// `outcome`; `running` until then).
public enum JobOutcome: String, Hashable, Sendable {
    case done
    case failed
    case cancelled
    /// It ended and how is not known (a watched process whose exit status cannot be read: the info icon).
    case unknown

    /// The outcome a job's ending icon says; nil for an icon no job ends with.
    public init?(endingWith icon: Icon) {
        switch icon {
        case .success: self = .done
        case .error: self = .failed
        case .warning: self = .cancelled
        case .info: self = .unknown
        case .added: return nil
        }
    }
}

/// What a `.custom` HUD shows as its indicator.
public enum CustomIndicator: Hashable, Sendable {
    case icon(Icon)
    case image(ImageAsset)
}

/// The show and hide transitions, after `MBProgressHUDAnimation`.
public enum HUDAnimation: String, CaseIterable, Hashable, Sendable, Codable {
    /// Opacity only.
    case fade
    /// Grows in from 0.5 when shown, shrinks to 0.5 when hidden.
    case zoom
    /// Shrinks in from 1.5 when shown, shrinks to 0.5 when hidden.
    case zoomOut = "zoom-out"
    /// Grows in from 0.5 when shown, grows to 1.5 when hidden.
    case zoomIn = "zoom-in"
    /// Slides down from the top of its area as it fades in, and back up (ProgressHUD's banner).
    case slide
}
