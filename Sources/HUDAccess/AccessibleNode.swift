import HUDBus

/// One object of the accessible tree x11hud exposes: the application, a HUD, its progress bar, a button. It answers
/// AT-SPI's `Accessible` interface, and `Value` and `Action` when it has a value or an action, from what it holds;
/// the bridge keeps it up to date with its HUD and says what changed.
@MainActor final class AccessibleNode {
    let path: String
    var role: AccessibleRole
    var name: String
    var description = ""
    /// Whether it is on screen (`showing` and `visible`).
    var showing = true
    /// Whether it stands for a HUD that dims and blocks the screen (`modal`).
    var modal = false
    weak var parent: AccessibleNode?
    /// The application's parent: the registry's desktop.
    var desktop: (name: String, path: String)?
    var children: [AccessibleNode] = []
    /// The `Value` interface's current value, 0 to 100, when it has one.
    var value: Double?
    /// The `Action` interface's one action ("click"), when it has one. It must not take the node down before the
    /// call's reply has gone: the bridge runs the HUD's action on the loop's next turn.
    var action: (@MainActor () -> Void)?
    private var objects: [BusObject] = []

    init(path: String, role: AccessibleRole, name: String) {
        self.path = path
        self.role = role
        self.name = name
    }

    var states: [AccessibleState] {
        var states: [AccessibleState] = [.enabled, .sensitive]
        if showing { states += [.showing, .visible] }
        if modal { states.append(.modal) }
        if action != nil { states.append(.focusable) }
        if role == .application { states.append(.active) }
        return states
    }

    var interfaces: [String] {
        var list = ["org.a11y.atspi.Accessible"]
        if role == .application { list.append("org.a11y.atspi.Application") }
        if value != nil { list.append("org.a11y.atspi.Value") }
        if action != nil { list.append("org.a11y.atspi.Action") }
        return list
    }

    var indexInParent: Int32 {
        Int32(parent?.children.firstIndex { $0 === self } ?? -1)
    }

    /// Exports its interfaces on `bus`, whose unique name is `owner`.
    func export(on bus: BusConnection, owner: String) throws(BusError) {
        typealias Handler = @MainActor (BusMessage, BusMessage) throws(BusErrorReply) -> Void
        func add(_ name: String, _ members: [BusMember], _ properties: BusProperties,
                 _ answer: @escaping @MainActor (BusMessage, BusMessage) throws -> Void) throws(BusError) {
            let handler: Handler = { call, reply throws(BusErrorReply) in
                try BusErrorReply.answering { try answer(call, reply) }
            }
            objects.append(try bus.export(path: path, interface: "org.a11y.atspi." + name, members: members,
                                          properties: properties, handler: handler))
        }
        try add("Accessible", Self.accessibleMembers, accessibleProperties(owner)) { [unowned self] call, reply in
            try answer(call, reply, owner: owner)
        }
        if role == .application {
            try add("Application", Self.applicationMembers, Self.applicationProperties()) { _, reply in
                try reply.append(Self.locale)
            }
        }
        if value != nil {
            try add("Value", Self.valueMembers, valueProperties()) { _, _ in throw BusErrorReply.unknownMethod }
        }
        if action != nil {
            try add("Action", Self.actionMembers, actionProperties()) { [unowned self] call, reply in
                try answerAction(call, reply)
            }
        }
    }

    /// Stops answering on `bus`.
    func unexport(from bus: BusConnection) {
        for object in objects { bus.unexport(object) }
        objects = []
    }

    // MARK: Accessible

    static let accessibleMembers: [BusMember] = [
        .method("GetChildAtIndex", "i", returns: "(so)"),
        .method("GetChildren", "", returns: "a(so)"),
        .method("GetIndexInParent", "", returns: "i"),
        .method("GetRelationSet", "", returns: "a(ua(so))"),
        .method("GetRole", "", returns: "u"),
        .method("GetRoleName", "", returns: "s"),
        .method("GetLocalizedRoleName", "", returns: "s"),
        .method("GetState", "", returns: "au"),
        .method("GetAttributes", "", returns: "a{ss}"),
        .method("GetApplication", "", returns: "(so)"),
        .method("GetInterfaces", "", returns: "as"),
        .property("Name", "s", writable: false),
        .property("Description", "s", writable: false),
        .property("Parent", "(so)", writable: false),
        .property("ChildCount", "i", writable: false),
        .property("Locale", "s", writable: false),
        .property("AccessibleId", "s", writable: false),
    ]

    static let locale = "C"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The path AT-SPI gives for no object.
    static let nullPath = "/org/a11y/atspi/null"

    private func answer(_ call: BusMessage, _ reply: BusMessage, owner: String) throws {
        switch call.member ?? "" {
        case "GetChildAtIndex":
            let i = Int(try call.readInt32())
            if children.indices.contains(i) {
                try reply.appendReference(owner, children[i].path)
            } else {
                try reply.appendReference("", Self.nullPath)
            }
        case "GetChildren":
            try reply.appendStructArray("so", children) { (child: AccessibleNode) throws(BusError) in
                try reply.append(owner)
                try reply.append(objectPath: child.path)
            }
        case "GetIndexInParent": try reply.append(indexInParent)
        case "GetRelationSet": try reply.appendContainer("a", "(ua(so))") {}
        case "GetRole": try reply.append(role.rawValue)
        case "GetRoleName", "GetLocalizedRoleName": try reply.append(role.name)
        case "GetState":
            try reply.appendContainer("a", "u") { () throws(BusError) in
                for word in AccessibleState.words(states) { try reply.append(word) }
            }
        case "GetAttributes":
            try reply.append(.stringMap(keys: ["toolkit"], values: ["x11hud"]))
        case "GetApplication": try reply.appendReference(owner, Self.rootPath)
        case "GetInterfaces": try reply.append(interfaces)
        default: throw BusErrorReply.unknownMethod
        }
    }

    private func accessibleProperties(_ owner: String) -> BusProperties {
        BusProperties(get: { [unowned self] property, reply throws(BusErrorReply) in
            try BusErrorReply.answering {
                switch property {
                case "Name": try reply.append(name)
                case "Description": try reply.append(description)
                case "Parent":
                    if let parent {
                        try reply.appendReference(owner, parent.path)
                    } else if let desktop {
                        try reply.appendReference(desktop.name, desktop.path)
                    } else {
                        try reply.appendReference("", Self.nullPath)
                    }
                case "ChildCount": try reply.append(Int32(children.count))
                case "Locale": try reply.append(Self.locale)
                default: try reply.append("")
                }
            }
        }, set: { _, _ throws(BusErrorReply) in throw .invalidArgs("read-only") })
    }

    // MARK: Application

    static let applicationMembers: [BusMember] = [
        .method("GetLocale", "u", returns: "s"),
        .property("ToolkitName", "s", writable: false),
        .property("Version", "s", writable: false),
        .property("AtspiVersion", "s", writable: false),
        .property("Id", "i", writable: true),
    ]

    /// The registry sets the application's `Id`; it is kept and read back.
    private static var applicationId: Int32 = 0

    private static func applicationProperties() -> BusProperties {
        BusProperties(get: { property, reply throws(BusErrorReply) in
            try BusErrorReply.answering {
                switch property {
                case "ToolkitName": try reply.append("x11hud")
                case "Version": try reply.append("1")
                case "AtspiVersion": try reply.append("2.1")
                default: try reply.append(applicationId)
                }
            }
        }, set: { property, value throws(BusErrorReply) in
            try BusErrorReply.answering { if property == "Id" { applicationId = try value.readInt32() } }
        })
    }

    // MARK: Value

    static let valueMembers: [BusMember] = [
        .property("MinimumValue", "d", writable: false),
        .property("MaximumValue", "d", writable: false),
        .property("MinimumIncrement", "d", writable: false),
        .property("CurrentValue", "d", writable: false),
        .property("Text", "s", writable: false),
    ]

    private func valueProperties() -> BusProperties {
        BusProperties(get: { [unowned self] property, reply throws(BusErrorReply) in
            try BusErrorReply.answering {
                switch property {
                case "MaximumValue": try reply.append(100.0)
                case "MinimumIncrement": try reply.append(1.0)
                case "CurrentValue": try reply.append(value ?? 0)
                case "Text": try reply.append("\(Int((value ?? 0).rounded())) %")
                default: try reply.append(0.0)
                }
            }
        }, set: { _, _ throws(BusErrorReply) in throw .invalidArgs("read-only") })
    }

    // MARK: Action

    static let actionMembers: [BusMember] = [
        .method("GetDescription", "i", returns: "s"),
        .method("GetName", "i", returns: "s"),
        .method("GetLocalizedName", "i", returns: "s"),
        .method("GetKeyBinding", "i", returns: "s"),
        .method("GetActions", "", returns: "a(sss)"),
        .method("DoAction", "i", returns: "b"),
        .property("NActions", "i", writable: false),
    ]

    private func answerAction(_ call: BusMessage, _ reply: BusMessage) throws {
        switch call.member ?? "" {
        case "GetName", "GetLocalizedName":
            _ = try call.readInt32()
            try reply.append("click")
        case "GetDescription":
            _ = try call.readInt32()
            try reply.append(name)
        case "GetKeyBinding":
            _ = try call.readInt32()
            try reply.append("")
        case "GetActions":
            try reply.appendStructArray("sss", ["click"]) { (n: String) throws(BusError) in
                try reply.append(n)
                try reply.append(name)
                try reply.append("")
            }
        case "DoAction":
            let index = try call.readInt32()
            guard index == 0, let action else { return try reply.append(false) }
            action()
            try reply.append(true)
        default: throw BusErrorReply.unknownMethod
        }
    }

    private func actionProperties() -> BusProperties {
        BusProperties(get: { property, reply throws(BusErrorReply) in
            try BusErrorReply.answering { try reply.append(Int32(1)) }
        }, set: { _, _ throws(BusErrorReply) in throw .invalidArgs("read-only") })
    }
}
