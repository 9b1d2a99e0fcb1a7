import X11Display
import X11Names
internal import CX11
import HUDControl
import HUDScene

/// What the HUD's window asks of the desktop beyond its pixels: a blur behind the bezel and blocked pointer input.
extension HUD {
    /// Maps the input blocker over the whole monitor (or the window the HUD is over) while the HUD is (being) shown
    /// with `blocksInput`, and takes it away as soon as a hide begins.
    func updateBlocker(visible: Bool) {
        guard visible, blocksInput, scene.appearance.isShown else {
            blocker?.unmap()
            return
        }
        if blocker == nil { blocker = InputBlocker(connection: connection, frame: monitor.frame, parent: targetWindow) }
        blocker?.cover(monitor.frame, below: window.id)
    }

    /// Over a window, the dim layer is a window of its own (`WindowDim`), shown with the HUD's frames while a
    /// compositor can blend it; it fades with the HUD (the HUD's own window, opaque, cannot).
    func updateDim(visible: Bool, at now: Double) {
        guard let targetWindow, !targetClosed else { return }
        let color = scene.style.backgroundColor
        guard visible, color.alpha > 0, canDim, let p = presented, window.isMapped else {
            dim?.hide()
            return
        }
        if dim == nil { dim = WindowDim(connection: connection, target: targetWindow) }
        dim?.show(color, opacity: scene.appearance.presentation(at: now).opacity, hud: window, frame: p.frame,
                  spans: p.opaque?.shape)
    }

    /// Asks the compositor to blur what is behind the bezel (`_KDE_NET_WM_BLUR_BEHIND_REGION`, honoured by KWin and
    /// by picom with blur enabled) when the style asks for it; elsewhere the property is simply ignored.
    func updateBlurRegion(_ snapshot: HUDSnapshot) {
        var region: [CLong] = []
        if snapshot.style.bezelStyle == .blur, !snapshot.opaque {
            let o = snapshot.canvasOrigin, b = snapshot.presentedBezel
            let r = Rect(x: b.minX - o.x, y: b.minY - o.y, width: b.width, height: b.height).scaled(by: snapshot.scale)
            region = [CLong(r.x), CLong(r.y), CLong(r.width), CLong(r.height)]
        }
        guard region != blurRegion else { return }
        blurRegion = region
        let name = connection.atom("_KDE_NET_WM_BLUR_BEHIND_REGION")
        if region.isEmpty {
            XDeleteProperty(connection.display, window.id, name)
        } else {
            WindowIdentity.setLongs(region, name: "_KDE_NET_WM_BLUR_BEHIND_REGION", type: "CARDINAL", on: window.id,
                                    connection: connection)
        }
    }
}

extension HUD {
    /// A pointer button on any window: the HUD's button, an action button, or its bezel when `bezelAction` is set.
    /// A button acts when released over it, as it was pressed.
    func handleButton(_ e: XButtonEvent, pressed: Bool) {
        let x = Int(e.x), y = Int(e.y)
        guard e.button == UInt32(Button1) else {
            // Middle and right only (4 and 5 are a wheel's turns), on release as a left click is.
            guard !pressed, [UInt32(Button2), UInt32(Button3)].contains(e.button), let bezelOtherClicked,
                  bezelAction != nil, e.window == window.id, presented?.hitsBezel(x: x, y: y) == true else { return }
            bezelOtherClicked(Int(e.button))
            return
        }
        if pressed {
            guard e.window == window.id else { return }
            if presented?.hitsButton(x: x, y: y) == true {
                buttonPressed = true
            } else if let action = presented?.actionButton(x: x, y: y) {
                pressedAction = action
            } else {
                return
            }
            setNeedsUpdate()
        } else if let action = pressedAction {
            pressedAction = nil
            setNeedsUpdate()
            if e.window == window.id, presented?.actionButton(x: x, y: y) == action { actionClicked?(action) }
        } else if buttonPressed {
            buttonPressed = false
            setNeedsUpdate()
            if e.window == window.id, presented?.hitsButton(x: x, y: y) == true {
                controller.buttonClicked()
            }
        } else if let bezelAction, e.window == window.id, presented?.hitsBezel(x: x, y: y) == true {
            bezelAction()
        }
    }

    /// The pointer entered the window's input region (`inside`) or left it: crossings come only where the HUD
    /// takes clicks, as its input shape says.
    func pointerCrossed(inside: Bool) { hoverChanged?(inside) }

    /// The compositor started or stopped: the next frame is drawn whole, translucent or opaque and shaped.
    func compositorChanged() { presented = nil }
}
