import HUDScene
import X11Platform

/// Applies what the input asked for to the live HUD, on the main queue, once per look.
@MainActor final class FeedApplier {
    private let hud: HUD
    /// A --mode (or --pulsate) from the command line is never changed by a progress value.
    private var modeIsExplicit: Bool
    private let autoClose: Bool
    /// Whether the end of the input hides the HUD (not when --hide-after already decides when).
    private let hidesAtEnd: Bool
    var feed: StdinFeed?
    private var finished = false

    init(hud: HUD, modeIsExplicit: Bool, autoClose: Bool, hidesAtEnd: Bool) {
        self.hud = hud
        self.modeIsExplicit = modeIsExplicit
        self.autoClose = autoClose
        self.hidesAtEnd = hidesAtEnd
    }

    func pickUp() {
        guard let feed, !finished else { return }
        let input = feed.take()
        if let mode = input.mode {
            hud.mode = mode
            modeIsExplicit = true
        }
        if let icon = input.icon {
            // A status icon at the end of a job ({"icon":"success","label":"Done"}) shows whatever the mode was.
            hud.content.custom = .icon(icon)
            if input.mode == nil { hud.mode = .custom }
        }
        if let spinner = input.spinner {
            // {"spinner":"pacman-progress"} shows that spinner, as {"icon":…} shows the icon.
            hud.style.spinner = spinner
            if input.mode == nil, input.icon == nil { hud.mode = .indeterminate }
        }
        if let label = input.label { hud.label = label }
        if let details = input.details { hud.details = details }
        if let progress = input.progress {
            // The first progress value turns the default spinner into the ring.
            if !modeIsExplicit, hud.mode == .indeterminate { hud.mode = .annular }
            hud.progress = progress
            if autoClose, progress >= 1 { finish() }
        }
        if let delay = input.hideAfter { hud.hide(afterDelay: delay) }
        if input.ended, hidesAtEnd { finish() }
    }

    private func finish() {
        finished = true
        hud.hide()
    }
}
