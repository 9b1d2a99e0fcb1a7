import CommandOptions
import HUDBase
import HUDCommandLine
import HUDNotify
import HUDScene

/// `x11hud notifications history|pop|pause|close-all|count|action`: questions to the running server over its
/// `org.x11hud.Notifications` interface, for scripts and key bindings. Each opens no display.
enum NotificationsControl {
    static var subcommands: [any Command.Type] { [
        History.self, Pop.self, Pause.self, Close.self, CloseAll.self, Count.self, Action.self, Menu.self,
        Rule.self,
    ] }

    /// The statuses every one of them may end with, for their `--help`.
    static func statuses(_ own: [(status: ExitStatus, words: String)] = []) -> String {
        ExitStatus.sentence([(.done, "done")] + own + [
            (.noServer, "no x11hud notification server runs (none, or another such as dunst), one line"),
            (.busUnavailable, "the session bus cannot be reached or the server did not answer"),
        ])
    }

    /// Runs `body` with a client of the running server; every failure is one line and its status.
    typealias Failure = NotificationControl.Client.Failure

    static func with<T: Sendable>(_ body: @MainActor (NotificationControl.Client) throws(Failure) -> T) throws -> T {
        let result = MainActor.assumeIsolated { () -> Result<T, Failure> in
            do throws(Failure) {
                return .success(try body(try NotificationControl.Client()))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw exitError(failure)
        }
    }

    static func exitError(_ failure: Failure) -> ExitError {
        switch failure {
        case .noServer:
            return ExitError(.noServer, "no notification server is running (start one: x11hud notifications)")
        case .notOurs(let owner, let pid):
            let who = [owner, pid.map { "pid \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return ExitError(.noServer, "the notification server running is not x11hud's"
                + (who.isEmpty ? "" : " (\(who))") + ": it does not answer \(NotificationControl.interface)")
        case .bus(let message): return ExitError(.busUnavailable, message)
        case .refused(_, let message): return ExitError(.cancelled, message)
        }
    }

    struct History: Command {
        static let spec = makeSpec(
            ["x11hud", "notifications", "history"],
            abstract: "Print the closed notifications the running server keeps, newest first.",
            discussion: """
                Tab-separated, one a line: id, application, urgency, how it closed (expired, dismissed, closed, \
                undefined), summary, body (tabs and line breaks as spaces); --json for a JSON array. Kept in \
                memory, at most [notifications] history-length (100); not those with the 'transient' hint.


                """ + NotificationsControl.statuses())

        var json = false

        static let rows: [OptionRow<History>] = [
            .flag("json", help: """
                Print a JSON array of objects with the keys id, app, summary, body, icon, urgency, closed, received \
                (seconds since 1970).
                """) { $0.json = $1 },
        ]

        mutating func validate() throws {}

        func run() throws {
            let items = try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.history() }
            if json {
                print(JSONWriter.text(items, sortedKeys: true) ?? "[]")
                return
            }
            for item in items {
                print([String(item.id), item.app, item.urgency, item.closed, item.summary, item.body]
                    .map(ListCommand.clean).joined(separator: "\t"))
            }
        }
    }

    struct Pop: Command {
        static let rows: [OptionRow<Pop>] = []

        /// nil: the newest closed.
        var id: UInt32?

        static let operands = Operands<Pop>.positional([
            .init(name: "id", help: "A closed notification's id (as history prints it); none: the newest.",
                  choices: [], isOptional: true) { pop, text throws(ValueError) in
                guard let id = UInt32(text), id > 0 else { throw .refused }
                pop.id = id
            },
        ])

        mutating func validate() throws {}

        static let spec = makeSpec(
            ["x11hud", "notifications", "pop"],
            abstract: "Show a closed notification again (taken out of the history); prints its new id.",
            discussion: NotificationsControl.statuses([(.cancelled, "the history is empty, or holds no such id")]))

        func run() throws {
            let popped = try NotificationsControl.with { c throws(NotificationsControl.Failure) in
                if let id { return try c.pop(id: id) }
                return try c.pop()
            }
            guard let new = popped else {
                throw ExitError(.cancelled, id.map { "no notification \($0) in the history" }
                    ?? "no closed notification to show again: the history is empty")
            }
            print(new)
        }
    }

    struct Pause: Command {
        enum Change: String, CaseIterable {
            case on, off, toggle, status
        }

        static let spec = makeSpec(
            ["x11hud", "notifications", "pause"],
            abstract: "Pause notifications (do not disturb), resume them, or say whether they are paused.",
            discussion: """
                Paused, the notifications shown leave the screen and wait, as new ones do (critical ones still \
                show, unless [notifications] paused-shows is "nothing"); resumed, they appear again in order, their \
                time started again. SIGUSR1 and SIGUSR2 \
                to the server pause and resume too, as in dunst. Prints 'on' or 'off', and for a pause given \
                --for, the whole seconds left after it ('on 290').


                """ + NotificationsControl.statuses(),
            usage: "x11hud notifications pause <on|off|toggle|status> [--for <duration>]")

        /// Required: the parser asks for it.
        var given: Change?
        var duration: Double?
        var change: Change { given ?? .status }

        static let rows: [OptionRow<Pause>] = [
            .option("for", valueName: "duration", help: """
                With on or toggle: resume by itself after this long: seconds, or a number with s, m or h (90, 5m, \
                1h30m).
                """, parse: Pause.duration) { $0.duration = $1 },
        ]

        static let operands = Operands<Pause>.positional([
            .init(name: "on|off|toggle|status",
                  help: "on pauses, off resumes, toggle does the other, status only prints.",
                  choices: Change.allCases.map(\.rawValue), isOptional: false) { pause, text throws(ValueError) in
                guard let change = Change(rawValue: text) else { throw .refused }
                pause.given = change
            },
        ])

        mutating func validate() throws {
            if duration != nil, change == .off || change == .status {
                throw UsageError("--for goes with on or toggle, not \(change.rawValue)")
            }
        }

        func run() throws {
            let state = try NotificationsControl.with { c throws(NotificationsControl.Failure) in
                try c.pause(change.rawValue, for: duration)
            }
            print(state.paused ? "on" + (state.left.map { " \(Int($0.rounded(.up)))" } ?? "") : "off")
        }

        /// `90`, `90s`, `5m`, `1h30m`, `1.5h` in seconds: more than 0, at most a week.
        static func duration(_ text: String) throws(ValueError) -> Double {
            let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
            var total = 0.0, number = "", parts = 0
            func refuse() -> ValueError {
                .rule("'\(text)' is not a duration: seconds, or a number with s, m or h (90, 5m, 1h30m)")
            }
            for c in text {
                if c.isNumber || c == "." {
                    number.append(c)
                } else if let unit = units[c], let n = Double(number) {
                    total += n * unit
                    number = ""
                    parts += 1
                } else {
                    throw refuse()
                }
            }
            if !number.isEmpty {
                // A bare number is seconds, alone only (1h30 is not a duration).
                guard parts == 0, let n = Double(number) else { throw refuse() }
                total = n
            } else if parts == 0 {
                throw refuse()
            }
            guard total.isFinite, total > 0, total <= NotificationControl.longestPause else {
                throw .rule("'\(text)': a pause lasts more than 0 s and at most a week (168h)")
            }
            return total
        }
    }

    struct CloseAll: Command {
        static let rows: [OptionRow<CloseAll>] = []

        mutating func validate() throws {}

        static let spec = makeSpec(
            ["x11hud", "notifications", "close-all"],
            abstract: "Close every notification shown or waiting (NotificationClosed reason 2, dismissed).",
            discussion: NotificationsControl.statuses())

        func run() throws {
            _ = try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.closeAll() }
        }
    }

    struct Count: Command {
        enum Which: String, CaseIterable {
            case shown, waiting, history
        }

        static let spec = makeSpec(
            ["x11hud", "notifications", "count"],
            abstract: "Print how many notifications are shown, waiting and in the history.",
            discussion: """
                Three lines, 'shown N', 'waiting N', 'history N'; with one of the words, its number alone.


                """ + NotificationsControl.statuses())

        var which: Which?

        static let rows: [OptionRow<Count>] = []

        static let operands = Operands<Count>.positional([
            .init(name: "shown|waiting|history", help: "Print only this number.",
                  choices: Which.allCases.map(\.rawValue), isOptional: true) { count, text throws(ValueError) in
                guard let which = Which(rawValue: text) else { throw .refused }
                count.which = which
            },
        ])

        mutating func validate() throws {}

        func run() throws {
            let c = try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.count() }
            let numbers: [(Which, Int)] = [(.shown, c.shown), (.waiting, c.waiting), (.history, c.history)]
            if let which {
                print(numbers.first { $0.0 == which }!.1)
            } else {
                for (which, n) in numbers { print("\(which.rawValue) \(n)") }
            }
        }
    }

    struct Action: Command {
        static let spec = makeSpec(
            ["x11hud", "notifications", "action"],
            abstract: "Invoke an action of an open notification, as a click on it would.",
            discussion: """
                Its sender gets ActionInvoked, then NotificationClosed reason 2 (unless the notification is \
                resident). Without a key, its 'default' action, else its first; without an id, of the newest \
                notification shown that has an action.


                """ + NotificationsControl.statuses([(.cancelled, "no such notification open, or no such action")]))

        /// 0: the newest shown with an action.
        var id: UInt32 = 0
        var key: String?

        static let rows: [OptionRow<Action>] = []

        static let operands = Operands<Action>.positional([
            .init(name: "id", help: "The notification's id (notify-send -p prints it); none: the newest shown.",
                  choices: [], isOptional: true) { action, text throws(ValueError) in
                guard let id = UInt32(text), id > 0 else { throw .refused }
                action.id = id
            },
            .init(name: "key", help: "The action's key (notify-send -A KEY=LABEL).", choices: [], isOptional: true) {
                action, text throws(ValueError) in action.key = text
            },
        ])

        mutating func validate() throws {}

        func run() throws {
            try NotificationsControl.with { c throws(NotificationsControl.Failure) in try c.invoke(id, action: key) }
        }
    }
}
