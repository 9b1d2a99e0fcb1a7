import HUDBus

/// The AT-SPI events x11hud emits: a signal of `org.a11y.atspi.Event.Object` (or `.Window`) from the object's
/// path, with the body every AT-SPI event has (`siiva{sv}`: kind, two details, a value, no properties).
@MainActor enum AccessibleEvent {
    /// A value carried by an event.
    enum Detail {
        case none
        case string(String)
        case double(Double)
        case reference(String, String)
    }

    /// `object:state-changed:showing` and the like: `state` turned `on` or off.
    static func stateChanged(_ node: AccessibleNode, _ state: String, _ on: Bool, bus: BusConnection) {
        emit(node, "StateChanged", kind: state, detail1: on ? 1 : 0, bus: bus)
    }

    /// `object:property-change:accessible-name` (or `-description`, `-value`).
    static func propertyChanged(_ node: AccessibleNode, _ property: String, _ value: Detail, bus: BusConnection) {
        emit(node, "PropertyChange", kind: property, any: value, bus: bus)
    }

    /// `object:children-changed:add` or `:remove` on `parent`, for `child` at `index`.
    static func childrenChanged(_ parent: AccessibleNode, added: Bool, _ child: AccessibleNode, index: Int,
                                owner: String, bus: BusConnection) {
        emit(parent, "ChildrenChanged", kind: added ? "add" : "remove", detail1: Int32(index),
             any: .reference(owner, child.path), bus: bus)
    }

    /// `window:create`: a new top-level object.
    static func windowCreated(_ node: AccessibleNode, bus: BusConnection) {
        emit(node, "Create", interface: "org.a11y.atspi.Event.Window", any: .string(node.name), bus: bus)
    }

    /// `object:announcement` (at-spi2-core 2.46's), for the screen readers that speak it.
    static func announcement(_ node: AccessibleNode, _ text: String, bus: BusConnection) {
        emit(node, "Announcement", detail1: 1, any: .string(text), bus: bus)
    }

    private static func emit(_ node: AccessibleNode, _ member: String,
                             interface: String = "org.a11y.atspi.Event.Object",
                             kind: String = "", detail1: Int32 = 0, any: Detail = .none, bus: BusConnection) {
        // An event that cannot be sent is lost as a frame would be: the screen reader asks again when it needs to.
        try? bus.emit(path: node.path, interface: interface, member: member) { m throws(BusError) in
            try m.append(kind)
            try m.append(detail1)
            try m.append(Int32(0))
            switch any {
            case .none: try m.appendContainer("v", "i") { () throws(BusError) in try m.append(Int32(0)) }
            case .string(let s): try m.appendContainer("v", "s") { () throws(BusError) in try m.append(s) }
            case .double(let d): try m.appendContainer("v", "d") { () throws(BusError) in try m.append(d) }
            case .reference(let name, let path):
                try m.appendContainer("v", "(so)") { () throws(BusError) in try m.appendReference(name, path) }
            }
            try m.appendContainer("a", "{sv}") {}
        }
    }
}
