import Glibc
public import HUDBus
public import HUDConfig
public import HUDScene
public import ProgressFeed

/// One `Notify` call, read and checked: what it asks the HUD to show and for how long.
public struct Notification: Sendable {
    /// How long it stays, from `expire_timeout`.
    public enum Expiry: Sendable, Equatable {
        /// -1: the HUD's own reading time for its text (critical: until closed).
        case automatic
        /// 0: until closed or clicked.
        case never
        case seconds(Double)
    }

    public var appName: String
    public var replacesID: UInt32
    public var appIcon: String
    public var summary: String
    public var body: String
    /// Key and label pairs, in order.
    public var actions: [(key: String, label: String)]
    public var hints: [String: BusValue]
    public var expiry: Expiry
    /// When it arrived, in seconds since 1970 (0 for one made in a program).
    public var received: Int64 = 0
    /// What the `[[notifications.rule]]`s that match it set of its look, over its urgency's; kept with it, so that
    /// `pop` shows it as it was.
    public var ruleLook = NotificationRule.Look()
    /// What the last matching rule that gives `osd` says (`NotificationRule.osd`); nil leaves it to `isOSD`'s hints.
    public var ruleOSD: Bool?

    public init(appName: String = "", replacesID: UInt32 = 0, appIcon: String = "", summary: String,
                body: String = "", actions: [(key: String, label: String)] = [], hints: [String: BusValue] = [:],
                expireTimeout: Int32 = -1) {
        self.appName = appName
        self.replacesID = replacesID
        self.appIcon = appIcon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        expiry = expireTimeout < 0 ? .automatic : expireTimeout == 0 ? .never : .seconds(Double(expireTimeout) / 1000)
    }

    /// Reads the arguments of a `Notify` call (`susssasa{sv}i`; sd-bus has checked the signature).
    public init(reading m: BusMessage) throws(BusError) {
        let appName = try m.readString()
        let replaces = try m.readUInt32()
        let icon = try m.readString()
        let summary = try m.readString()
        let body = try m.readString()
        let flat = try m.readStringArray()
        let hints = try m.readVariantDictionary()
        let timeout = try m.readInt32()
        // Actions come as key, label, key, label…; an odd one out is dropped. A few buttons is all a HUD shows.
        var actions: [(key: String, label: String)] = []
        var i = 0
        while i + 1 < flat.count, actions.count < 16 {
            actions.append((flat[i], flat[i + 1]))
            i += 2
        }
        self.init(appName: appName, replacesID: replaces, appIcon: icon, summary: summary, body: body,
                  actions: actions, hints: hints, expireTimeout: timeout)
        received = Int64(time(nil))
    }

    /// The `urgency` hint (a byte); normal without one, or with one of no level.
    public var urgency: Urgency {
        hints["urgency"]?.integer.flatMap(Urgency.init(wire:)) ?? .normal
    }

    /// The `value` hint as a fraction: an int or uint from 0 to 100 (clamped); anything else is no bar.
    public var value: Double? { value(hints: Self.valueHints) }

    /// The first of the hints `names` that is present, as a fraction (see `value`): what config.toml's
    /// `value-hints` makes a bar of.
    public func value(hints names: [String]) -> Double? {
        guard let v = names.lazy.compactMap({ self.hints[$0]?.integer }).first else { return nil }
        return Double(min(max(v, 0), 100)) / 100
    }

    /// The hint the specification (and notify-send's `-h int:value:N`) uses for a value.
    public static let valueHints = ["value"]

    /// The hints that all mean "update this one notification in place", as dunst reads them.
    public static let synchronousHints = [
        "x-canonical-private-synchronous", "x-dunst-stack-tag", "synchronous", "private-synchronous",
    ]

    /// Whether it is the centre OSD that a volume or brightness key flashes rather than a bubble of the column: as a
    /// rule says (`ruleOSD`), else when it has a synchronous tag (updated in place as a key repeats), else when it
    /// has a value (`valueHints`) in a key flash's short shape, no body and no actions ("Volume" and its level). A
    /// value with more to say (a download's "Copying files", "42 %") is a bubble with a bar, as dunst shows it.
    public func isOSD(valueHints: [String] = Notification.valueHints) -> Bool {
        if let ruleOSD { return ruleOSD }
        return synchronousTag != nil || (value(hints: valueHints) != nil && body.isEmpty && actions.isEmpty)
    }

    /// The key of the synchronous hint (its value, as a string), if one is given.
    public var synchronousTag: String? {
        for hint in Self.synchronousHints {
            guard let value = hints[hint] else { continue }
            switch value {
            case .string(let s) where !s.isEmpty: return s
            case .int(let n): return String(n)
            case .bool(true): return hint
            default: continue
            }
        }
        return nil
    }

    /// The `resident` hint: invoking an action does not close it.
    public var isResident: Bool { hints["resident"]?.bool ?? false }

    /// The `transient` hint: not kept in the history once closed.
    public var isTransient: Bool { hints["transient"]?.bool ?? false }

    /// The hints that carry raw pixels.
    static let pixelHints = ["image-data", "image_data", "icon_data"]

    /// Without the raw pixels of its hints (16 MiB for a 2048² image): what the desk keeps once it has read its
    /// picture at the size it is drawn at.
    public var withoutPixels: Notification {
        var n = self
        for key in Self.pixelHints { n.hints[key] = nil }
        return n
    }

    /// The one action a click on the bezel invokes (`default`), if any.
    public var defaultAction: String? { actions.first { $0.key == "default" }?.key }
    /// The action the HUD's button invokes: the first that is not `default`.
    public var buttonAction: (key: String, label: String)? { actions.first { $0.key != "default" } }
    /// The actions a bubble shows as buttons: all but `default`, in order.
    public var buttons: [(key: String, label: String)] { actions.filter { $0.key != "default" } }

    /// Where a picture may come from, in the specification's order of precedence: the raw pixels of `image-data`
    /// (`image_data` before version 1.2), the file or icon name of `image-path` (`image_path`), the `app_icon`
    /// argument, then the pixels of 1.0's `icon_data`. The first that can be shown is.
    public var pictures: [Picture] {
        var found: [Picture] = []
        for key in ["image-data", "image_data"] { if case .image(let i) = hints[key] { found.append(.pixels(i)) } }
        for key in ["image-path", "image_path"] {
            if let path = hints[key]?.string, !path.isEmpty { found.append(.named(path)) }
        }
        if !appIcon.isEmpty { found.append(.named(appIcon)) }
        if case .image(let i) = hints["icon_data"] { found.append(.pixels(i)) }
        return found
    }

    public enum Picture: Hashable, Sendable {
        case pixels(BusImage)
        /// A path, a `file://` URI or an icon theme name.
        case named(String)
    }

    /// The summary for the HUD's label, escaped for markup.
    public var labelMarkup: String { NotificationMarkup.escaped(summary) }
    /// The body for the HUD's details, the specification's markup made safe.
    public var detailsMarkup: String { NotificationMarkup.pango(fromBody: body) }
}

extension ImageAsset {
    /// A notification's raw pixels (`image-data`), checked field by field against the data, scaled down to fit a
    /// `fitting`-pixel square when given.
    public convenience init(_ image: BusImage, name: String = "image-data", fitting side: Int? = nil)
        throws(ImageLoadError) {
        try self.init(rows: image.data, width: Int(image.width), height: Int(image.height),
                      rowstride: Int(image.rowstride), channels: Int(image.channels),
                      bitsPerSample: Int(image.bitsPerSample), name: name, fitting: side)
    }
}

extension Notification {
    /// What the notification changes on its HUD, as any other input does: summary → label, body → details (both
    /// markup, made safe), `value` → the bar (or `valueMode`; the picture, set on the HUD as its custom view, at
    /// its left), else a picture → `.custom`, the first action that is not `default` → the button.
    public func update(valueMode: HUDMode = .bar, valueHints: [String] = Notification.valueHints,
                       hasPicture: Bool = false) -> FeedUpdate {
        var u = FeedUpdate(label: labelMarkup, details: detailsMarkup, button: buttonAction?.label ?? "")
        if let value = value(hints: valueHints) {
            u.mode = valueMode
            u.progress = value
        } else {
            u.mode = hasPicture ? .custom : .text
        }
        return u
    }
}
