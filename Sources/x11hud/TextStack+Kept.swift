import FoundationEssentials
import HUDRender

extension TextStack {
    /// The text stack's background load for a HUD of this process's own, with the renderings of earlier runs'
    /// labels kept in the user's cache directory: a label seen before is drawn before fontconfig is ready.
    static func loadForOwnHUD() {
        let path = TextImageCache.standardPath(environment: ProcessInfo.processInfo.environment)
        loadInBackground(keptTexts: path.map(TextImageCache.init(path:)))
    }
}
