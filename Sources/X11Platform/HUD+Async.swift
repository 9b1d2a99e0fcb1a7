import HUDControl
import HUDScene

extension HUD {
    /// Hides the HUD (after `delay`, never before its minimum show time) and returns once the hide has finished.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0) async {
        await controller.hide(animated: animated, afterDelay: delay)
    }

    /// Shows the success icon with `label`, then hides after `delay` seconds, as ProgressHUD's `succeed` does;
    /// returns once it has gone.
    public func succeed(_ label: String, details: String = "", delay: Double = 1.5) async {
        await controller.conclude(.success, label, details: details, delay: delay)
    }

    /// Shows the error icon with `label`, then hides after `delay` seconds (ProgressHUD's `failed`); returns once it
    /// has gone.
    public func fail(_ label: String, details: String = "", delay: Double = 1.5) async {
        await controller.conclude(.error, label, details: details, delay: delay)
    }
}
