import HUDBase
@_exported public import HUDControl
import HUDLoop
import HUDRender
import HUDScene
public import ProgressFeed

/// A heads-up display on a Wayland compositor: the same scene, look and life as an X11 `HUD` (its `controller`),
/// drawn into shared memory and shown as a layer-shell surface on the overlay layer. It never takes the keyboard,
/// and takes the pointer only on its button (or its bezel while `bezelAction` is set, or everywhere on its output
/// while `blocksInput`).
///
/// Make it from a `WaylandSession`, set its content and style (also while it is up), `show()`, later `hide()`;
/// `completion` runs once the hide has finished. Everything happens on the main thread.
@MainActor public final class WaylandHUD: HUDPresenter {
    public let session: WaylandSession
    public let controller: HUDController
    /// A scale that overrides the output's; nil follows the output's (`wl_output.scale`).
    public let fixedScale: Double?
    /// The output asked for by name; nil: the one the compositor picks (the focused one, in sway).
    public let outputName: String?
    var renderer: HUDRenderer
    var surface: LayerSurface?
    /// The usable area of the surface's output in surface units, once the compositor has said it.
    var area: (width: Int, height: Int)?
    var presented: WaylandFrame?
    var laidOutBezel: Rect?
    var buffers: [ShmBuffer] = []
    /// A frame was wanted while the compositor had not shown the last one: drawn when it has.
    var frameWanted = false
    /// The bezel as laid out (before a stack moves it) and the area it is in, in points, while it is on screen:
    /// what the session stacks HUDs at the same place by.
    var stackPlace: (bezel: Rect, areaHeight: Double, since: Double)?
    var pressed: HUDHit?
    var pointer: Point?
    public internal(set) var framesDrawn = 0
    /// Frames that only moved the surface (its buffer kept).
    public internal(set) var framesMoved = 0
    /// Every frame given to the compositor, drawn or moved.
    var framesCommitted: Int { framesDrawn + framesMoved }

    init(session: WaylandSession, scale: Double?, output: String?) {
        self.session = session
        fixedScale = scale
        outputName = output
        let scale = scale ?? session.defaultScale
        renderer = session.textEngines.renderer(scale: scale)
        controller = HUDController(
            clock: session.loop,
            scene: HUDScene(content: HUDContent(), style: .theme(.dark), area: Rect(x: 0, y: 0, width: 1, height: 1),
                            scale: scale))
        controller.onChange = { [unowned session] in session.setNeedsUpdate() }
        controller.onInput = { [unowned session] in session.setNeedsUpdate() }
        controller.onShow = { [unowned self] in session.register(self) }
    }

    public var isVisible: Bool { presented != nil }

    /// A compositor always blends: the dim layer can always be shown.
    public var canDim: Bool { true }

    /// Whether the output asked for by name exists (else the compositor's choice is used).
    public var outputExists: Bool { outputName.map { session.outputNames.contains($0) } ?? true }

    /// The output the HUD is really on: the one its surface entered (`wl_surface.enter`), which is the compositor's
    /// choice where none was named (sway: the focused output when it was made); before that, the named one; nil
    /// while neither is known. What its stack is formed on and `list` says.
    public var placedOutput: String? {
        if let entered = surface?.outputs.lazy.compactMap(session.connection.output).map(\.name)
            .first(where: { !$0.isEmpty }) {
            return entered
        }
        return outputName
    }

    /// Shows the HUD; its surface is made at once, so that the compositor measures its place while the first frame
    /// is drawn (a surface without a buffer shows nothing, during a grace time too).
    public func show(animated: Bool = true) {
        controller.show(animated: animated)
        _ = readySurface()
    }

    public func attach(_ source: any HUDInputSource, policy: FeedPolicy = FeedPolicy()) {
        controller.attach(source, policy: policy)
        source.start(asking: session.askForInput)
    }

    public func inputArrived() { session.setNeedsUpdate() }

    /// Hands the main thread to the main loop for good (see `WaylandSession.run()`).
    public func run() -> Never { session.run() }

    var scene: HUDScene {
        _read { yield controller.scene }
        _modify { yield &controller.scene }
    }

    /// Plays due deadlines and draws the frame if it changed. Returns when this HUD next needs a frame, if ever.
    func update(at now: Double) -> Double? {
        controller.frameInterval = session.frameInterval
        if controller.update(at: now) {
            draw(at: now)
        } else {
            takeDown()
        }
        if controller.finished || controller.isDone { return nil }
        var next = controller.nextDeadline
        if let shown = presented?.snapshot.content.progress,
           let frame = scene.nextFrameTime(after: now, shownProgress: shown) {
            next = min(next ?? frame, frame)
        }
        return next
    }

    /// The surface goes (a hidden HUD has none): the compositor forgets it, and clicks go where they would.
    func takeDown() {
        if stackPlace != nil {
            stackPlace = nil
            session.placesChanged()
        }
        surface = nil
        area = nil
        presented = nil
        session.connection.buffers.keep(buffers)
        buffers.removeAll()
        frameWanted = false
    }

    func finish() {
        takeDown()
        session.unregister(self)
        controller.finish()
    }
}
