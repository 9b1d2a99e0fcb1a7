internal import CX11

/// What the desktop publishes on the root window: the work area, the X resources, the XSETTINGS.
@MainActor enum RootProperties {
    /// `_NET_WORKAREA` for the current desktop (`_NET_CURRENT_DESKTOP`, else the first).
    static func workArea(connection c: XConnection) -> PixelRect? {
        guard let areas = cardinals(c, window: c.root, name: "_NET_WORKAREA"), areas.count >= 4 else { return nil }
        let desktop = cardinals(c, window: c.root, name: "_NET_CURRENT_DESKTOP")?.first.map { Int($0) } ?? 0
        let i = (desktop * 4 + 3 < areas.count ? desktop : 0) * 4
        let rect = PixelRect(x: Int(areas[i]), y: Int(areas[i + 1]), width: Int(areas[i + 2]), height: Int(areas[i + 3]))
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    /// The `RESOURCE_MANAGER` text that `xrdb` sets.
    static func resources(connection c: XConnection) -> String? {
        bytes(c, window: c.root, property: UInt(XA_RESOURCE_MANAGER)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The settings of the XSETTINGS manager of this screen, if one runs.
    static func xsettings(connection c: XConnection) -> [String: XSettingValue] {
        let owner = XGetSelectionOwner(c.display, c.atom("_XSETTINGS_S\(c.screen)"))
        guard owner != 0, let data = bytes(c, window: owner, property: c.atom("_XSETTINGS_SETTINGS")) else { return [:] }
        return XSettings.parse(data)
    }

    /// A format-32 property as numbers (Xlib hands them over as C longs).
    private static func cardinals(_ c: XConnection, window: UInt, name: String) -> [UInt]? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(c.display, window, c.atom(name), 0, 1024, 0, UInt(XA_CARDINAL), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32 else { return nil }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    /// A format-8 property of any type, up to 1 MiB.
    private static func bytes(_ c: XConnection, window: UInt, property: UInt) -> [UInt8]? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(c.display, window, property, 0, 1 << 18, 0, UInt(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
