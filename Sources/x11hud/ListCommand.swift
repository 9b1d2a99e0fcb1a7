import CommandOptions
import HUDCommandLine
import Glibc
import HUDBase
import HUDControl
import HUDFeeds
import HUDLoop
import HUDNotify
import HUDShow

/// `x11hud list`: the HUDs up on the display, of every x11hud process.
struct ListCommand: Command {
    static let spec = makeSpec(["x11hud", "list"],
                               abstract: "List the HUDs up on the display: id, pid, mode, label, monitor.",
                               discussion: """
                                   Tab-separated, one HUD a line, oldest first (`-` for a HUD without an id); --json \
                                   for a JSON array.
                                   """)

    var json = false
    var ended = false
    var display: String?
    var backend: Backend?

    static let rows: [OptionRow<ListCommand>] = [
        .flag("json", help: """
            Print a JSON array of objects with the keys id (when named), pid, mode, label, monitor, spinner (while \
            it turns), progress (a fraction from 0 to 1, null while the HUD shows no progress), details (as \
            shown), outcome (running; done, failed or cancelled once the HUD shows how its job ended, unknown \
            when that cannot be known) and, for a notification, actions (each with its key and label).
            """) { $0.json = $1 },
        .flag("ended", help: """
            With --json: add the jobs that ended in the last 10 minutes (x11hud run's, whether or not a HUD showed \
            them), after the HUDs up: id (when named), pid, label, outcome (done, failed or cancelled), reason (when \
            it failed), ended (seconds since 1970) and status (the exit status). Works without a display.
            """) { $0.ended = $1 },
        .text("display", valueName: "name", help: "The X display (default: $DISPLAY).") { $0.display = $1 },
        Backend.row(\.backend),
    ]

    mutating func validate() throws {
        if ended, !json { throw UsageError("list: --ended needs --json") }
    }

    func run() throws {
        if let failure = MainActor.assumeIsolated({ start() }) { throw failure }
    }

    /// Asks every HUD on the display, prints them and exits.
    @MainActor private func start() -> ExitError? {
        let names: any NameService
        let ended = ended ? EndedJobs(directory: EndedJobs.userDirectory()).recent(now: EndedJobs.now) : nil
        do throws(ExitError) {
            let session = try Platform.open(backend, display: display)
            do { names = try session.names() } catch { throw ExitError(error.status, error.message) }
        } catch {
            // No display has no HUD up, but the jobs that ended are the user's: a cron job's too.
            guard let ended else { return error }
            print(Self.json([], ended: ended))
            Glibc.exit(0)
        }
        names.list { [json] huds in
            for line in json ? [Self.json(huds, ended: ended ?? [])] : huds.map(Self.line) { print(line) }
            Glibc.exit(0)
        }
        SystemLoop.main.run()
    }

    /// One tab-separated line; tabs and line breaks inside the label become spaces.
    static func line(_ h: HUDListing) -> String {
        [h.id.map(clean) ?? "-", String(h.pid), h.mode, clean(h.label), clean(h.monitor)]
            .joined(separator: "\t")
    }

    /// `s` for a tab-separated line: tabs, line breaks and other control characters become spaces.
    static func clean(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }

    @MainActor static func json(_ huds: [HUDListing], ended: [EndedJob] = []) -> String {
        let actions = notificationActions(huds)
        let links = actions == nil ? nil : notificationLinks()
        let listed = huds.map {
            Listed(hud: $0, actions: $0.id.flatMap { actions?[$0] }, links: $0.id.flatMap { links?[$0] })
        }
        return JSONWriter.text(Row.rows(listed, ended: ended)) ?? "[]"
    }

    /// A HUD as `--json` lists it: a notification's with its actions and links.
    struct Listed: Encodable {
        struct Action: Encodable {
            var key: String
            var label: String
        }

        var hud: HUDListing
        var actions: [Action]?
        var links: [NotificationLink]?

        private enum CodingKeys: String, CodingKey { case actions, links }

        func encode(to encoder: any Encoder) throws {
            try hud.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(actions, forKey: .actions)
            // With its actions: a notification's, empty when it has none.
            if actions != nil { try c.encode(links ?? [], forKey: .links) }
        }
    }

    /// The actions of each notification shown, by its HUD's name (an empty list for one without), asked of the
    /// running x11hud notification server; nil when no notification is listed or no such server answers.
    @MainActor static func notificationActions(_ huds: [HUDListing]) -> [String: [Listed.Action]]? {
        let serverPIDs = Set(huds.filter { $0.id?.hasPrefix("notification-") == true }.map(\.pid))
        guard !serverPIDs.isEmpty, let client = try? NotificationControl.Client(),
              let rows = try? client.actions() else { return nil }
        var byName: [String: [Listed.Action]] = [:]
        for hud in huds where serverPIDs.contains(hud.pid) {
            if let id = hud.id, id != "notifications-more" { byName[id] = [] }
        }
        for row in rows { byName[row.name, default: []].append(Listed.Action(key: row.key, label: row.label)) }
        return byName
    }
}
