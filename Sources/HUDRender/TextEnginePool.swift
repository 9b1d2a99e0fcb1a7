/// One text engine per scale for the HUDs of one display session (and its thread): a text measured to decide
/// something (whether a notification has room) is then drawn by its HUD from the same shaped layout, not shaped
/// again by an engine of the HUD's own. Engines stay for the session's life: a session meets a scale or two.
public final class TextEnginePool {
    private var engines: [Double: TextEngine] = [:]

    public init() {}

    /// The engine for `scale`, made on first use.
    public func engine(scale: Double) -> TextEngine {
        if let engine = engines[scale] { return engine }
        let made = TextEngine(scale: scale)
        engines[scale] = made
        return made
    }

    /// A renderer drawing with the pool's engine for `scale`.
    public func renderer(scale: Double) -> HUDRenderer {
        HUDRenderer(text: engine(scale: scale))
    }
}
