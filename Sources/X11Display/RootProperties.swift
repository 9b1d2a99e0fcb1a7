import HUDScene
internal import CX11

/// What the desktop publishes on the root window: the work area, the X resources, the XSETTINGS.
@MainActor package enum RootProperties {
    /// `_NET_WORKAREA` for the current desktop (`_NET_CURRENT_DESKTOP`, else the first).
    package static func workArea(connection c: XConnection) -> PixelRect? {
        guard let areas = Property.longs(c, window: c.root, name: "_NET_WORKAREA"), areas.count >= 4 else { return nil }
        let desktop = Property.longs(c, window: c.root, name: "_NET_CURRENT_DESKTOP")?.first.map { Int($0) } ?? 0
        let i = (desktop * 4 + 3 < areas.count ? desktop : 0) * 4
        let rect = PixelRect(x: Int(areas[i]), y: Int(areas[i + 1]),
                             width: Int(areas[i + 2]), height: Int(areas[i + 3]))
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    /// The `RESOURCE_MANAGER` text that `xrdb` sets.
    package static func resources(connection c: XConnection) -> String? {
        Property.bytes(c, window: c.root, property: UInt(XA_RESOURCE_MANAGER))
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The settings of the XSETTINGS manager of this screen, if one runs.
    package static func xsettings(connection c: XConnection) -> [String: XSettingValue] {
        let owner = XGetSelectionOwner(c.display, c.atom("_XSETTINGS_S\(c.screen)"))
        guard owner != 0, let data = Property.bytes(c, window: owner, name: "_XSETTINGS_SETTINGS") else { return [:] }
        return XSettings.parse(data)
    }
}
