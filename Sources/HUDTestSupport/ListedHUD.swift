import Foundation

/// One HUD as `x11hud list --json` reports it: what a status bar or a script reads of a running job.
public struct ListedHUD: Sendable, Equatable {
    public var id: String?
    public var mode: String
    public var label: String
    /// The fraction shown, nil when the HUD shows none.
    public var progress: Double?
    /// Whether the object has the key `progress` at all (`null` or a number).
    public var hasProgress: Bool
    public var details: String
    /// `running`, or how its job ended (`done`, `failed`, `cancelled`, `unknown`).
    public var outcome: String
}

extension CLI {
    /// The HUDs `x11hud list --json` lists on `display`, oldest first.
    public static func listed(display: String) throws -> [ListedHUD] {
        let r = try run(["list", "--json"], environment: ChildProcess.environment(display: display), timeout: 10)
        guard r.status == 0 else { throw TestFailure("x11hud list --json: status \(r.status): \(r.stderr)") }
        let objects = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        return objects.map { o in
            ListedHUD(id: o["id"] as? String, mode: o["mode"] as? String ?? "", label: o["label"] as? String ?? "",
                      progress: o["progress"] as? Double, hasProgress: o.keys.contains("progress"),
                      details: o["details"] as? String ?? "", outcome: o["outcome"] as? String ?? "")
        }
    }

    /// What a HUD went through while a job ran, as `x11hud list --json` showed it: each change once, in order.
    public struct Seen: Sendable {
        /// The progress values, leaving out the times it showed none.
        public var fractions: [Double] = []
        public var details: [String] = []
        public var labels: [String] = []
        public var outcomes: [String] = []
    }

    /// Polls `x11hud list --json` while `running` holds, as a status bar would, following the HUD named `id` (or the
    /// first HUD).
    public static func progressWhile(display: String, id: String? = nil, _ running: () -> Bool) throws -> Seen {
        var seen = Seen()
        while running() {
            let huds = try listed(display: display)
            if let hud = id == nil ? huds.first : huds.first(where: { $0.id == id }) {
                if let p = hud.progress, p != seen.fractions.last { seen.fractions.append(p) }
                if hud.details != seen.details.last { seen.details.append(hud.details) }
                if hud.label != seen.labels.last { seen.labels.append(hud.label) }
                if hud.outcome != seen.outcomes.last { seen.outcomes.append(hud.outcome) }
            }
            usleep(30_000)
        }
        return seen
    }

    /// Whether `fractions` rise through at least `count` distinct values between 0 and 1 without going back.
    public static func rises(_ fractions: [Double], through count: Int = 3) -> Bool {
        Set(fractions).count >= count && zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 }
            && fractions.allSatisfy { (0...1).contains($0) }
    }
}
