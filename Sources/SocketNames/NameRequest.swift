import HUDBase
public import ProgressFeed

/// One request from a process to the HUD another process shows by a name: one JSON line on the name's socket.
/// The HUD's process answers `ack` when it has read it, and `ended STATUS` to those who subscribed when the HUD
/// ends.
public struct NameRequest: Codable, Equatable, Sendable {
    /// Updates as lines of the JSON input protocol (`FeedInbox.jsonLine`), applied in place.
    public var lines: [String] = []
    /// Hide the HUD (honouring its minimum show time).
    public var hide = false
    /// Tell this connection how the HUD ends.
    public var subscribe = false
    /// From now on the HUD writes its details from the figures it is given (`--details auto`).
    public var autoDetails = false
    /// Answer with what the HUD shows (`listing JSON`, before the `ack`): `x11hud list`.
    public var describe = false
    /// To the resident: show a new HUD as `lines` describe it, bound to this connection (`ServedLink`).
    public var open = false
    /// Answer with where this process's HUDs are (`places JSON`, before the `ack`), to stack with them.
    public var places = false
    /// The asking process's HUDs came, went or changed size: stacks are to be formed again.
    public var restack = false

    public init(lines: [String] = [], hide: Bool = false, subscribe: Bool = false, autoDetails: Bool = false,
                describe: Bool = false, open: Bool = false, places: Bool = false,
                restack: Bool = false) {
        self.lines = lines
        self.hide = hide
        self.subscribe = subscribe
        self.autoDetails = autoDetails
        self.describe = describe
        self.open = open
        self.places = places
        self.restack = restack
    }

    private enum CodingKeys: String, CodingKey {
        case lines, hide, subscribe, autoDetails, describe, open, places, restack
    }

    /// Keys left out are their defaults: a request of an older x11hud still reads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lines: try c.decodeIfPresent([String].self, forKey: .lines) ?? [],
                  hide: try c.decodeIfPresent(Bool.self, forKey: .hide) ?? false,
                  subscribe: try c.decodeIfPresent(Bool.self, forKey: .subscribe) ?? false,
                  autoDetails: try c.decodeIfPresent(Bool.self, forKey: .autoDetails) ?? false,
                  describe: try c.decodeIfPresent(Bool.self, forKey: .describe) ?? false,
                  open: try c.decodeIfPresent(Bool.self, forKey: .open) ?? false,
                  places: try c.decodeIfPresent(Bool.self, forKey: .places) ?? false,
                  restack: try c.decodeIfPresent(Bool.self, forKey: .restack) ?? false)
    }

    /// The update the lines carry, read as the HUD reads its own JSON input.
    public var update: FeedInbox {
        let parser = FeedParser(scanPercentages: false)
        var input = FeedInbox()
        for line in lines {
            var bytes = Array(line.utf8)
            switch bytes.withUnsafeMutableBytes({ parser.parse(UnsafeRawBufferPointer($0)) }) {
            case .update(let u), .partial(let u, _): input.take(u)
            case .nothing, .warning: break
            }
        }
        return input
    }

    var wireLine: String {
        (JSONWriter.text(self) ?? "{}") + "\n"
    }

    init?(wireLine: [UInt8]) {
        guard let request = try? JSONReader.decode(NameRequest.self, from: wireLine) else { return nil }
        self = request
    }
}
