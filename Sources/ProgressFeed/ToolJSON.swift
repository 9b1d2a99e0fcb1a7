import HUDBase

/// The tools whose JSON messages the parser reads (restic `--json`, borg `--log-json`, rclone `--use-json-log`),
/// each known by one key and its value: restic's `message_type`, borg's `type`, rclone's `level`. A message of
/// theirs that says nothing to the HUD (a log line, borg's `progress_message`) is passed over quietly.
enum ToolJSON {
    case restic, borg, rclone

    /// The tool that writes objects with this key and value, or nil.
    init?(key: String, value: () -> String?) {
        switch key {
        case "message_type": guard let v = value(), ResticMessage.types.contains(v) else { return nil }; self = .restic
        case "type": guard let v = value(), BorgMessage.types.contains(v) else { return nil }; self = .borg
        case "level": guard let v = value(), RcloneMessage.levels.contains(v) else { return nil }; self = .rclone
        default: return nil
        }
    }

    /// What the message says to the HUD, or nil when it says nothing (or is not as the tool writes it).
    func read(_ message: JSONValue) -> FeedUpdate? {
        switch self {
        case .restic: return (try? JSONReader.decode(ResticMessage.self, from: message))?.update
        case .borg: return (try? JSONReader.decode(BorgMessage.self, from: message))?.update
        case .rclone: return (try? JSONReader.decode(RcloneMessage.self, from: message))?.update
        }
    }
}
