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
                      details: o["details"] as? String ?? "")
        }
    }

    /// Polls `x11hud list --json` while `running` holds, as a status bar would, and returns the progress values the
    /// HUD named `id` (or the first HUD) went through, each change once, in order, leaving out the times it showed
    /// none; and every details text seen.
    public static func progressWhile(display: String, id: String? = nil,
                                     _ running: () -> Bool) throws -> (fractions: [Double], details: [String]) {
        var fractions: [Double] = []
        var details: [String] = []
        while running() {
            let huds = try listed(display: display)
            if let hud = id == nil ? huds.first : huds.first(where: { $0.id == id }) {
                if let p = hud.progress, p != fractions.last { fractions.append(p) }
                if hud.details != details.last { details.append(hud.details) }
            }
            usleep(30_000)
        }
        return (fractions, details)
    }

    /// Whether `fractions` rise through at least `count` distinct values between 0 and 1 without going back.
    public static func rises(_ fractions: [Double], through count: Int = 3) -> Bool {
        Set(fractions).count >= count && zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 }
            && fractions.allSatisfy { (0...1).contains($0) }
    }
}
