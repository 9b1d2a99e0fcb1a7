import CommandOptions
import HUDBase
import HUDCommandLine
import HUDNotify

/// What dunst users bind, as x11hud's own commands: `close` (the newest, or an id), `menu --dmenu CMD` (dmenu or
/// rofi picks an action of those shown) and `rule NAME on|off|toggle`. dunstctl itself works too: the server
/// answers dunst's `org.dunstproject.cmd0`.
extension NotificationsControl {
    struct Close: Command {
        static let spec = makeSpec(
            ["x11hud", "notifications", "close"],
            abstract: "Close the newest notification shown, or the one with this id (as dismissed, reason 2).",
            discussion: """
                Prints the id closed.


                """ + NotificationsControl.statuses([(.cancelled, "no notification is shown, or none has this id")]))

        var id: UInt32?

        static let rows: [OptionRow<Close>] = []

        static let operands = Operands<Close>.positional([
            .init(name: "id", help: "The notification's id (notify-send -p prints it); none: the newest shown.",
                  choices: [], isOptional: true) { close, text throws(ValueError) in
                guard let id = UInt32(text), id > 0 else { throw .refused }
                close.id = id
            },
        ])

        mutating func validate() throws {}

        func run() throws {
            let closed = try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.close(id) }
            guard let closed else { throw ExitError(.cancelled, "no notification is shown") }
            print(closed)
        }
    }

    struct Menu: Command {
        static let spec = makeSpec(
            ["x11hud", "notifications", "menu"],
            abstract: "Pick an action or link of the notifications shown with dmenu, rofi or the like, and act on it.",
            discussion: """
                The command reads one line per action, as dunst's context menu gives them ('#LABEL (SUMMARY) \
                [ID,KEY]'), then one per link ('[TEXT] URL'), and prints the one picked. An action's sender gets \
                ActionInvoked, then NotificationClosed reason 2 (unless resident), and the id and key invoked are \
                printed; a link is opened with [notifications] browser (xdg-open) and its URL printed.


                """ + NotificationsControl.statuses([
                    (.cancelled, "no action or link is shown, or the menu was cancelled (nothing picked)"),
                    (.usage, "the dmenu command could not be run"),
                ]))

        var dmenu = DmenuPick.defaultCommand

        static let rows: [OptionRow<Menu>] = [
            .text("dmenu", valueName: "command", help: """
                The menu program, a shell command line reading lines and printing the one picked (default \
                "dmenu -p dunst:"; rofi -dmenu, fuzzel --dmenu, wofi --dmenu).
                """) { $0.dmenu = $1 ?? DmenuPick.defaultCommand },
        ]

        mutating func validate() throws {
            if dmenu.allSatisfy(\.isWhitespace) { throw UsageError("--dmenu needs a command") }
        }

        func run() throws {
            let lines = try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.menuLines() }
            guard !lines.isEmpty else {
                throw ExitError(.cancelled, "no notification shown has an action or a link")
            }
            switch DmenuPick.run(dmenu, lines: lines) {
            case .cancelled: throw ExitError(.cancelled, "the menu was cancelled: nothing picked")
            case .failed(let why): throw ExitError(.usage, why)
            case .picked(let line):
                let done = try NotificationsControl.with { c throws(NotificationsControl.Failure) in
                    try c.invokeMenuLine(line)
                }
                // A link picked: the server opened it with its browser.
                print(done.id == 0 ? done.key : "\(done.id) \(done.key)")
            }
        }
    }

    struct Rule: Command {
        enum State: String, CaseIterable {
            case on, off, toggle
        }

        static let spec = makeSpec(
            ["x11hud", "notifications", "rule"],
            abstract: "Turn a named rule of the config file on or off while the server runs.",
            discussion: """
                The rule's 'name' key names it (dunstctl rule NAME enable|disable does the same); 'enabled = \\
                false' starts it off. Prints on or off, as it is now.


                """ + NotificationsControl.statuses([(.cancelled, "no rule has this name")]),
            usage: "x11hud notifications rule <name> <on|off|toggle>")

        var name = ""
        var state: State?

        static let rows: [OptionRow<Rule>] = []

        static let operands = Operands<Rule>.positional([
            .init(name: "name", help: "The rule's name.", choices: [], isOptional: false) {
                rule, text throws(ValueError) in rule.name = text
            },
            .init(name: "on|off|toggle", help: "on applies it, off leaves it out, toggle does the other.",
                  choices: State.allCases.map(\.rawValue), isOptional: false) { rule, text throws(ValueError) in
                guard let state = State(rawValue: text) else { throw .refused }
                rule.state = state
            },
        ])

        mutating func validate() throws {}

        func run() throws {
            let on = try NotificationsControl.with { c throws(NotificationsControl.Failure) in
                try c.rule(name, (state ?? .toggle).rawValue)
            }
            print(on ? "on" : "off")
        }
    }
}
