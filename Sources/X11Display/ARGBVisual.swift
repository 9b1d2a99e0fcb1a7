import HUDScene
package import CX11

/// The visual the window is created on: 32-bit TrueColor with an alpha channel when the server has one (so a
/// compositor can blend it), else the default visual (then the HUD is always drawn opaque and shaped).
package struct WindowVisual {
    package let visual: UnsafeMutablePointer<Visual>
    package let depth: Int32
    package var hasAlpha: Bool { depth == 32 }

    @MainActor package init(connection c: XConnection) {
        var info = XVisualInfo()
        if XMatchVisualInfo(c.display, c.screen, 32, TrueColor, &info) != 0, let visual = info.visual,
           let format = XRenderFindVisualFormat(c.display, visual),
           format.pointee.type == PictTypeDirect, format.pointee.direct.alphaMask != 0 {
            self.visual = visual
            depth = 32
        } else {
            visual = XDefaultVisual(c.display, c.screen)
            depth = XDefaultDepth(c.display, c.screen)
        }
    }

    package init(visual: UnsafeMutablePointer<Visual>, depth: Int32) {
        self.visual = visual
        self.depth = depth
    }
}
