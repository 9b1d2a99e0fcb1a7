import HUDScene

extension HUD {
    /// Hides the HUD (after `delay`, never before its minimum show time) and returns once the hide has finished.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) async {
        scheduleHide(animated: animated, afterDelay: delay)
        await finished()
    }

    /// Shows the success icon with `label`, then hides after `delay` seconds, as ProgressHUD's `succeed` does;
    /// returns once it has gone.
    public func succeed(_ label: String, details: String = "", delay: Double = 1.5) async {
        await conclude(.success, label, details, delay)
    }

    /// Shows the error icon with `label`, then hides after `delay` seconds (ProgressHUD's `failed`); returns once it
    /// has gone.
    public func fail(_ label: String, details: String = "", delay: Double = 1.5) async {
        await conclude(.error, label, details, delay)
    }

    private func conclude(_ icon: Icon, _ label: String, _ details: String, _ delay: Double) async {
        content.custom = .icon(icon)
        content.buttonTitle = ""
        mode = .custom
        self.label = label
        self.details = details
        if !isUp { show() }
        await hide(afterDelay: delay)
    }
}
