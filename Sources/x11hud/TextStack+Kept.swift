import CommandOptions
import Glibc
import HUDBase
import HUDRender

extension TextStack {
    /// The text stack's background load for a HUD of this process's own, with the renderings of earlier runs'
    /// labels kept in the user's cache directory: a label seen before is drawn before fontconfig is ready.
    /// `cairoOnly`: the rest of the stack waits for the first text (`loadInBackground`).
    static func loadForOwnHUD(cairoOnly: Bool = false) {
        let path = TextImageCache.standardPath(environment: ProcessEnvironment.variables)
        loadInBackground(keptTexts: path.map(TextImageCache.init(path:)), cairoOnly: cairoOnly)
        if path != nil { _ = waitsForKeptTextsAtExit }
    }

    /// Once per process: every `exit` (the HUD's end, Cancel, a signal's) first gives the writes of kept texts a
    /// moment, so that a HUD hidden right after its first frame still keeps its label. Bounded: a disk that does not
    /// answer delays the exit by 0.2 s at most, and the file is only not kept. `_exit` (a lost display) skips it.
    private static let waitsForKeptTextsAtExit: Void = {
        _ = atexit { TextImageCache.finishWrites(within: 0.2) }
    }()
}
