import HUDControl
import HUDFeeds

extension ListCommand {
    /// One object of `list --json`'s array: a HUD up, or (with `--ended`) a job that ended.
    enum Row: Encodable {
        case hud(Listed)
        case ended(EndedJob)

        /// The HUDs, then the jobs that ended, oldest first, but those whose HUD is still listed: that HUD is
        /// showing the end.
        static func rows(_ huds: [Listed], ended: [EndedJob]) -> [Row] {
            let up = Set(huds.map(\.hud.pid))
            return huds.map(Row.hud) + ended.filter { !up.contains($0.pid) }.map(Row.ended)
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .hud(let listed): try listed.encode(to: encoder)
            case .ended(let job): try job.encode(to: encoder)
            }
        }
    }
}
